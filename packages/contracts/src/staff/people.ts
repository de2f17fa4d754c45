import { type Static, Type } from 'typebox';
import { TenantCodeSchema } from '../discovery.ts';
import { EmailSchema, nonBlankTextSchema, nullableDateTime, UserIdSchema } from './common.ts';
import { firmPersonProperties } from './sites.ts';

/**
 * The firm's staff and the invitations that bring people in. Someone added by e-mail who has no account yet is
 * sent an invitation: with the embedded provider a single-use link (7 days) to set a password, with an external
 * OpenID provider a link to the portal's sign-in.
 */

export const StaffMemberSchema = Type.Object(firmPersonProperties, {
  $id: 'StaffMember',
  description: 'Someone who works in the control panel of the firm.',
});
export type StaffMember = Static<typeof StaffMemberSchema>;

export const StaffMemberListSchema = Type.Object(
  {
    records: Type.Array(StaffMemberSchema, { description: 'Every staff member, ordered by name.' }),
    totalRecordCount: Type.Integer({ minimum: 0 }),
  },
  { $id: 'StaffMemberList' },
);
export type StaffMemberList = Static<typeof StaffMemberListSchema>;

export const InviteStaffBodySchema = Type.Object(
  {
    email: EmailSchema,
    name: Type.Optional(
      nonBlankTextSchema(200, 'How the firm names a person new to it (default: the address).'),
    ),
  },
  { $id: 'InviteStaffBody', additionalProperties: false },
);
export type InviteStaffBody = Static<typeof InviteStaffBodySchema>;

export const PersonParamsSchema = Type.Object({ tenant: TenantCodeSchema, userId: UserIdSchema });
export type PersonParams = Static<typeof PersonParamsSchema>;

export const InvitationSchema = Type.Object(
  {
    userId: UserIdSchema,
    email: Type.String({ description: 'Where the invitation was sent.' }),
    expiresAt: nullableDateTime(
      'When the set-password link stops working; null when it links to an external sign-in.',
    ),
  },
  {
    $id: 'Invitation',
    description: 'An invitation just sent; earlier links to the same person stop working.',
  },
);
export type Invitation = Static<typeof InvitationSchema>;
