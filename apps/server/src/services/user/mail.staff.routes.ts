import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBodySchema,
  StaffMailListSchema,
  StaffMailQuerySchema,
  TenantParamsSchema,
} from '@portico/contracts';
import type { Database } from '../../db/database.ts';
import { listTenantMail } from '../../mail/mail.staff.repository.ts';
import { requireStaff, STAFF_ONLY_NOTE, staffCallerOf } from '../../sites/access.ts';

/** The Mail page of the control panel (`user/api/staff/mail`): what the firm's outbox sent, is sending or gave up. */
export const mailStaffRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.addHook('onRequest', requireStaff);

  app.get(
    '/api/staff/mail',
    {
      schema: {
        tags: ['staff: mail'],
        security: [{ bearer: [] }],
        summary: "The firm's outbox: mails sent, waiting, retrying or failed",
        description:
          'Newest first unless `sortOrder=asc`. A mail waiting for its batch window or its next attempt is ' +
          '`pending` with `nextAttemptAt`; `attempts` and `lastError` tell why it has not left yet. Filter by ' +
          `state (repeatable) and by text in the recipient or subject.${STAFF_ONLY_NOTE}`,
        params: TenantParamsSchema,
        querystring: StaffMailQuerySchema,
        response: { 200: StaffMailListSchema, '4xx': ErrorBodySchema, '5xx': ErrorBodySchema },
      },
    },
    async (request) => {
      const caller = staffCallerOf(request);
      return db.readTenant(caller.tenantCode, (tx) => listTenantMail(tx, caller, request.query));
    },
  );
};
