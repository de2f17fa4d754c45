import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBodySchema,
  FileParamsSchema,
  FileZipBodySchema,
  LIMITS,
  type PublishedFilesQuery,
  type SubmissionStatus,
  type SubmittedFilesQuery,
  TenantParamsSchema,
} from '@portico/contracts';
import type { TSchema } from 'typebox';
import { callerOf } from '../auth/current-user.ts';
import type { Database } from '../db/database.ts';
import { FILE_DOWNLOAD_RESPONSES, FILE_PREVIEW_RESPONSES, ZIP_RESPONSES } from '../http/openapi-responses.ts';
import { serializeAs } from '../http/serialize-as.ts';
import type { SiteSettingsCache } from '../sites/site-settings-cache.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { issueTicketRoute, type TicketRouteDeps, ticketDownloadRoutes } from './download-ticket.routes.ts';
import { serveFilePreview, servePreviewNote } from './file-preview.ts';
import { clientFiles, serveFileDownload, serveFileZip } from './file-transfer.ts';
import {
  countSiteFiles,
  listSiteFiles,
  type SiteFileList,
  type SiteFileRow,
} from './site-files.repository.ts';

export interface SiteFileRouteDeps extends TicketRouteDeps {
  db: Database;
  blobs: BlobStore;
  settings: SiteSettingsCache;
}

/** What one list's routes say differently: where they are, how the documentation names them, their schemas. */
export interface SiteFileRoutes<SortField extends string> {
  list: SiteFileList<SortField, SiteFileRow, unknown>;
  /** The list's URL; a file is `{path}/:id`, its preview `{path}/:id/preview`, a zip `{path}/zip`. */
  path: string;
  /** The service's OpenAPI tag. */
  tag: string;
  /** "published" or "submitted", in the documentation's sentences. */
  noun: string;
  /** The zip is named `{zipTitle} {YYYY-MM-DD}.zip`. */
  zipTitle: string;
  query: TSchema;
  /** The page `{ records, totalRecordCount }`. */
  page: TSchema;
  /** The list route's 200 when it answers more than a page (the badge's `{ count }`); else the page. */
  response?: TSchema;
  listSummary: string;
  listDescription: string;
  /** Said of a download after what every download says. */
  downloadNote?: string;
}

/** What a list route reads of its query once the route's own schema (`query`) validated it. */
type ListQuery = PublishedFilesQuery | SubmittedFilesQuery;

/**
 * A list of a site's files, one file, its preview, and a zip of several: the same routes for Published and
 * Submitted Files, so that paging, sorting, search, dates, downloads, previews and zips cannot drift between the two.
 */
export function siteFileListRoutes<SortField extends string>(
  routes: SiteFileRoutes<SortField>,
): FastifyPluginAsyncTypebox<SiteFileRouteDeps> {
  const { list, path, tag, noun } = routes;
  return async (app, deps) => {
    const { db, settings } = deps;

    app.get(
      path,
      {
        schema: {
          tags: [tag],
          summary: routes.listSummary,
          description: routes.listDescription,
          security: [{ bearer: [] }],
          params: TenantParamsSchema,
          querystring: routes.query,
          response: { 200: routes.response ?? routes.page, '4xx': ErrorBodySchema, '5xx': ErrorBodySchema },
        },
      },
      async (request, reply) => {
        const query = request.query as ListQuery;
        const caller = callerOf(request);
        const { siteId, search, from, to, folderId, includeSubfolders } = query;
        const { tagId: tagIds, categoryId, projectId, assigneeId } = query;
        // `status` is a review status of a submitted file, a key of the tenant's statuses for a published one.
        const status = 'status' in query ? query.status : undefined;
        const statuses =
          list.direction === 'submitted' ? (status as SubmissionStatus[] | undefined) : undefined;
        const fileStatuses = list.direction === 'published' ? status : undefined;
        const filter = {
          siteId,
          search,
          from,
          to,
          statuses,
          fileStatuses,
          folderId,
          includeSubfolders,
          tagIds,
          categoryId,
          projectId,
          assigneeId,
        };
        if ('count' in query && query.count)
          return { count: await countSiteFiles(db, settings, caller, list, filter) };
        const page = await listSiteFiles(db, settings, caller, list, filter, {
          limit: query.limit ?? LIMITS.siteListPageSize,
          offset: query.offset ?? 0,
          sortBy: (query.sortBy ?? 'createdAt') as SortField,
          sortOrder: query.sortOrder ?? 'desc',
        });
        serializeAs(reply, routes.page);
        return page;
      },
    );

    app.route({
      method: ['GET', 'HEAD'],
      url: `${path}/:id`,
      schema: {
        tags: [tag],
        summary: `Download a ${noun} file`,
        description:
          'The bytes, streamed, as an attachment, with ETag, If-None-Match and single Range requests' +
          `${routes.downloadNote ?? ''}. A file the caller may not see answers 404 \`files.not_found\`. Needs the ` +
          'site’s `internalFilesDownload` (and `portalFilesView` for clients).',
        security: [{ bearer: [] }],
        params: FileParamsSchema,
        response: FILE_DOWNLOAD_RESPONSES,
      },
      handler: (request, reply) =>
        serveFileDownload(deps, request, reply, clientFiles(request, list.direction), request.params.id),
    });

    app.route({
      method: ['GET', 'HEAD'],
      url: `${path}/:id/preview`,
      schema: {
        tags: [tag],
        summary: `Preview a ${noun} file`,
        description: `${servePreviewNote}${routes.downloadNote ?? ''}. Needs the site’s \`internalFilesView\` (and \`portalFilesView\`) for clients.`,
        security: [{ bearer: [] }],
        params: FileParamsSchema,
        response: FILE_PREVIEW_RESPONSES,
      },
      handler: (request, reply) =>
        serveFilePreview(
          deps,
          request,
          reply,
          clientFiles(request, list.direction, 'preview'),
          request.params.id,
        ),
    });

    app.post(
      `${path}/zip`,
      {
        schema: {
          tags: [tag],
          summary: `Download several ${noun} files as one zip`,
          description:
            'A zip streamed while it is written, entries named after the files (made safe and unique). If any ' +
            `id is not a ${noun} file the caller may download, the answer is 404 \`files.not_found\` and no ` +
            'file is sent.',
          security: [{ bearer: [] }],
          params: TenantParamsSchema,
          body: FileZipBodySchema,
          response: ZIP_RESPONSES,
        },
      },
      (request, reply) =>
        serveFileZip(
          deps,
          reply,
          clientFiles(request, list.direction),
          request.body.fileIds,
          routes.zipTitle,
        ),
    );

    issueTicketRoute(app, deps, {
      url: `${path}/download-tickets`,
      target: { direction: list.direction, listPath: path.slice(1), zipTitle: routes.zipTitle, staff: false },
      lookupOf: (request) => clientFiles(request, list.direction),
      doc: {
        tags: [tag],
        description:
          `For the browser’s own download manager: one ${noun} file, or several as one zip of stored entries ` +
          '(`zip: true`). The files are checked as the download and zip routes check them.',
      },
    });
    ticketDownloadRoutes(app, deps, { path, direction: list.direction, tag });
  };
}
