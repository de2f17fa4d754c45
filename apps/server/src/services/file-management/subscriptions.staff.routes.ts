import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBodySchema,
  SiteFollowersSchema,
  SubscriptionsQuerySchema,
  TenantParamsSchema,
} from '@portico/contracts';
import type { Database } from '../../db/database.ts';
import { requireStaff, STAFF_ONLY_NOTE, staffCallerOf } from '../../sites/access.ts';
import { siteFollowers } from '../../subscriptions/subscriptions.usecases.ts';

const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };

/** The control panel's read-only view of who follows what in a site (decision 59). */
export const subscriptionStaffRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.addHook('onRequest', requireStaff);

  app.get(
    '/api/staff/subscriptions',
    {
      schema: {
        tags: ['staff: sites'],
        security: [{ bearer: [] }],
        summary: 'Who follows what in a site',
        description: `Each subscription of the site: the person (as the firm knows them), the folder (null: the whole site) and since when. Read-only. A site of another firm answers 404 \`sites.not_found\`.${STAFF_ONLY_NOTE}`,
        params: TenantParamsSchema,
        querystring: SubscriptionsQuerySchema,
        response: { 200: SiteFollowersSchema, ...errors },
      },
    },
    async (request) => siteFollowers(db, staffCallerOf(request), request.query.siteId),
  );
};
