import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBodySchema,
  MenuAudienceParamsSchema,
  MenuSchema,
  ReplaceMenuBodySchema,
} from '@portico/contracts';
import type { Database } from '../../db/database.ts';
import { getMenu, replaceMenu } from '../../menus/menus.staff.usecases.ts';
import { requireStaff, STAFF_ONLY_NOTE, staffCallerOf } from '../../sites/access.ts';

const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };
const doc = { tags: ['staff: navigation menu'], security: [{ bearer: [] }] };

/** The Navigation menu page of the control panel: the side menus of the portal and of the control panel. */
export const userStaffRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.addHook('onRequest', requireStaff);

  app.get(
    '/api/staff/menus/:audience',
    {
      schema: {
        ...doc,
        summary: 'The menu of one audience, for editing',
        description: `\`client\` is the portal's side menu, \`staff\` the control panel's.${STAFF_ONLY_NOTE}`,
        params: MenuAudienceParamsSchema,
        response: { 200: MenuSchema, ...errors },
      },
    },
    async (request) => getMenu(db, staffCallerOf(request), request.params.audience),
  );

  app.put(
    '/api/staff/menus/:audience',
    {
      schema: {
        ...doc,
        summary: 'Replace the menu of one audience',
        description:
          'The whole menu: entries with key, name, order, no-route flag and one level of submenus. Keys must be ' +
          'unique across the menu (400 `menu.duplicate_key`) and names not blank; a menu needs one entry at ' +
          `least. Front ends show only entries whose key they know.${STAFF_ONLY_NOTE}`,
        params: MenuAudienceParamsSchema,
        body: ReplaceMenuBodySchema,
        response: { 200: MenuSchema, ...errors },
      },
    },
    async (request) => replaceMenu(db, staffCallerOf(request), request.params.audience, request.body),
  );
};
