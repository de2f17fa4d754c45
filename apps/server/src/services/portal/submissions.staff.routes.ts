import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBodySchema,
  FileZipBodySchema,
  IdempotencyHeadersSchema,
  LIMITS,
  SetSubmissionStatusBodySchema,
  StaffFileParamsSchema,
  StaffSubmissionListSchema,
  StaffSubmissionSchema,
  StaffSubmissionsQuerySchema,
  TenantParamsSchema,
} from '@portico/contracts';
import { ZIP_RESPONSES } from '../../http/openapi-responses.ts';
import { answerIdempotently } from '../../idempotency/idempotent-routes.ts';
import type { TicketRouteDeps } from '../../site-files/download-ticket.routes.ts';
import { serveFileZip, staffFiles } from '../../site-files/file-transfer.ts';
import { staffFileTransferRoutes } from '../../site-files/staff-file-transfer.routes.ts';
import { findSubmission, listStaffSubmissions } from '../../site-files/submissions.staff.repository.ts';
import { setSubmissionStatus } from '../../site-files/submissions.staff.usecases.ts';
import { STAFF_ONLY_NOTE, staffCallerOf } from '../../sites/access.ts';

const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };
const doc = { tags: ['staff: submissions'], security: [{ bearer: [] }] };

/** The Submissions page of the control panel: what clients sent, across the firm's sites. */
export const submissionsStaffRoutes: FastifyPluginAsyncTypebox<TicketRouteDeps> = async (app, deps) => {
  const { db } = deps;

  app.get(
    '/api/staff/submissions',
    {
      schema: {
        ...doc,
        summary: 'Submitted files across the firm’s sites, filtered, sorted and paged',
        description:
          'Filter by site, status (repeatable), date range (UTC days) and search text; archived sites ' +
          `included.${STAFF_ONLY_NOTE}`,
        params: TenantParamsSchema,
        querystring: StaffSubmissionsQuerySchema,
        response: { 200: StaffSubmissionListSchema, ...errors },
      },
    },
    async (request) => {
      const caller = staffCallerOf(request);
      const q = request.query;
      return db.withTenant(caller.tenantCode, (tx) =>
        listStaffSubmissions(
          tx,
          caller,
          {
            siteId: q.siteId,
            statuses: q.status,
            search: q.search,
            from: q.from,
            to: q.to,
            folderId: q.folderId,
            includeSubfolders: q.includeSubfolders,
            tagIds: q.tagId,
            categoryId: q.categoryId,
            projectId: q.projectId,
            assigneeId: q.assigneeId,
          },
          {
            limit: q.limit ?? LIMITS.siteListPageSize,
            offset: q.offset ?? 0,
            sortBy: q.sortBy ?? 'createdAt',
            sortOrder: q.sortOrder ?? 'desc',
          },
        ),
      );
    },
  );

  app.get(
    '/api/staff/submissions/:id',
    {
      schema: {
        ...doc,
        summary: 'One submitted file',
        description: `A file that is not a live submitted file of this firm answers 404 \`files.not_found\`.${STAFF_ONLY_NOTE}`,
        params: StaffFileParamsSchema,
        response: { 200: StaffSubmissionSchema, ...errors },
      },
    },
    async (request) => {
      const caller = staffCallerOf(request);
      return db.withTenant(caller.tenantCode, (tx) => findSubmission(tx, caller, request.params.id));
    },
  );

  app.put(
    '/api/staff/submissions/:id/status',
    {
      schema: {
        ...doc,
        summary: 'Set the status of a submitted file',
        description:
          'received, in_review, accepted or rejected; the client sees it, with the note, on Submitted Files. ' +
          '`rejected` without a note answers 400 `submissions.note_required`. Safe to retry with an ' +
          `\`Idempotency-Key\`.${STAFF_ONLY_NOTE}`,
        params: StaffFileParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: SetSubmissionStatusBodySchema,
        response: { 200: StaffSubmissionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = staffCallerOf(request);
      return answerIdempotently(db, caller, request, reply, 200, (tx) =>
        setSubmissionStatus(tx, caller, request.params.id, request.body),
      );
    },
  );

  app.post(
    '/api/staff/submissions/zip',
    {
      schema: {
        ...doc,
        summary: 'Download several submitted files as one zip',
        description:
          'Streamed while it is written; files of several sites may go in one zip. An id that is not a live ' +
          `submitted file of this firm answers 404 \`files.not_found\` and nothing is sent.${STAFF_ONLY_NOTE}`,
        params: TenantParamsSchema,
        body: FileZipBodySchema,
        response: ZIP_RESPONSES,
      },
    },
    (request, reply) =>
      serveFileZip(deps, reply, staffFiles(request, 'submitted'), request.body.fileIds, 'Submissions'),
  );

  staffFileTransferRoutes(app, deps, {
    path: '/api/staff/submissions',
    direction: 'submitted',
    tags: doc.tags,
    ticket: { listPath: 'api/files/submitted', zipTitle: 'Submissions' },
  });
};
