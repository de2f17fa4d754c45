import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBodySchema, TenantParamsSchema, type Theme, ThemeSchema } from '@portico/contracts';
import { callerOf } from '../../auth/current-user.ts';
import { findTheme } from '../../branding/theme.repository.ts';
import type { Database } from '../../db/database.ts';

/** The master-data service: the tenant's branding. */
export const masterDataRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/themes',
    {
      schema: {
        tags: ['master-data'],
        summary: "The firm's logo, name and colours",
        description: 'Colours are six hex digits without `#`; logo and icon are data: URLs.',
        security: [{ bearer: [] }],
        params: TenantParamsSchema,
        response: { 200: ThemeSchema, '4xx': ErrorBodySchema, '5xx': ErrorBodySchema },
      },
    },
    async (request, reply): Promise<Theme> => {
      // Branding is per tenant and per caller's token: a shared cache must never hand it to someone else.
      reply.header('cache-control', 'private, no-cache');
      return findTheme(db, callerOf(request));
    },
  );
};
