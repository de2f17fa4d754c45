import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../app.ts';
import { requireTenantPrincipal } from '../auth/authenticate.ts';
import { requireTenantUser } from '../auth/current-user.ts';
import { issuerOf } from '../config.ts';
import { errorBody } from '../http/error-handler.ts';
import { fileManagementRoutes } from './file-management/file-management.routes.ts';
import { masterDataRoutes } from './master-data/master-data.routes.ts';
import { portalRoutes } from './portal/portal.routes.ts';
import { userRoutes } from './user/user.routes.ts';

/**
 * The tenant services under `/t/:tenant/{service}/`. The hooks come first and cover every route below them,
 * this prefix's 404 included: the token is verified and the path's tenant found in its tenant claim before
 * anything is routed, parsed or validated; then the caller is resolved to a person with a role in the tenant.
 */
export const tenantServices: FastifyPluginAsyncTypebox<AppDeps> = async (app, deps) => {
  const { config, db, verifier } = deps;
  app.addHook('onRequest', requireTenantPrincipal(verifier));
  app.addHook(
    'onRequest',
    requireTenantUser(db, { embeddedIssuer: config.oidcIssuer ? undefined : issuerOf(config) }),
  );
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    return reply
      .status(404)
      .send(errorBody('request.not_found', `No route for ${request.method} ${pathname}`));
  });

  await app.register(userRoutes, { prefix: '/user', db });
  await app.register(masterDataRoutes, { prefix: '/master-data', db });
  await app.register(portalRoutes, { prefix: '/portal', db });
  await app.register(fileManagementRoutes, { prefix: '/file-management', db });
};
