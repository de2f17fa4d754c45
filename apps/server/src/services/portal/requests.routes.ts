import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DocumentRequestSchema,
  ErrorBodySchema,
  IdempotencyHeadersSchema,
  NotApplicableBodySchema,
  OpenRequestItemCountSchema,
  RequestItemFilesBodySchema,
  RequestItemParamsSchema,
  RequestParamsSchema,
  SiteRequestListSchema,
  SiteRequestsQuerySchema,
  TenantParamsSchema,
} from '@portico/contracts';
import { callerOf } from '../../auth/current-user.ts';
import type { Database } from '../../db/database.ts';
import { answerIdempotently } from '../../idempotency/idempotent-routes.ts';
import { readRequest } from '../../requests/request-items.ts';
import {
  countOpenRequestItems,
  listRequests,
  markItemNotApplicable,
  reopenItem,
  sendItemFiles,
} from '../../requests/requests.usecases.ts';
import type { FileMailSettings } from '../../site-files/file-notifications.ts';

const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };
const doc = { tags: ['portal: requested documents'], security: [{ bearer: [] }] };
const NOT_FOUND =
  'A request of a site the caller may not see answers 404 `requests.not_found`, exactly like a missing one.';

/** Requested Documents: the firm's requests of a site as the client's checklist. */
export const requestsRoutes: FastifyPluginAsyncTypebox<{ db: Database; notify: FileMailSettings }> = async (
  app,
  { db, notify },
) => {
  app.get(
    '/api/requests',
    {
      schema: {
        ...doc,
        summary: "A site's document requests, with their items",
        description:
          'Open ones, earliest due first; with `view=closed` the completed and withdrawn ones, latest first. ' +
          'A site the caller may not see answers 404 `sites.not_found`.',
        params: TenantParamsSchema,
        querystring: SiteRequestsQuerySchema,
        response: { 200: SiteRequestListSchema, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return db.readTenant(caller.tenantCode, (tx) =>
        listRequests(tx, caller, request.query.siteId, request.query.view),
      );
    },
  );

  app.get(
    '/api/requests/open-item-count',
    {
      schema: {
        ...doc,
        summary: 'The Requested Documents badge: items of open requests waiting for the client',
        params: TenantParamsSchema,
        querystring: SiteRequestsQuerySchema,
        response: { 200: OpenRequestItemCountSchema, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return db.readTenant(caller.tenantCode, (tx) =>
        countOpenRequestItems(tx, caller, request.query.siteId),
      );
    },
  );

  app.get(
    '/api/requests/:requestId',
    {
      schema: {
        ...doc,
        summary: 'One document request with its items',
        description: NOT_FOUND,
        params: RequestParamsSchema,
        response: { 200: DocumentRequestSchema, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return db.readTenant(caller.tenantCode, (tx) => readRequest(tx, caller, request.params.requestId));
    },
  );

  app.post(
    '/api/requests/:requestId/items/:itemId/files',
    {
      schema: {
        ...doc,
        summary: 'Send uploaded files against an item',
        description:
          'Saves pending uploads (`POST file-storage api/files`) as Submitted Files of the site that name the ' +
          'item, and marks it received: every reference or none, the site’s `internalFilesUpload` applies. ' +
          'An item that is accepted answers 409 `requests.transition_refused`; a one-file item that already ' +
          `has its file 400 \`requests.one_file_only\`. ${NOT_FOUND}`,
        params: RequestItemParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: RequestItemFilesBodySchema,
        response: { 200: DocumentRequestSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { requestId, itemId } = request.params;
      return answerIdempotently(db, caller, request, reply, 200, (tx) =>
        sendItemFiles(tx, caller, requestId, itemId, request.body, notify),
      );
    },
  );

  app.post(
    '/api/requests/:requestId/items/:itemId/not-applicable',
    {
      schema: {
        ...doc,
        summary: 'Mark an optional item not applicable, with a comment for the firm',
        description: `A required item answers 409 \`requests.transition_refused\`. ${NOT_FOUND}`,
        params: RequestItemParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: NotApplicableBodySchema,
        response: { 200: DocumentRequestSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { requestId, itemId } = request.params;
      return answerIdempotently(db, caller, request, reply, 200, (tx) =>
        markItemNotApplicable(tx, caller, requestId, itemId, request.body),
      );
    },
  );

  app.post(
    '/api/requests/:requestId/items/:itemId/reopen',
    {
      schema: {
        ...doc,
        summary: 'Take back "not applicable": the item is open again',
        description: NOT_FOUND,
        params: RequestItemParamsSchema,
        headers: IdempotencyHeadersSchema,
        response: { 200: DocumentRequestSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { requestId, itemId } = request.params;
      return answerIdempotently(db, caller, request, reply, 200, (tx) =>
        reopenItem(tx, caller, requestId, itemId),
      );
    },
  );
};
