import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApplyRequestTemplateBodySchema,
  CreatedRequestsSchema,
  CreateRequestBodySchema,
  DocumentRequestSchema,
  ErrorBodySchema,
  IdempotencyHeadersSchema,
  LIMITS,
  ReminderSettingsSchema,
  RequestItemParamsSchema,
  RequestParamsSchema,
  RequestTemplateListSchema,
  RequestTemplateParamsSchema,
  RequestTemplateSchema,
  ReviewItemBodySchema,
  SaveRequestTemplateBodySchema,
  SentReminderSchema,
  StaffRequestListSchema,
  StaffRequestsQuerySchema,
  TenantParamsSchema,
} from '@portico/contracts';
import { Type } from 'typebox';
import type { Database } from '../../db/database.ts';
import { answerIdempotently } from '../../idempotency/idempotent-routes.ts';
import { readReminderSettings, saveReminderSettings } from '../../requests/reminder-settings.ts';
import { readRequest } from '../../requests/request-items.ts';
import { sendReminderNow } from '../../requests/request-reminders.ts';
import {
  applyTemplate,
  deleteTemplate,
  listTemplates,
  saveTemplate,
} from '../../requests/request-templates.ts';
import { listStaffRequests } from '../../requests/requests.repository.ts';
import { cancelRequest, createRequests, reviewItem } from '../../requests/requests.staff.usecases.ts';
import type { FileMailSettings } from '../../site-files/file-notifications.ts';
import { STAFF_ONLY_NOTE, staffCallerOf } from '../../sites/access.ts';

const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };
const doc = { tags: ['staff: requests'], security: [{ bearer: [] }] };
const NOT_FOUND =
  ' A request of another firm answers 404 `requests.not_found`; those of archived sites stay reachable.';

/** The Requests page of the control panel: ask clients for documents, review what comes, remind them. */
export const requestsStaffRoutes: FastifyPluginAsyncTypebox<{
  db: Database;
  notify: FileMailSettings;
}> = async (app, { db, notify }) => {
  app.get(
    '/api/staff/requests',
    {
      schema: {
        ...doc,
        summary: 'Document requests across the firm’s sites, earliest due (overdue) first, with progress',
        description: `Filter by site, status (\`open\` unless given), due dates and search text.${STAFF_ONLY_NOTE}`,
        params: TenantParamsSchema,
        querystring: StaffRequestsQuerySchema,
        response: { 200: StaffRequestListSchema, ...errors },
      },
    },
    async (request) => {
      const caller = staffCallerOf(request);
      const q = request.query;
      return db.readTenant(caller.tenantCode, (tx) =>
        listStaffRequests(
          tx,
          caller,
          {
            siteId: q.siteId,
            status: q.status ?? 'open',
            dueAfter: q.dueAfter,
            dueBefore: q.dueBefore,
            search: q.search,
          },
          { limit: q.limit ?? LIMITS.siteListPageSize, offset: q.offset ?? 0 },
        ),
      );
    },
  );

  app.post(
    '/api/staff/requests',
    {
      schema: {
        ...doc,
        summary: 'Ask one or more sites for documents',
        description:
          'One request per site, all or none. A site that is not a live site of this firm answers 404 ' +
          `\`sites.not_found\`; two items of the same name 400 \`request.invalid\`.${STAFF_ONLY_NOTE}`,
        params: TenantParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: CreateRequestBodySchema,
        response: { 201: CreatedRequestsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = staffCallerOf(request);
      return answerIdempotently(db, caller, request, reply, 201, async (tx) => ({
        records: await createRequests(tx, caller, request.body, notify),
      }));
    },
  );

  app.get(
    '/api/staff/requests/:requestId',
    {
      schema: {
        ...doc,
        summary: 'One request with its items and the files sent against each',
        description: `${NOT_FOUND}${STAFF_ONLY_NOTE}`,
        params: RequestParamsSchema,
        response: { 200: DocumentRequestSchema, ...errors },
      },
    },
    async (request) => {
      const caller = staffCallerOf(request);
      return db.readTenant(caller.tenantCode, (tx) => readRequest(tx, caller, request.params.requestId));
    },
  );

  app.post(
    '/api/staff/requests/:requestId/items/:itemId/review',
    {
      schema: {
        ...doc,
        summary: 'Accept an item, or reject it with a note for the client',
        description:
          'A rejection without a note answers 400 `requests.note_required`; an item that is not received or ' +
          'not applicable 409 `requests.transition_refused`. The request completes when every required item ' +
          `is accepted.${NOT_FOUND}${STAFF_ONLY_NOTE}`,
        params: RequestItemParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: ReviewItemBodySchema,
        response: { 200: DocumentRequestSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = staffCallerOf(request);
      const { requestId, itemId } = request.params;
      return answerIdempotently(db, caller, request, reply, 200, async (tx) => {
        const outcome = await reviewItem(tx, caller, requestId, itemId, request.body);
        return outcome.request;
      });
    },
  );

  app.post(
    '/api/staff/requests/:requestId/cancel',
    {
      schema: {
        ...doc,
        summary: 'Withdraw an open request',
        description: `A request that is not open answers 409 \`requests.closed\`.${NOT_FOUND}${STAFF_ONLY_NOTE}`,
        params: RequestParamsSchema,
        headers: IdempotencyHeadersSchema,
        response: { 200: DocumentRequestSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = staffCallerOf(request);
      return answerIdempotently(db, caller, request, reply, 200, (tx) =>
        cancelRequest(tx, caller, request.params.requestId),
      );
    },
  );

  app.post(
    '/api/staff/requests/:requestId/reminders',
    {
      schema: {
        ...doc,
        summary: 'Send the client a reminder now',
        description: `A request that is not open answers 409 \`requests.closed\`.${NOT_FOUND}${STAFF_ONLY_NOTE}`,
        params: RequestParamsSchema,
        headers: IdempotencyHeadersSchema,
        response: { 201: SentReminderSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = staffCallerOf(request);
      return answerIdempotently(db, caller, request, reply, 201, (tx) =>
        sendReminderNow(tx, caller, request.params.requestId, new Date()),
      );
    },
  );

  app.get(
    '/api/staff/request-reminder-settings',
    {
      schema: {
        ...doc,
        summary: 'When the firm’s reminders go',
        description: STAFF_ONLY_NOTE.trim(),
        params: TenantParamsSchema,
        response: { 200: ReminderSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const caller = staffCallerOf(request);
      return db.readTenant(caller.tenantCode, (tx) => readReminderSettings(tx, caller));
    },
  );

  app.put(
    '/api/staff/request-reminder-settings',
    {
      schema: {
        ...doc,
        summary: 'Set when the firm’s reminders go',
        description: STAFF_ONLY_NOTE.trim(),
        params: TenantParamsSchema,
        body: ReminderSettingsSchema,
        response: { 200: ReminderSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const caller = staffCallerOf(request);
      return db.withTenant(caller.tenantCode, (tx) => saveReminderSettings(tx, caller, request.body));
    },
  );

  app.get(
    '/api/staff/request-templates',
    {
      schema: {
        ...doc,
        summary: 'The firm’s request templates, by name',
        description: STAFF_ONLY_NOTE.trim(),
        params: TenantParamsSchema,
        response: { 200: RequestTemplateListSchema, ...errors },
      },
    },
    async (request) => {
      const caller = staffCallerOf(request);
      return db.readTenant(caller.tenantCode, (tx) => listTemplates(tx, caller));
    },
  );

  app.post(
    '/api/staff/request-templates',
    {
      schema: {
        ...doc,
        summary: 'Save a request as a template',
        description: `A name already taken answers 409 \`requests.template_duplicate\`.${STAFF_ONLY_NOTE}`,
        params: TenantParamsSchema,
        body: SaveRequestTemplateBodySchema,
        response: { 201: RequestTemplateSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = staffCallerOf(request);
      reply.code(201);
      return db.withTenant(caller.tenantCode, (tx) => saveTemplate(tx, caller, request.body));
    },
  );

  app.delete(
    '/api/staff/request-templates/:templateId',
    {
      schema: {
        ...doc,
        summary: 'Delete a template (requests made from it stay)',
        description: `Another firm’s or a missing template answers 404 \`requests.template_not_found\`.${STAFF_ONLY_NOTE}`,
        params: RequestTemplateParamsSchema,
        response: { 204: Type.Null({ description: 'Deleted.' }), ...errors },
      },
    },
    async (request, reply) => {
      const caller = staffCallerOf(request);
      await db.withTenant(caller.tenantCode, (tx) => deleteTemplate(tx, caller, request.params.templateId));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/staff/request-templates/:templateId/apply',
    {
      schema: {
        ...doc,
        summary: 'Make a request from a template on each of several sites',
        description: `All or none, as creating a request.${STAFF_ONLY_NOTE}`,
        params: RequestTemplateParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: ApplyRequestTemplateBodySchema,
        response: { 201: CreatedRequestsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = staffCallerOf(request);
      return answerIdempotently(db, caller, request, reply, 201, async (tx) => ({
        records: await applyTemplate(tx, caller, request.params.templateId, request.body, notify),
      }));
    },
  );
};
