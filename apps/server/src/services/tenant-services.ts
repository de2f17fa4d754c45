import cors from '@fastify/cors';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { requireTenantPrincipal } from '../auth/authenticate.ts';
import { createCallerCache } from '../auth/caller-cache.ts';
import { resolveCallerOnRequest } from '../auth/current-user.ts';
import { issuerOf } from '../config.ts';
import { listenForTenantChanges } from '../db/tenant-changes.ts';
import { keepOutOfCaches } from '../http/cache-control.ts';
import { errorBody } from '../http/error-handler.ts';
import { callerResolver } from '../invitations/invitation-acceptance.ts';
import { invitationSettingsOf } from '../invitations/invitations.usecases.ts';
import { scanHookOf } from '../scanning/scan-intake.ts';
import { createSiteSettingsCache } from '../sites/site-settings-cache.ts';
import { fileManagementRoutes } from './file-management/file-management.routes.ts';
import { fileManagementStaffRoutes } from './file-management/file-management.staff.routes.ts';
import { scanningStaffRoutes } from './file-management/scanning.staff.routes.ts';
import { subscriptionStaffRoutes } from './file-management/subscriptions.staff.routes.ts';
import { fileStorageRoutes } from './file-storage/file-storage.routes.ts';
import { masterDataRoutes } from './master-data/master-data.routes.ts';
import { masterDataStaffRoutes } from './master-data/master-data.staff.routes.ts';
import { portalRoutes } from './portal/portal.routes.ts';
import { portalStaffRoutes } from './portal/portal.staff.routes.ts';
import { activityRoutes } from './user/activity.routes.ts';
import { auditStaffRoutes } from './user/audit.staff.routes.ts';
import { mailStaffRoutes } from './user/mail.staff.routes.ts';
import { notificationRoutes } from './user/notifications.routes.ts';
import { userRoutes } from './user/user.routes.ts';
import { userStaffRoutes } from './user/user.staff.routes.ts';

/**
 * A bearer-token hook that lets a download ticket's GET through without a token (the ticket in its path is its
 * authorisation, checked by its handler), and still checks a token it carries, whose user must then be the
 * ticket's.
 */
const unlessTicketOnly =
  (hook: (request: FastifyRequest) => Promise<void>) =>
  async (request: FastifyRequest): Promise<void> => {
    if (request.routeOptions.config.downloadTicket && request.headers.authorization === undefined) return;
    return hook(request);
  };

/**
 * The tenant services under `/t/:tenant/{service}/`. The hooks come first and cover every route below them,
 * this prefix's 404 included: the token is verified and the path's tenant found in its tenant claim before
 * anything is routed, parsed or validated; then the caller is resolved to a person with a role in the tenant.
 */
export const tenantServices: FastifyPluginAsyncTypebox<AppDeps> = async (app, deps) => {
  const { config, db, blobs, verifier } = deps;
  const invitations = invitationSettingsOf(config);
  const callers = createCallerCache();
  const settings = createSiteSettingsCache();
  const { downloadTicketSeconds } = config;
  // A change committed through another process reaches these caches within milliseconds on PostgreSQL; without
  // the message (PGlite has one process; a lost connection) an entry lives 5 s at most (decision 37).
  const changes = await listenForTenantChanges(
    db,
    (tenantCode) => {
      callers.forgetTenant(tenantCode);
      settings.forgetTenant(tenantCode);
    },
    () => {
      callers.forgetAll();
      settings.forgetAll();
    },
  );
  app.addHook('onClose', async () => {
    await changes.close();
  });
  // Before the token hooks: a preflight carries no token, and is answered here for the allowed origins alone.
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: [
        'authorization',
        'content-type',
        'idempotency-key',
        'range',
        'if-range',
        'if-none-match',
        // tus (resumable uploads)
        'tus-resumable',
        'upload-length',
        'upload-metadata',
        'upload-offset',
        'upload-defer-length',
      ],
      exposedHeaders: [
        'content-disposition',
        'content-length',
        'content-range',
        'etag',
        'idempotent-replayed',
        'location',
        'tus-resumable',
        'upload-offset',
        'upload-length',
        'upload-expires',
        'upload-reference-number',
      ],
      maxAge: 600,
    });
  }
  app.addHook('onSend', keepOutOfCaches);
  app.addHook('onRequest', unlessTicketOnly(requireTenantPrincipal(verifier)));
  app.addHook(
    'onRequest',
    unlessTicketOnly(
      resolveCallerOnRequest(
        callerResolver(db, {
          embeddedIssuer: config.oidcIssuer ? undefined : issuerOf(config),
          twoStepClaim: config.oidcIssuer ? config.oidcTwoStepClaim : undefined,
        }),
        callers,
      ),
    ),
  );
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    return reply
      .status(404)
      .send(errorBody('request.not_found', `No route for ${request.method} ${pathname}`));
  });

  await app.register(userRoutes, { prefix: '/user', db });
  await app.register(notificationRoutes, { prefix: '/user', db });
  await app.register(activityRoutes, { prefix: '/user', db });
  await app.register(masterDataRoutes, { prefix: '/master-data', db });
  const notify = { batchSeconds: config.notifyBatchSeconds };
  await app.register(portalRoutes, {
    prefix: '/portal',
    db,
    blobs,
    settings,
    notify,
    downloadTicketSeconds,
  });
  await app.register(fileManagementRoutes, {
    prefix: '/file-management',
    db,
    blobs,
    settings,
    downloadTicketSeconds,
    refusedExtensions: config.uploadRefusedExtensions,
    notifyBatchSeconds: config.notifyBatchSeconds,
    checkoutHours: config.checkoutHours,
    notify,
    shareLinks: {
      publicUrl: config.publicUrl,
      shareLinkDays: config.shareLinkDays,
      sendsPerHour: config.shareLinkSendsPerHour,
    },
  });
  await app.register(fileStorageRoutes, {
    prefix: '/file-storage',
    db,
    blobs,
    config,
    scanning: scanHookOf(config, deps.scanner),
  });

  // The control panel's routes (`{service}/api/staff/…`): staff of the tenant only, each plugin behind requireStaff.
  await app.register(userStaffRoutes, { prefix: '/user', db });
  await app.register(auditStaffRoutes, { prefix: '/user', db });
  await app.register(mailStaffRoutes, { prefix: '/user', db });
  await app.register(masterDataStaffRoutes, { prefix: '/master-data', db });
  await app.register(portalStaffRoutes, {
    prefix: '/portal',
    db,
    blobs,
    callers,
    settings,
    invitations,
    notify,
    downloadTicketSeconds,
  });
  await app.register(scanningStaffRoutes, {
    prefix: '/file-management',
    db,
    blobs,
    config,
    scanner: deps.scanner,
  });
  await app.register(subscriptionStaffRoutes, { prefix: '/file-management', db });
  await app.register(fileManagementStaffRoutes, {
    prefix: '/file-management',
    db,
    blobs,
    notify,
    downloadTicketSeconds,
  });
};
