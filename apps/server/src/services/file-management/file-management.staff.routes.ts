import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBodySchema,
  IdempotencyHeadersSchema,
  PublishedFilesResultSchema,
  PublishFilesBodySchema,
  StaffFileParamsSchema,
  TenantParamsSchema,
} from '@portico/contracts';
import { Type } from 'typebox';
import { requireStaff, STAFF_ONLY_NOTE, staffScopeOf } from '../../auth/require-staff.ts';
import type { Database } from '../../db/database.ts';
import { FILE_DOWNLOAD_RESPONSES } from '../../http/openapi-responses.ts';
import { answerIdempotently } from '../../idempotency/idempotency.usecases.ts';
import { serveFileDownload, staffFiles } from '../../site-files/file-transfer.ts';
import { publishFiles, unpublishFile } from '../../site-files/publish.staff.usecases.ts';
import type { BlobStore } from '../../storage/blob-store.ts';

const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };
const doc = { tags: ['staff: publish'], security: [{ bearer: [] }] };

/** The Publish page of the control panel: publish uploaded files to a site, and take them back. */
export const fileManagementStaffRoutes: FastifyPluginAsyncTypebox<{
  db: Database;
  blobs: BlobStore;
}> = async (app, deps) => {
  const { db } = deps;
  app.addHook('onRequest', requireStaff);

  app.post(
    '/api/staff/published-files',
    {
      schema: {
        ...doc,
        summary: 'Publish uploaded files to a site',
        description:
          'Upload first with `POST file-storage api/files` (the site, then the files), then publish the reference ' +
          'numbers here: every one or none, in one transaction. A reference that is not the caller’s, not ' +
          'pending or of another site answers 404 `uploads.not_found`; an archived site 409 `sites.archived`. ' +
          'The clients see the files in Published Files, and in its count, at their next call. Safe to retry ' +
          `with an \`Idempotency-Key\`.${STAFF_ONLY_NOTE}`,
        params: TenantParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: PublishFilesBodySchema,
        response: { 201: PublishedFilesResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const scope = staffScopeOf(request);
      return answerIdempotently(db, scope, request, reply, 201, async (tx) => ({
        records: await publishFiles(tx, scope, request.body),
      }));
    },
  );

  app.delete(
    '/api/staff/published-files/:id',
    {
      schema: {
        ...doc,
        summary: 'Unpublish a file',
        description:
          'The clients no longer see it; the firm keeps it for the record. A file that is not a live published ' +
          `file of this firm answers 404 \`files.not_found\`.${STAFF_ONLY_NOTE}`,
        params: StaffFileParamsSchema,
        response: { 204: Type.Null({ description: 'Unpublished.' }), ...errors },
      },
    },
    async (request, reply) => {
      await unpublishFile(db, staffScopeOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/staff/published-files/:id/download',
    schema: {
      ...doc,
      summary: 'Download a published file',
      description:
        'As the portal’s download, but for any published file of the firm, whatever its site’s settings and ' +
        `even if the site is archived.${STAFF_ONLY_NOTE}`,
      params: StaffFileParamsSchema,
      response: FILE_DOWNLOAD_RESPONSES,
    },
    handler: (request, reply) =>
      serveFileDownload(deps, request, reply, staffFiles(request, 'published'), request.params.id),
  });
};
