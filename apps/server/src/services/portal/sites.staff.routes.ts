import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AddSiteMemberBodySchema,
  CreateSiteBodySchema,
  ErrorBodySchema,
  LIMITS,
  SiteMemberListSchema,
  SiteMemberParamsSchema,
  SiteMemberSchema,
  StaffSiteListQuerySchema,
  StaffSiteListSchema,
  StaffSiteParamsSchema,
  StaffSiteSchema,
  TenantParamsSchema,
  UpdateSiteBodySchema,
} from '@portico/contracts';
import { Type } from 'typebox';
import type { Database } from '../../db/database.ts';
import { type InvitationSettings, inviteIfNoAccount } from '../../invitations/invitations.usecases.ts';
import { STAFF_ONLY_NOTE, staffCallerOf } from '../../sites/access.ts';
import { findTenantSite, listSiteMembers, listStaffSites } from '../../sites/sites.staff.repository.ts';
import { addSiteMember, changeSite, createSite, removeSiteMember } from '../../sites/sites.staff.usecases.ts';

const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };
const doc = { tags: ['staff: sites'], security: [{ bearer: [] }] };

/** The Sites page of the control panel: sites, their counts and their members. */
export const sitesStaffRoutes: FastifyPluginAsyncTypebox<{
  db: Database;
  invitations: InvitationSettings;
}> = async (app, { db, invitations }) => {
  app.get(
    '/api/staff/sites',
    {
      schema: {
        ...doc,
        summary: "The firm's sites with their counts, paged",
        description: `Searched by name or reference; archived sites only with \`includeArchived=true\`.${STAFF_ONLY_NOTE}`,
        params: TenantParamsSchema,
        querystring: StaffSiteListQuerySchema,
        response: { 200: StaffSiteListSchema, ...errors },
      },
    },
    async (request) => {
      const caller = staffCallerOf(request);
      const q = request.query;
      return db.withTenant(caller.tenantCode, (tx) =>
        listStaffSites(tx, caller, {
          limit: q.limit ?? LIMITS.siteListPageSize,
          offset: q.offset ?? 0,
          search: q.search,
          includeArchived: q.includeArchived ?? false,
          sortBy: q.sortBy ?? 'name',
          sortOrder: q.sortOrder ?? 'asc',
        }),
      );
    },
  );

  app.post(
    '/api/staff/sites',
    {
      schema: {
        ...doc,
        summary: 'Create a site',
        description: `A new, empty site; add its clients as members.${STAFF_ONLY_NOTE}`,
        params: TenantParamsSchema,
        body: CreateSiteBodySchema,
        response: { 201: StaffSiteSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createSite(db, staffCallerOf(request), request.body)),
  );

  app.get(
    '/api/staff/sites/:siteId',
    {
      schema: {
        ...doc,
        summary: 'One site with its counts',
        description: `Archived or not. A site of another firm answers 404 \`sites.not_found\`.${STAFF_ONLY_NOTE}`,
        params: StaffSiteParamsSchema,
        response: { 200: StaffSiteSchema, ...errors },
      },
    },
    async (request) => {
      const caller = staffCallerOf(request);
      return db.withTenant(caller.tenantCode, (tx) => findTenantSite(tx, caller, request.params.siteId));
    },
  );

  app.patch(
    '/api/staff/sites/:siteId',
    {
      schema: {
        ...doc,
        summary: 'Rename, re-reference, archive or restore a site',
        description:
          'Only what is sent changes. `archived: true` hides the site from its clients at their next call; ' +
          `\`false\` restores it.${STAFF_ONLY_NOTE}`,
        params: StaffSiteParamsSchema,
        body: UpdateSiteBodySchema,
        response: { 200: StaffSiteSchema, ...errors },
      },
    },
    async (request) => changeSite(db, staffCallerOf(request), request.params.siteId, request.body),
  );

  app.get(
    '/api/staff/sites/:siteId/members',
    {
      schema: {
        ...doc,
        summary: "A site's client members",
        description: `Everyone who may see the site in the portal, ordered by name.${STAFF_ONLY_NOTE}`,
        params: StaffSiteParamsSchema,
        response: { 200: SiteMemberListSchema, ...errors },
      },
    },
    async (request) => {
      const caller = staffCallerOf(request);
      const records = await db.withTenant(caller.tenantCode, async (tx) => {
        await findTenantSite(tx, caller, request.params.siteId);
        return listSiteMembers(tx, caller, request.params.siteId);
      });
      return { records, totalRecordCount: records.length };
    },
  );

  app.post(
    '/api/staff/sites/:siteId/members',
    {
      schema: {
        ...doc,
        summary: 'Add a client to a site by e-mail',
        description:
          'The firm names a person new to it `name` (or the address); someone it already knows keeps the name ' +
          'it has for them. Names and addresses shown to the firm are always its own, never what another firm ' +
          'typed, and the answer is the same whether anyone else knows the address. Someone the portal does ' +
          'not know yet is linked to their account when they first sign in with that address, verified by ' +
          'their identity provider. Someone without an account is sent an invitation in the same transaction ' +
          '(a single-use link to set a password, valid 7 days; with an external provider a link to sign in). ' +
          'They see the site at their next call. Answers 201 for a new member, 200 ' +
          `for someone who already was one.${STAFF_ONLY_NOTE}`,
        params: StaffSiteParamsSchema,
        body: AddSiteMemberBodySchema,
        response: { 200: SiteMemberSchema, 201: SiteMemberSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = staffCallerOf(request);
      const { member, added } = await addSiteMember(
        db,
        caller,
        request.params.siteId,
        request.body,
        async (tx, newMember, site) => {
          await inviteIfNoAccount(tx, caller, newMember.userId, invitations, { siteName: site.name });
        },
      );
      return reply.code(added ? 201 : 200).send(member);
    },
  );

  app.delete(
    '/api/staff/sites/:siteId/members/:userId',
    {
      schema: {
        ...doc,
        summary: 'Remove a client from a site',
        description:
          'They lose the site at their next call. Someone who is not a member answers 404 ' +
          `\`members.not_found\`.${STAFF_ONLY_NOTE}`,
        params: SiteMemberParamsSchema,
        response: { 204: Type.Null({ description: 'Removed.' }), ...errors },
      },
    },
    async (request, reply) => {
      await removeSiteMember(db, staffCallerOf(request), request.params.siteId, request.params.userId);
      return reply.code(204).send(null);
    },
  );
};
