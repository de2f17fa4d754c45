import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../app-deps.ts';
import { requireTenantPrincipal } from '../auth/authenticate.ts';
import { createCallerCache } from '../auth/caller-cache.ts';
import { requireTenantUser } from '../auth/current-user.ts';
import { issuerOf } from '../config.ts';
import { keepOutOfCaches } from '../http/cache-control.ts';
import { errorBody } from '../http/error-handler.ts';
import { startIdempotencyKeySweeper } from '../idempotency/idempotency-sweep.ts';
import { createSiteSettingsCache } from '../sites/site-settings-cache.ts';
import { fileManagementRoutes } from './file-management/file-management.routes.ts';
import { fileManagementStaffRoutes } from './file-management/file-management.staff.routes.ts';
import { fileStorageRoutes } from './file-storage/file-storage.routes.ts';
import { masterDataRoutes } from './master-data/master-data.routes.ts';
import { masterDataStaffRoutes } from './master-data/master-data.staff.routes.ts';
import { portalRoutes } from './portal/portal.routes.ts';
import { portalStaffRoutes } from './portal/portal.staff.routes.ts';
import { auditStaffRoutes } from './user/audit.staff.routes.ts';
import { userRoutes } from './user/user.routes.ts';
import { userStaffRoutes } from './user/user.staff.routes.ts';

/**
 * The tenant services under `/t/:tenant/{service}/`. The hooks come first and cover every route below them,
 * this prefix's 404 included: the token is verified and the path's tenant found in its tenant claim before
 * anything is routed, parsed or validated; then the caller is resolved to a person with a role in the tenant.
 */
export const tenantServices: FastifyPluginAsyncTypebox<AppDeps> = async (app, deps) => {
  const { config, db, blobs, verifier } = deps;
  const callers = createCallerCache();
  const settings = createSiteSettingsCache();
  const idempotencyKeys = startIdempotencyKeySweeper(db, app.log);
  app.addHook('onClose', () => idempotencyKeys.stop());
  app.addHook('onSend', keepOutOfCaches);
  app.addHook('onRequest', requireTenantPrincipal(verifier));
  app.addHook(
    'onRequest',
    requireTenantUser(db, { embeddedIssuer: config.oidcIssuer ? undefined : issuerOf(config) }, callers),
  );
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    return reply
      .status(404)
      .send(errorBody('request.not_found', `No route for ${request.method} ${pathname}`));
  });

  await app.register(userRoutes, { prefix: '/user', db });
  await app.register(masterDataRoutes, { prefix: '/master-data', db });
  await app.register(portalRoutes, { prefix: '/portal', db, blobs, settings });
  await app.register(fileManagementRoutes, { prefix: '/file-management', db, blobs, settings });
  await app.register(fileStorageRoutes, { prefix: '/file-storage', db, blobs, config });

  // The control panel's routes (`{service}/api/staff/…`): staff of the tenant only, each plugin behind requireStaff.
  await app.register(userStaffRoutes, { prefix: '/user', db });
  await app.register(auditStaffRoutes, { prefix: '/user', db });
  await app.register(masterDataStaffRoutes, { prefix: '/master-data', db });
  await app.register(portalStaffRoutes, { prefix: '/portal', db, blobs, callers, settings });
  await app.register(fileManagementStaffRoutes, { prefix: '/file-management', db, blobs });
};
