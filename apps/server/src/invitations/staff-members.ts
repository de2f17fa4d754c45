import {
  type Invitation,
  type InviteStaffBody,
  STAFF_AUDIT_ACTIONS,
  type StaffMember,
} from '@portico/contracts';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/caller.ts';
import type { Database } from '../db/database.ts';
import { findOrCreateUserByEmail, recordPerson } from '../sites/sites.staff.repository.ts';
import { findStaffMember, insertStaffMember, listStaffMembers } from './invitations.repository.ts';
import { type InvitationSettings, inviteIfNoAccount } from './invitations.usecases.ts';

export { listStaffMembers };

/**
 * Makes a person staff of the firm by e-mail, created if the portal does not know the address, and invites them
 * if they cannot sign in yet: all in one transaction with its audit events and the mail. Making someone staff
 * twice changes nothing and sends nothing.
 */
export async function inviteStaff(
  db: Database,
  caller: Caller,
  body: InviteStaffBody,
  settings: InvitationSettings,
): Promise<{ member: StaffMember; added: boolean; invitation: Invitation | undefined }> {
  const email = body.email.trim();
  return db.withTenant(caller.tenantCode, async (tx) => {
    const userId = await findOrCreateUserByEmail(tx, email);
    await recordPerson(tx, caller, userId, { name: body.name?.trim() || email, email });
    const added = await insertStaffMember(tx, caller, userId);
    const member = await findStaffMember(tx, caller, userId);
    if (!added) return { member, added, invitation: undefined };
    await recordAuditEvents(tx, [
      {
        tenantCode: caller.tenantCode,
        siteId: null,
        userId: caller.user.id,
        action: STAFF_AUDIT_ACTIONS.staffAdd,
        detail: { userId, email: member.email, name: member.name },
      },
    ]);
    const invitation = await inviteIfNoAccount(tx, caller, userId, settings, {});
    return { member, added, invitation };
  });
}
