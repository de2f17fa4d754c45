import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AuditEventListSchema,
  AuditEventsCsvQuerySchema,
  AuditEventsQuerySchema,
  ErrorBodySchema,
  LIMITS,
  TenantParamsSchema,
} from '@portico/contracts';
import { Type } from 'typebox';
import {
  type AuditFilter,
  auditEventBatches,
  auditFilterSql,
  listAuditEvents,
} from '../../audit/audit.repository.ts';
import { auditCsvRow, csvHeader } from '../../audit/audit-csv.ts';
import type { Database } from '../../db/database.ts';
import { requireStaff, STAFF_ONLY_NOTE, staffCallerOf } from '../../sites/access.ts';
import { attachmentDisposition } from '../../transfers/content-disposition.ts';

const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };
const doc = { tags: ['staff: audit log'], security: [{ bearer: [] }] };

const filterOf = (q: {
  siteId?: string | undefined;
  userId?: string | undefined;
  person?: string | undefined;
  action?: string[] | undefined;
  from?: string | undefined;
  to?: string | undefined;
}): AuditFilter => ({
  siteId: q.siteId,
  userId: q.userId,
  person: q.person,
  actions: q.action,
  from: q.from,
  to: q.to,
});

/**
 * The Audit log page of the control panel, mounted under the user service (`user/api/staff/audit-events`): who
 * uploaded, saved, published, downloaded, zipped, deleted or changed what, and when.
 */
export const auditStaffRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.addHook('onRequest', requireStaff);

  app.get(
    '/api/staff/audit-events',
    {
      schema: {
        ...doc,
        summary: "The firm's audit log, filtered and paged",
        description:
          'Newest first unless `sortOrder=asc`. Filter by site, person (`userId`, or `person` text in the name ' +
          `or e-mail), action (repeatable) and date range (UTC days).${STAFF_ONLY_NOTE}`,
        params: TenantParamsSchema,
        querystring: AuditEventsQuerySchema,
        response: { 200: AuditEventListSchema, ...errors },
      },
    },
    async (request) => {
      const caller = staffCallerOf(request);
      const q = request.query;
      return db.withTenant(caller.tenantCode, (tx) =>
        listAuditEvents(tx, caller, filterOf(q), {
          limit: q.limit ?? LIMITS.siteListPageSize,
          offset: q.offset ?? 0,
          sortOrder: q.sortOrder ?? 'desc',
        }),
      );
    },
  );

  app.get(
    '/api/staff/audit-events.csv',
    {
      schema: {
        ...doc,
        summary: 'Export the audit log as CSV',
        description:
          'Every matching event, newest first, streamed (UTF-8 with BOM, RFC 4180, every cell quoted; a cell that ' +
          `a spreadsheet would read as a formula starts with an apostrophe). Same filters as the list.${STAFF_ONLY_NOTE}`,
        params: TenantParamsSchema,
        querystring: AuditEventsCsvQuerySchema,
        produces: ['text/csv'],
        response: {
          200: Type.Unsafe<unknown>({
            type: 'string',
            description: 'text/csv, one row per event after a header.',
          }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const caller = staffCallerOf(request);
      const filter = filterOf(request.query);
      // A bad filter is answered as JSON before the first CSV byte is sent.
      auditFilterSql(caller, filter);
      const batches = auditEventBatches((fn) => db.withTenant(caller.tenantCode, fn), caller, filter);
      const body = Readable.from(
        (async function* () {
          yield csvHeader();
          for await (const batch of batches) yield batch.map(auditCsvRow).join('');
        })(),
      );
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8; header=present')
        .header('content-disposition', attachmentDisposition(`audit-log ${caller.tenantCode} ${day}.csv`))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
};
