import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  EndedSessionsSchema,
  ErrorBodySchema,
  InvitationSchema,
  InviteStaffBodySchema,
  PersonParamsSchema,
  SignInListSchema,
  StaffMemberListSchema,
  StaffMemberSchema,
  TenantParamsSchema,
} from '@portico/contracts';
import type { Database } from '../../db/database.ts';
import { clientSignIns, endClientSessions } from '../../idp/sessions.ts';
import { type InvitationSettings, resendInvitation } from '../../invitations/invitations.usecases.ts';
import { inviteStaff, listStaffMembers } from '../../invitations/staff-members.ts';
import { STAFF_ONLY_NOTE, staffCallerOf } from '../../sites/access.ts';

const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };
const doc = { tags: ['staff: people'], security: [{ bearer: [] }] };

/** The control panel's staff list, "invite staff", and resending a person's invitation. */
export const peopleStaffRoutes: FastifyPluginAsyncTypebox<{
  db: Database;
  invitations: InvitationSettings;
}> = async (app, { db, invitations }) => {
  app.get(
    '/api/staff/staff-members',
    {
      schema: {
        ...doc,
        summary: "The firm's staff",
        description: `Everyone who works in the control panel, ordered by name.${STAFF_ONLY_NOTE}`,
        params: TenantParamsSchema,
        response: { 200: StaffMemberListSchema, ...errors },
      },
    },
    async (request) => {
      const caller = staffCallerOf(request);
      const records = await db.withTenant(caller.tenantCode, (tx) => listStaffMembers(tx, caller));
      return { records, totalRecordCount: records.length };
    },
  );

  app.post(
    '/api/staff/staff-members',
    {
      schema: {
        ...doc,
        summary: 'Invite a person to the staff by e-mail',
        description:
          'The person becomes staff of the firm (at their next call). Someone without an account is sent an ' +
          'invitation in the same transaction: a single-use link to set a password, valid 7 days, or with an ' +
          'external provider a link to sign in. Answers 201 for a new staff member, 200 for someone who ' +
          `already was one (nothing is sent).${STAFF_ONLY_NOTE}`,
        params: TenantParamsSchema,
        body: InviteStaffBodySchema,
        response: { 200: StaffMemberSchema, 201: StaffMemberSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { member, added } = await inviteStaff(db, staffCallerOf(request), request.body, invitations);
      return reply.code(added ? 201 : 200).send(member);
    },
  );

  app.post(
    '/api/staff/people/:userId/invitation',
    {
      schema: {
        ...doc,
        summary: 'Send a person their invitation again',
        description:
          'A new link; the earlier links of this firm to the same person stop working. A person who is neither ' +
          'staff nor a client of this firm answers 404 `people.not_found`; one who can already sign in 409 ' +
          `\`invitations.already_accepted\`.${STAFF_ONLY_NOTE}`,
        params: PersonParamsSchema,
        response: { 201: InvitationSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await resendInvitation(db, staffCallerOf(request), request.params.userId, invitations)),
  );

  app.post(
    '/api/staff/people/:userId/end-sessions',
    {
      schema: {
        ...doc,
        summary: "End a client's sign-ins everywhere",
        description:
          "Ends every browser session and refresh token of the person at the embedded provider: each of their front ends is signed out within the access token's 15 minutes, and signing in again needs their password (and second step). Only a client of this firm (404 `members.not_found` otherwise); audited as `member.sessions_end`." +
          STAFF_ONLY_NOTE,
        params: PersonParamsSchema,
        response: { 200: EndedSessionsSchema, ...errors },
      },
    },
    async (request) => ({
      ended: await endClientSessions(db, staffCallerOf(request), request.params.userId),
    }),
  );

  app.get(
    '/api/staff/people/:userId/sign-ins',
    {
      schema: {
        ...doc,
        summary: "A client's last sign-ins",
        description:
          'The last 20 sign-ins of the person at the embedded provider, newest first: when, how (password, with the authenticator app or a recovery code, or a new password from a link), browser and address. Only a client of this firm (404 `members.not_found` otherwise).' +
          STAFF_ONLY_NOTE,
        params: PersonParamsSchema,
        response: { 200: SignInListSchema, ...errors },
      },
    },
    async (request) => clientSignIns(db, staffCallerOf(request), request.params.userId),
  );
};
