import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBodySchema,
  MySubscriptionsSchema,
  SubscriptionParamsSchema,
  SubscriptionsQuerySchema,
  SubscriptionsSchema,
  TenantParamsSchema,
} from '@portico/contracts';
import { Type } from 'typebox';
import { callerOf } from '../../auth/current-user.ts';
import type { Database } from '../../db/database.ts';
import {
  getSubscriptions,
  listMySubscriptions,
  putSubscriptions,
  unfollow,
} from '../../subscriptions/subscriptions.usecases.ts';

const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };
const doc = { tags: ['file-management'], security: [{ bearer: [] }] };
const RULE =
  ' Staff of the firm may; a client when a member of the site with `portalFilesView` and ' +
  '`fileAreaManageEmailSubscription` on, else 403 `settings.forbidden`; a site the caller does not see answers 404 ' +
  '`sites.not_found`.';

/** Subscriptions (issue 27 item 8, decision 59): follow folders or a whole site for mails about new files. */
export const subscriptionRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/subscriptions',
    {
      schema: {
        ...doc,
        summary: 'What the caller follows in a site',
        description: `Whether the caller follows the whole site, and which live folders.${RULE}`,
        params: TenantParamsSchema,
        querystring: SubscriptionsQuerySchema,
        response: { 200: SubscriptionsSchema, ...errors },
      },
    },
    async (request) => getSubscriptions(db, callerOf(request), request.query.siteId),
  );

  app.put(
    '/api/subscriptions',
    {
      schema: {
        ...doc,
        summary: 'Follow folders of a site, or the whole site',
        description:
          'The caller’s subscriptions in the site become exactly the body; answers the saved state. Followers get ' +
          'one batched mail (NOTIFY_BATCH_SECONDS) per followed place about files published, updated, submitted, ' +
          'copied or moved there (a folder covers the folders below it), with a one-click unsubscribe link. A file ' +
          'a subscription mail carries is left out of that person’s per-kind mail. Every folder must be a live ' +
          `folder of the site, else 404 \`folders.not_found\` and nothing changes. Audited \`subscriptions.change\`.${RULE}`,
        params: TenantParamsSchema,
        querystring: SubscriptionsQuerySchema,
        body: SubscriptionsSchema,
        response: { 200: SubscriptionsSchema, ...errors },
      },
    },
    async (request) => putSubscriptions(db, callerOf(request), request.query.siteId, request.body),
  );

  app.get(
    '/api/subscriptions/mine',
    {
      schema: {
        ...doc,
        summary: 'Everything the caller follows in the tenant',
        description:
          'Each subscription with its site and folder (null: the whole site), by site then folder name: the ' +
          'Notifications page’s list. Sites that are archived and folders in the trash are left out.',
        params: TenantParamsSchema,
        response: { 200: MySubscriptionsSchema, ...errors },
      },
    },
    async (request) => listMySubscriptions(db, callerOf(request)),
  );

  app.delete(
    '/api/subscriptions/:id',
    {
      schema: {
        ...doc,
        summary: 'Stop following a folder or site',
        description:
          'Ends one of the caller’s subscriptions, whatever the site’s flags (stopping mail is always allowed). ' +
          'Someone else’s, or an unknown id, answers 404 `subscriptions.not_found`. Audited `subscriptions.change`.',
        params: SubscriptionParamsSchema,
        response: { 204: Type.Null({ description: 'No longer followed.' }), ...errors },
      },
    },
    async (request, reply) => {
      await unfollow(db, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
