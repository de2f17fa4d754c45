import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBodySchema,
  FileParamsSchema,
  FileVersionListSchema,
  FileVersionParamsSchema,
  FileVersionSchema,
} from '@portico/contracts';
import { callerOf } from '../../auth/current-user.ts';
import type { Database } from '../../db/database.ts';
import { FILE_DOWNLOAD_RESPONSES, FILE_PREVIEW_RESPONSES } from '../../http/openapi-responses.ts';
import { serveFilePreview, servePreviewNote } from '../../site-files/file-preview.ts';
import { serveFileDownload } from '../../site-files/file-transfer.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { listFileVersions, restoreVersion, versionLookup } from '../../versions/versions.usecases.ts';

export interface VersionRouteDeps {
  db: Database;
  blobs: BlobStore;
}

const WHO =
  ' For any file the caller may see, published or submitted: a file they may not see answers 404 ' +
  '`files.not_found`, a version that is not there (or still being checked for viruses) 404 `versions.not_found`.';

/** A file's versions (decision 49), under `file-management api/files/{id}/versions`. */
export const versionRoutes: FastifyPluginAsyncTypebox<VersionRouteDeps> = async (app, deps) => {
  app.get(
    '/api/files/:id/versions',
    {
      schema: {
        tags: ['file-management'],
        summary: "A file's versions",
        description:
          'Every version of the file, newest first, the current one marked `current`: number, size, SHA-256, ' +
          'when and by whom. A new version is uploaded with `fileId` in the upload (tus metadata, or a multipart ' +
          'field before the file); it becomes current once its virus scan releases it, and is listed from then.' +
          `${WHO} Needs the site’s \`internalFilesViewVersionHistory\` (and \`portalFilesView\`) for clients.`,
        security: [{ bearer: [] }],
        params: FileParamsSchema,
        response: { 200: FileVersionListSchema, '4xx': ErrorBodySchema, '5xx': ErrorBodySchema },
      },
    },
    async (request) => ({
      records: await listFileVersions(deps.db, callerOf(request), request.params.id),
    }),
  );

  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/files/:id/versions/:version',
    schema: {
      tags: ['file-management'],
      summary: 'Download one version of a file',
      description:
        'As a download of the file (ETag, If-None-Match, single Range requests, an attachment named as that ' +
        `version was), for any version, the current one included; audited as \`file.download\` with the version.${WHO} ` +
        'Needs the site’s `internalFilesViewVersionHistory` and `internalFilesDownload` (and `portalFilesView`) for ' +
        'clients.',
      security: [{ bearer: [] }],
      params: FileVersionParamsSchema,
      response: FILE_DOWNLOAD_RESPONSES,
    },
    handler: (request, reply) =>
      serveFileDownload(
        deps,
        request,
        reply,
        versionLookup(callerOf(request), request.params.version, 'download'),
        request.params.id,
      ),
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/files/:id/versions/:version/preview',
    schema: {
      tags: ['file-management'],
      summary: 'Preview one version of a file',
      description: `${servePreviewNote}, with the version.${WHO} Needs the site’s \`internalFilesViewVersionHistory\` and \`internalFilesView\` (and \`portalFilesView\`) for clients.`,
      security: [{ bearer: [] }],
      params: FileVersionParamsSchema,
      response: FILE_PREVIEW_RESPONSES,
    },
    handler: (request, reply) =>
      serveFilePreview(
        deps,
        request,
        reply,
        versionLookup(callerOf(request), request.params.version, 'preview'),
        request.params.id,
      ),
  });

  app.post(
    '/api/files/:id/versions/:version/restore',
    {
      schema: {
        tags: ['file-management'],
        summary: 'Make an old version current again (staff)',
        description:
          'Adds a copy of that version as the newest one, which becomes current: the history is never rewritten ' +
          'and the bytes are shared, not copied. Audited as `file.new_version` with `restoredFrom`. A file checked ' +
          `out by someone else answers 409 \`file.checked_out\`.${WHO} Staff of the tenant only: a client gets 403 ` +
          '(`settings.forbidden` when `internalFilesUpdate` is off for them, else `auth.staff_only`).',
        security: [{ bearer: [] }],
        params: FileVersionParamsSchema,
        response: { 201: FileVersionSchema, '4xx': ErrorBodySchema, '5xx': ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { id, version } = request.params;
      return reply.code(201).send(await restoreVersion(deps.db, callerOf(request), id, version));
    },
  );
};
