import {
  type Invitation,
  type InviteStaffBody,
  STAFF_AUDIT_ACTIONS,
  type StaffMember,
} from '@portico/contracts';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { TenantScope } from '../auth/tenant-scope.ts';
import type { Database, Queryable } from '../db/database.ts';
import { findOrCreateUserByEmail, hasAccountSql, recordPerson } from '../sites/sites.staff.repository.ts';
import { type InvitationSettings, inviteIfNoAccount } from './invitations.usecases.ts';

interface StaffRow {
  user_id: string;
  name: string;
  email: string;
  created_at: Date | string;
  has_account: boolean;
}

/** The firm's staff as the firm knows them (`tenant_people`), never as another firm typed them. */
const STAFF_SELECT = `
  SELECT t.user_id, coalesce(p.name, '') AS name, coalesce(p.email, '') AS email, t.created_at,
         ${hasAccountSql('t.user_id')} AS has_account
  FROM tenant_staff t LEFT JOIN tenant_people p ON p.tenant_code = t.tenant_code AND p.user_id = t.user_id`;

const toStaffMember = (row: StaffRow): StaffMember => ({
  userId: row.user_id,
  name: row.name,
  email: row.email,
  addedAt: new Date(row.created_at).toISOString(),
  hasAccount: row.has_account,
});

export async function listStaffMembers(tx: Queryable, scope: TenantScope): Promise<StaffMember[]> {
  const { rows } = await tx.query<StaffRow>(
    `${STAFF_SELECT} WHERE t.tenant_code = $1 ORDER BY lower(p.name), lower(p.email), t.user_id`,
    [scope.tenantCode],
  );
  return rows.map(toStaffMember);
}

/**
 * Makes a person staff of the firm by e-mail, created if the portal does not know the address, and invites them
 * if they cannot sign in yet: all in one transaction with its audit events and the mail. Making someone staff
 * twice changes nothing and sends nothing.
 */
export async function inviteStaff(
  db: Database,
  scope: TenantScope,
  body: InviteStaffBody,
  settings: InvitationSettings,
): Promise<{ member: StaffMember; added: boolean; invitation: Invitation | undefined }> {
  const email = body.email.trim();
  return db.withTenant(scope.tenantCode, async (tx) => {
    const userId = await findOrCreateUserByEmail(tx, email);
    await recordPerson(tx, scope, userId, { name: body.name?.trim() || email, email });
    const inserted = await tx.query(
      `INSERT INTO tenant_staff (tenant_code, user_id) VALUES ($1, $2)
       ON CONFLICT (tenant_code, user_id) DO NOTHING RETURNING user_id`,
      [scope.tenantCode, userId],
    );
    const added = inserted.rows.length > 0;
    const { rows } = await tx.query<StaffRow>(`${STAFF_SELECT} WHERE t.tenant_code = $1 AND t.user_id = $2`, [
      scope.tenantCode,
      userId,
    ]);
    const member = toStaffMember(rows[0]!);
    if (!added) return { member, added, invitation: undefined };
    await recordAuditEvents(tx, [
      {
        tenantCode: scope.tenantCode,
        siteId: null,
        userId: scope.user.id,
        action: STAFF_AUDIT_ACTIONS.staffAdd,
        detail: { userId, email: member.email, name: member.name },
      },
    ]);
    const invitation = await inviteIfNoAccount(tx, scope, userId, settings, {});
    return { member, added, invitation };
  });
}
