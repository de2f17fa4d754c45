import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBodySchema,
  SiteFileAreaSettingsSchema,
  StaffSiteParamsSchema,
  TenantFileAreaSettingsSchema,
  TenantParamsSchema,
  UpdateSiteFileAreaSettingsBodySchema,
  UpdateTenantFileAreaSettingsBodySchema,
} from '@portico/contracts';
import type { Database } from '../../db/database.ts';
import { STAFF_ONLY_NOTE, staffCallerOf } from '../../sites/access.ts';
import {
  getSiteSettings,
  getTenantSettings,
  resetSiteSettings,
  updateSiteSettings,
  updateTenantSettings,
} from '../../sites/file-area-settings.staff.usecases.ts';

const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };
const doc = { tags: ['staff: file-area settings'], security: [{ bearer: [] }] };
const AT_ONCE =
  ' Clients see the effect at their next call (`GET api/sites`, lists, downloads, uploads), with no new token ' +
  '(through another server of the same database, within 5 seconds).';

/** The File-area settings page: the tenant's defaults and each site's overrides of every fileAreaSettings flag. */
export const fileAreaSettingsStaffRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (
  app,
  { db },
) => {
  app.get(
    '/api/staff/file-area-settings',
    {
      schema: {
        ...doc,
        summary: "The firm's default file-area settings",
        description: `Every flag; a flag never stored is false.${STAFF_ONLY_NOTE}`,
        params: TenantParamsSchema,
        response: { 200: TenantFileAreaSettingsSchema, ...errors },
      },
    },
    async (request) => getTenantSettings(db, staffCallerOf(request)),
  );

  app.patch(
    '/api/staff/file-area-settings',
    {
      schema: {
        ...doc,
        summary: "Change the firm's default file-area settings",
        description: `The flags sent change; sites that override a flag keep their own value.${AT_ONCE}${STAFF_ONLY_NOTE}`,
        params: TenantParamsSchema,
        body: UpdateTenantFileAreaSettingsBodySchema,
        response: { 200: TenantFileAreaSettingsSchema, ...errors },
      },
    },
    async (request) => updateTenantSettings(db, staffCallerOf(request), request.body),
  );

  app.get(
    '/api/staff/sites/:siteId/file-area-settings',
    {
      schema: {
        ...doc,
        summary: "A site's file-area settings: defaults, overrides and what is in force",
        description: `A site of another firm answers 404 \`sites.not_found\`.${STAFF_ONLY_NOTE}`,
        params: StaffSiteParamsSchema,
        response: { 200: SiteFileAreaSettingsSchema, ...errors },
      },
    },
    async (request) => getSiteSettings(db, staffCallerOf(request), request.params.siteId),
  );

  app.patch(
    '/api/staff/sites/:siteId/file-area-settings',
    {
      schema: {
        ...doc,
        summary: "Override or clear a site's file-area settings",
        description: `\`true\`/\`false\` overrides a flag for this site; \`null\` clears the override.${AT_ONCE}${STAFF_ONLY_NOTE}`,
        params: StaffSiteParamsSchema,
        body: UpdateSiteFileAreaSettingsBodySchema,
        response: { 200: SiteFileAreaSettingsSchema, ...errors },
      },
    },
    async (request) => updateSiteSettings(db, staffCallerOf(request), request.params.siteId, request.body),
  );

  app.delete(
    '/api/staff/sites/:siteId/file-area-settings',
    {
      schema: {
        ...doc,
        summary: "Clear all of a site's overrides",
        description: `The site follows the firm's defaults again; answers the settings now in force.${AT_ONCE}${STAFF_ONLY_NOTE}`,
        params: StaffSiteParamsSchema,
        response: { 200: SiteFileAreaSettingsSchema, ...errors },
      },
    },
    async (request) => resetSiteSettings(db, staffCallerOf(request), request.params.siteId),
  );
};
