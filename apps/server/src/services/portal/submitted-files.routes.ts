import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBodySchema,
  FileParamsSchema,
  FileZipBodySchema,
  LIMITS,
  SavedSubmittedFilesSchema,
  SaveSubmittedFilesBodySchema,
  type SubmittedFileList,
  SubmittedFileListSchema,
  SubmittedFilesQuerySchema,
  TenantParamsSchema,
} from '@portico/contracts';
import { tenantScopeOf } from '../../auth/current-user.ts';
import type { Database } from '../../db/database.ts';
import { clientFiles, serveFileDownload, serveFileZip } from '../../files/file-transfer.ts';
import { FILE_DOWNLOAD_RESPONSES, ZIP_RESPONSES } from '../../files/openapi-responses.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { SiteSettingsCache } from './site-settings-cache.ts';
import { listSubmittedFiles, saveSubmittedFiles } from './submitted-files.repository.ts';

/** Submitted Files: what clients sent the firm, saved from their uploads, listed, downloaded and zipped. */
export const submittedFilesRoutes: FastifyPluginAsyncTypebox<{
  db: Database;
  blobs: BlobStore;
  settings: SiteSettingsCache;
}> = async (app, deps) => {
  const { db, settings } = deps;

  app.post(
    '/api/files',
    {
      schema: {
        tags: ['portal'],
        summary: 'Save uploaded files as Submitted Files of a site',
        description:
          'Turns the caller’s pending uploads (reference numbers from `POST file-storage api/files`) into ' +
          'Submitted Files, in one transaction: every one or none. A reference that is not the caller’s, ' +
          'not pending or of another site answers 404 `uploads.not_found` and nothing is saved. The title ' +
          'defaults to the file name. Needs the site’s `internalFilesUpload`.',
        security: [{ bearer: [] }],
        params: TenantParamsSchema,
        body: SaveSubmittedFilesBodySchema,
        response: { 201: SavedSubmittedFilesSchema, '4xx': ErrorBodySchema, '5xx': ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const records = await saveSubmittedFiles(db, tenantScopeOf(request), request.body);
      return reply.code(201).send({ records });
    },
  );

  app.get(
    '/api/files/submitted',
    {
      schema: {
        tags: ['portal'],
        summary: "A site's submitted files, paged, sorted, searched and filtered by date",
        description:
          'A page `{ records, totalRecordCount }` of the files submitted to the site by anyone in it. A site ' +
          'the caller may not see answers 404 `sites.not_found`; a client of a site whose `portalFilesView` ' +
          'is off gets 403 `settings.forbidden`.',
        security: [{ bearer: [] }],
        params: TenantParamsSchema,
        querystring: SubmittedFilesQuerySchema,
        response: { 200: SubmittedFileListSchema, '4xx': ErrorBodySchema, '5xx': ErrorBodySchema },
      },
    },
    async (request): Promise<SubmittedFileList> => {
      const {
        siteId,
        search,
        from,
        to,
        limit = LIMITS.siteListPageSize,
        offset = 0,
        sortBy = 'createdAt',
        sortOrder = 'desc',
      } = request.query;
      return listSubmittedFiles(
        db,
        settings,
        tenantScopeOf(request),
        { siteId, search, from, to },
        { limit, offset, sortBy, sortOrder },
      );
    },
  );

  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/files/submitted/:id',
    schema: {
      tags: ['portal'],
      summary: 'Download a submitted file',
      description:
        'The bytes, streamed, as an attachment, with ETag, If-None-Match and single Range requests. A file ' +
        'the caller may not see answers 404 `files.not_found`. Needs the site’s `internalFilesDownload` ' +
        '(and `portalFilesView` for clients).',
      security: [{ bearer: [] }],
      params: FileParamsSchema,
      response: FILE_DOWNLOAD_RESPONSES,
    },
    handler: (request, reply) =>
      serveFileDownload(deps, request, reply, clientFiles(request, 'submitted'), request.params.id),
  });

  app.post(
    '/api/files/submitted/zip',
    {
      schema: {
        tags: ['portal'],
        summary: 'Download several submitted files as one zip',
        description:
          'A zip streamed while it is written, entries named after the files (made safe and unique). If any ' +
          'id is not a submitted file the caller may download, the answer is 404 `files.not_found` and no ' +
          'file is sent.',
        security: [{ bearer: [] }],
        params: TenantParamsSchema,
        body: FileZipBodySchema,
        response: ZIP_RESPONSES,
      },
    },
    (request, reply) =>
      serveFileZip(deps, reply, clientFiles(request, 'submitted'), request.body.fileIds, 'Submitted Files'),
  );
};
