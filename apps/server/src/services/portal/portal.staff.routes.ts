import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireStaff } from '../../auth/require-staff.ts';
import type { Database } from '../../db/database.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { fileAreaSettingsStaffRoutes } from './file-area-settings.staff.routes.ts';
import { sitesStaffRoutes } from './sites.staff.routes.ts';
import { submissionsStaffRoutes } from './submissions.staff.routes.ts';

/**
 * The portal service's staff routes (`api/staff/…`) for the control panel. The hook covers every route of this
 * plugin and of those it registers, and runs before any body is read.
 */
export const portalStaffRoutes: FastifyPluginAsyncTypebox<{ db: Database; blobs: BlobStore }> = async (
  app,
  { db, blobs },
) => {
  app.addHook('onRequest', requireStaff);
  await app.register(sitesStaffRoutes, { db });
  await app.register(submissionsStaffRoutes, { db, blobs });
  await app.register(fileAreaSettingsStaffRoutes, { db });
};
