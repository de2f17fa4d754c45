import type { StaffMember } from '@portico/contracts';
import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';
import { ACTIVE_MEMBERSHIPS } from '../sites/members.repository.ts';
import { hasAccountSql } from '../sites/sites.staff.repository.ts';

/** Whether the person has an embedded account with a password (sites.staff.repository.ts says how). */
export async function hasAccount(tx: Queryable, userId: string): Promise<boolean> {
  const { rows } = await tx.query<{ yes: boolean }>(`SELECT ${hasAccountSql('$1::uuid')} AS yes`, [userId]);
  return rows[0]?.yes ?? false;
}

interface PersonOfFirm {
  name: string;
  email: string;
  isStaff: boolean;
  /** The first (by name) of the live sites they are a member of. */
  siteName: string | null;
}

/** The person as this firm knows them and their role in it; undefined for someone the firm has no record of. */
export async function personOfFirm(tx: Queryable, caller: Caller, userId: string) {
  const { rows } = await tx.query<PersonOfFirm & { is_staff: boolean; site_name: string | null }>(
    `SELECT p.name, p.email,
            EXISTS (SELECT 1 FROM tenant_staff t WHERE t.tenant_code = $1 AND t.user_id = $2) AS is_staff,
            (SELECT am.site_name FROM ${ACTIVE_MEMBERSHIPS} am WHERE am.tenant_code = $1 AND am.user_id = $2
              ORDER BY lower(am.site_name) LIMIT 1) AS site_name
     FROM tenant_people p WHERE p.tenant_code = $1 AND p.user_id = $2`,
    [caller.tenantCode, userId],
  );
  const row = rows[0];
  if (!row) return undefined;
  return { name: row.name, email: row.email, isStaff: row.is_staff, siteName: row.site_name };
}

/**
 * Marks the firm's invitation of the person accepted, with the name they gave themselves where they gave one;
 * answers the name the firm's record now holds, or undefined if it was accepted already.
 */
export async function markInvitationAccepted(
  tx: Queryable,
  tenantCode: string,
  userId: string,
  ownName: string | null,
): Promise<string | undefined> {
  const { rows } = await tx.query<{ name: string }>(
    `UPDATE tenant_people SET accepted_at = now(), name = coalesce($3, name)
     WHERE tenant_code = $1 AND user_id = $2 AND accepted_at IS NULL RETURNING name`,
    [tenantCode, userId, ownName],
  );
  return rows[0]?.name;
}

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

export async function listStaffMembers(tx: Queryable, caller: Caller): Promise<StaffMember[]> {
  const { rows } = await tx.query<StaffRow>(
    `${STAFF_SELECT} WHERE t.tenant_code = $1 ORDER BY lower(p.name), lower(p.email), t.user_id`,
    [caller.tenantCode],
  );
  return rows.map(toStaffMember);
}

/** Makes the person staff of the firm; answers whether they were not already. */
export async function insertStaffMember(tx: Queryable, caller: Caller, userId: string): Promise<boolean> {
  const inserted = await tx.query(
    `INSERT INTO tenant_staff (tenant_code, user_id) VALUES ($1, $2)
     ON CONFLICT (tenant_code, user_id) DO NOTHING RETURNING user_id`,
    [caller.tenantCode, userId],
  );
  return inserted.rows.length > 0;
}

/** One staff member of the firm (who must be one). */
export async function findStaffMember(tx: Queryable, caller: Caller, userId: string): Promise<StaffMember> {
  const { rows } = await tx.query<StaffRow>(`${STAFF_SELECT} WHERE t.tenant_code = $1 AND t.user_id = $2`, [
    caller.tenantCode,
    userId,
  ]);
  return toStaffMember(rows[0]!);
}
