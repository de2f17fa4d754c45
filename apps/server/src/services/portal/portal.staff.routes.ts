import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { CallerCache } from '../../auth/caller-cache.ts';
import { callerOf } from '../../auth/current-user.ts';
import type { Database } from '../../db/database.ts';
import { announceTenantChange } from '../../db/tenant-changes.ts';
import type { InvitationSettings } from '../../invitations/invitations.usecases.ts';
import type { FileMailSettings } from '../../site-files/file-notifications.ts';
import { requireStaff } from '../../sites/access.ts';
import type { SiteSettingsCache } from '../../sites/site-settings-cache.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { fileAreaSettingsStaffRoutes } from './file-area-settings.staff.routes.ts';
import { peopleStaffRoutes } from './people.staff.routes.ts';
import { requestsStaffRoutes } from './requests.staff.routes.ts';
import { signInPolicyStaffRoutes } from './sign-in-policy.staff.routes.ts';
import { sitesStaffRoutes } from './sites.staff.routes.ts';
import { submissionsStaffRoutes } from './submissions.staff.routes.ts';

/**
 * The portal service's staff routes (`api/staff/…`) for the control panel. The hook covers every route of this
 * plugin and of those it registers, and runs before any body is read.
 */
export const portalStaffRoutes: FastifyPluginAsyncTypebox<{
  db: Database;
  blobs: BlobStore;
  callers: CallerCache;
  settings: SiteSettingsCache;
  invitations: InvitationSettings;
  notify: FileMailSettings;
  downloadTicketSeconds: number;
}> = async (app, { db, blobs, callers, settings, invitations, notify, downloadTicketSeconds }) => {
  app.addHook('onRequest', requireStaff);
  // Sites, their members and their settings decide who is a client of the tenant and what clients may do: a change
  // is seen by the next request. onSend runs once the handler's transaction committed and before the answer
  // leaves, so no request made after the staff saw the answer can find the old entries (onResponse came after).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
      const { tenantCode } = callerOf(request);
      callers.forgetTenant(tenantCode);
      settings.forgetTenant(tenantCode);
      // And in every other process on this database (their own caches otherwise keep entries up to 5 s).
      await announceTenantChange(db, tenantCode).catch((error) =>
        request.log.warn({ err: error }, 'other processes could not be told of the change'),
      );
    }
    return payload;
  });
  await app.register(sitesStaffRoutes, { db, invitations });
  await app.register(peopleStaffRoutes, { db, invitations });
  await app.register(submissionsStaffRoutes, { db, blobs, downloadTicketSeconds });
  await app.register(fileAreaSettingsStaffRoutes, { db });
  await app.register(requestsStaffRoutes, { db, notify });
  await app.register(signInPolicyStaffRoutes, { db });
};
