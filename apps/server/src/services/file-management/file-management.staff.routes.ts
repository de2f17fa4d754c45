import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBodySchema,
  IdempotencyHeadersSchema,
  PublishedFileReadsListSchema,
  PublishedFileReadsQuerySchema,
  PublishedFilesResultSchema,
  PublishFilesBodySchema,
  StaffFileParamsSchema,
  TenantParamsSchema,
} from '@portico/contracts';
import { Type } from 'typebox';
import { answerIdempotently } from '../../idempotency/idempotent-routes.ts';
import type { TicketRouteDeps } from '../../site-files/download-ticket.routes.ts';
import type { FileMailSettings } from '../../site-files/file-notifications.ts';
import { listPublishedFileReads } from '../../site-files/file-reads.ts';
import { publishFiles, unpublishFile } from '../../site-files/publish.staff.usecases.ts';
import { staffFileTransferRoutes } from '../../site-files/staff-file-transfer.routes.ts';
import { requireStaff, STAFF_ONLY_NOTE, staffCallerOf } from '../../sites/access.ts';

const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };
const doc = { tags: ['staff: publish'], security: [{ bearer: [] }] };

/** The Publish page of the control panel: publish uploaded files to a site, and take them back. */
export const fileManagementStaffRoutes: FastifyPluginAsyncTypebox<
  TicketRouteDeps & { notify: FileMailSettings }
> = async (app, deps) => {
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
      const caller = staffCallerOf(request);
      return answerIdempotently(db, caller, request, reply, 201, async (tx) => ({
        records: await publishFiles(tx, caller, request.body, deps.notify),
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
          "The clients no longer see it; it goes to the site's trash (`GET trash?siteId=`), where staff may restore " +
          'it until TRASH_RETENTION_DAYS. A file that is not a live published ' +
          `file of this firm answers 404 \`files.not_found\`.${STAFF_ONLY_NOTE}`,
        params: StaffFileParamsSchema,
        response: { 204: Type.Null({ description: 'Unpublished.' }), ...errors },
      },
    },
    async (request, reply) => {
      await unpublishFile(db, staffCallerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/staff/published-files/reads',
    {
      schema: {
        ...doc,
        summary: 'Who opened published files',
        description:
          'For each file asked for, every current member of the site with when they first and last opened it ' +
          '(downloaded it, alone or in a zip) and how often; staff downloads are not counted. Files not ' +
          'published to the site are left out; a site of another firm answers 404 `sites.not_found`.' +
          STAFF_ONLY_NOTE,
        params: TenantParamsSchema,
        querystring: PublishedFileReadsQuerySchema,
        response: { 200: PublishedFileReadsListSchema, ...errors },
      },
    },
    async (request) =>
      listPublishedFileReads(db, staffCallerOf(request), request.query.siteId, request.query.fileId),
  );

  staffFileTransferRoutes(app, deps, {
    path: '/api/staff/published-files',
    direction: 'published',
    tags: doc.tags,
    ticket: { listPath: 'api/files/published-files', zipTitle: 'Published Files' },
  });
};
