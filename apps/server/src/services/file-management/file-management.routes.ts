import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBodySchema,
  FileColumnListSchema,
  FileParamsSchema,
  FileZipBodySchema,
  LIMITS,
  PUBLISHED_FILE_COLUMNS,
  PublishedFileListSchema,
  PublishedFilesQuerySchema,
  type PublishedFilesResponse,
  PublishedFilesResponseSchema,
  TenantParamsSchema,
} from '@portico/contracts';
import { tenantScopeOf } from '../../auth/current-user.ts';
import type { Database } from '../../db/database.ts';
import { clientFiles, serveFileDownload, serveFileZip } from '../../files/file-transfer.ts';
import { FILE_DOWNLOAD_RESPONSES, ZIP_RESPONSES } from '../../files/openapi-responses.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { SiteSettingsCache } from '../portal/site-settings-cache.ts';
import { countPublishedFiles, listPublishedFiles } from './published-files.repository.ts';

/** Fastify types a schema as a plain record; a TypeBox schema is one at run time. */
const PAGE_SCHEMA = PublishedFileListSchema as unknown as Record<string, unknown>;

/** The file-management service: the files the firm published to a site. */
export const fileManagementRoutes: FastifyPluginAsyncTypebox<{
  db: Database;
  blobs: BlobStore;
  settings: SiteSettingsCache;
}> = async (app, deps) => {
  const { db, settings } = deps;

  app.get(
    '/api/files/published-files',
    {
      schema: {
        tags: ['file-management'],
        summary: "A site's published files, or with `count=true` only how many there are",
        description:
          '`count=true` answers `{ count }` (the Published Files badge); otherwise a page ' +
          '`{ records, totalRecordCount }`. A site the caller may not see answers 404 `sites.not_found`; a ' +
          'client of a site whose `portalFilesView` is off gets 403 `settings.forbidden`.',
        security: [{ bearer: [] }],
        params: TenantParamsSchema,
        querystring: PublishedFilesQuerySchema,
        response: { 200: PublishedFilesResponseSchema, '4xx': ErrorBodySchema, '5xx': ErrorBodySchema },
      },
    },
    async (request, reply): Promise<PublishedFilesResponse> => {
      const scope = tenantScopeOf(request);
      const { siteId, count, search, from, to } = request.query;
      const filter = { siteId, search, from, to };
      if (count) return { count: await countPublishedFiles(db, settings, scope, filter) };
      const {
        limit = LIMITS.siteListPageSize,
        offset = 0,
        sortBy = 'createdAt',
        sortOrder = 'desc',
      } = request.query;
      const page = await listPublishedFiles(db, settings, scope, filter, {
        limit,
        offset,
        sortBy,
        sortOrder,
      });
      // The page is written by its own schema: the route's union would first validate every record (ids, dates)
      // only to pick which of its two shapes to write. (Set once the page exists, so errors keep their own.)
      reply
        .type('application/json; charset=utf-8')
        .serializer(reply.compileSerializationSchema(PAGE_SCHEMA, '200'));
      return page;
    },
  );

  app.get(
    '/api/files/published-files/columns',
    {
      schema: {
        tags: ['file-management'],
        summary: 'The columns of the Published Files table',
        description: 'Key, title, whether it can be sorted (an allowed `sortBy`) and how to show it.',
        security: [{ bearer: [] }],
        params: TenantParamsSchema,
        response: { 200: FileColumnListSchema, '4xx': ErrorBodySchema, '5xx': ErrorBodySchema },
      },
    },
    async () => ({ columns: [...PUBLISHED_FILE_COLUMNS] }),
  );

  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/files/published-files/:id',
    schema: {
      tags: ['file-management'],
      summary: 'Download a published file',
      description:
        'The bytes, streamed, as an attachment, with ETag, If-None-Match and single Range requests; the file ' +
        'is no longer `isNew` for the caller afterwards. A file the caller may not see answers 404 ' +
        '`files.not_found`. Needs the site’s `internalFilesDownload` (and `portalFilesView` for clients).',
      security: [{ bearer: [] }],
      params: FileParamsSchema,
      response: FILE_DOWNLOAD_RESPONSES,
    },
    handler: (request, reply) =>
      serveFileDownload(deps, request, reply, clientFiles(request, 'published'), request.params.id),
  });

  app.post(
    '/api/files/published-files/zip',
    {
      schema: {
        tags: ['file-management'],
        summary: 'Download several published files as one zip',
        description:
          'A zip streamed while it is written, entries named after the files (made safe and unique). If any ' +
          'id is not a published file the caller may download, the answer is 404 `files.not_found` and no ' +
          'file is sent.',
        security: [{ bearer: [] }],
        params: TenantParamsSchema,
        body: FileZipBodySchema,
        response: ZIP_RESPONSES,
      },
    },
    (request, reply) =>
      serveFileZip(deps, reply, clientFiles(request, 'published'), request.body.fileIds, 'Published Files'),
  );
};
