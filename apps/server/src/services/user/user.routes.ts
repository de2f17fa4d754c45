import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  type CurrentPerson,
  CurrentPersonSchema,
  ErrorBodySchema,
  type Menu,
  MenuQuerySchema,
  MenuSchema,
  TenantParamsSchema,
} from '@portico/contracts';
import { callerOf } from '../../auth/current-user.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { listMenu } from '../../menus/menus.repository.ts';

/** The user service: what the signed-in person may navigate to in this tenant. */
export const userRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/users/menu',
    {
      schema: {
        tags: ['user'],
        summary: "The caller's navigation menu for this tenant",
        description:
          'Entries ordered by `order`, nested through `subMenus`. `audience=staff` (the control panel) is ' +
          'answered to staff of the tenant only; the client menu is answered to anyone with a role in it.',
        security: [{ bearer: [] }],
        params: TenantParamsSchema,
        querystring: MenuQuerySchema,
        response: { 200: MenuSchema, '4xx': ErrorBodySchema, '5xx': ErrorBodySchema },
      },
    },
    async (request): Promise<Menu> => {
      const caller = callerOf(request);
      const audience = request.query.audience ?? 'client';
      if (audience === 'staff' && !caller.user.isStaff) {
        throw new AppError('auth.forbidden', 'The staff menu is for staff of this firm only.');
      }
      return { tenantCode: caller.tenantCode, audience, items: await listMenu(db, caller, audience) };
    },
  );

  app.get(
    '/api/users/me',
    {
      schema: {
        tags: ['user'],
        summary: 'The signed-in person as this firm knows them',
        description:
          "The name and address of the firm's record of the caller: the name its staff gave (or the one the " +
          'person gave themselves). The front ends show it in the header.',
        security: [{ bearer: [] }],
        params: TenantParamsSchema,
        response: { 200: CurrentPersonSchema, '4xx': ErrorBodySchema, '5xx': ErrorBodySchema },
      },
    },
    async (request): Promise<CurrentPerson> => {
      const { user } = callerOf(request);
      return { id: user.id, name: user.name, email: user.email };
    },
  );
};
