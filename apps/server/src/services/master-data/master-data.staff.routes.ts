import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BrandingSchema,
  ErrorBodySchema,
  ICON_MAX_BYTES,
  LOGO_MAX_BYTES,
  TenantParamsSchema,
  UpdateBrandingBodySchema,
} from '@portico/contracts';
import { readBranding } from '../../branding/branding.staff.repository.ts';
import { changeBranding } from '../../branding/branding.staff.usecases.ts';
import type { Database } from '../../db/database.ts';
import { requireStaff, STAFF_ONLY_NOTE, staffCallerOf } from '../../sites/access.ts';

const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };
const doc = { tags: ['staff: branding'], security: [{ bearer: [] }] };

/**
 * Images travel as base64 (4/3 of their size) inside JSON: room for the largest logo and icon together, and for
 * a slightly larger one to reach the size check, which names the limit, rather than a bare 413.
 */
const BRANDING_BODY_LIMIT = 2 * Math.ceil(((LOGO_MAX_BYTES + ICON_MAX_BYTES) * 4) / 3) + 64 * 1024;

/** The Branding page of the control panel: the firm's name, logo, icon and colours. */
export const masterDataStaffRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  app.addHook('onRequest', requireStaff);

  app.get(
    '/api/staff/branding',
    {
      schema: {
        ...doc,
        summary: "The firm's branding, for editing",
        description: `What \`GET api/themes\` shows clients, with when it last changed.${STAFF_ONLY_NOTE}`,
        params: TenantParamsSchema,
        response: { 200: BrandingSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      const caller = staffCallerOf(request);
      return db.withTenant(caller.tenantCode, (tx) => readBranding(tx, caller));
    },
  );

  app.patch(
    '/api/staff/branding',
    {
      bodyLimit: BRANDING_BODY_LIMIT,
      schema: {
        ...doc,
        summary: "Change the firm's name, logo, icon or colours",
        description:
          'Only what is sent changes; clients see it at their next `GET api/themes`. Colours are six hex digits ' +
          `without \`#\`. The logo is a PNG or SVG of at most ${LOGO_MAX_BYTES / 1024} KB, the icon a square PNG of ` +
          `at most ${ICON_MAX_BYTES / 1024} KB, both as base64 data: URLs. Refusals: 400 \`branding.image_invalid\` ` +
          '(not a well-formed PNG/SVG), `branding.image_too_large`, `branding.svg_unsafe` (scripts, event ' +
          'handlers, foreignObject, external references), `branding.icon_not_square`.' +
          STAFF_ONLY_NOTE,
        params: TenantParamsSchema,
        body: UpdateBrandingBodySchema,
        response: { 200: BrandingSchema, ...errors },
      },
    },
    async (request) => changeBranding(db, staffCallerOf(request), request.body),
  );
};
