import type { Queryable } from '../db/database.ts';

/**
 * Who belongs to a site: every question other modules ask about `site_members` is a function or fragment of this
 * file (the staff's member use cases are `sites.staff.repository.ts`). A client belongs to a site while they are a
 * member of it and it is not archived.
 */

/**
 * The live memberships as a relation for a query's FROM or JOIN, `(tenant_code, site_id, site_name, user_id)`:
 * every member of a site that is not archived. The one place that rule is written in SQL.
 */
export const ACTIVE_MEMBERSHIPS = `(SELECT m.tenant_code, m.site_id, s.name AS site_name, m.user_id
  FROM site_members m JOIN sites s ON s.tenant_code = m.tenant_code AND s.id = m.site_id
  WHERE s.archived_at IS NULL)`;

/** Joins the members (`member`) of the site of each row of `alias` (which has `tenant_code` and `site_id`). */
export const siteMembersJoin = (member: string, alias: string) =>
  `JOIN site_members ${member} ON ${member}.tenant_code = ${alias}.tenant_code AND ${member}.site_id = ${alias}.site_id`;

/** The ids of a site's members (the recipients of its clients' mails), in a stable order. */
export async function siteMemberIds(tx: Queryable, tenantCode: string, siteId: string): Promise<string[]> {
  const { rows } = await tx.query<{ user_id: string }>(
    'SELECT user_id FROM site_members WHERE tenant_code = $1 AND site_id = $2 ORDER BY user_id',
    [tenantCode, siteId],
  );
  return rows.map((r) => r.user_id);
}

/** Whether the person is (still) a member of the site. */
export async function isSiteMember(
  tx: Queryable,
  tenantCode: string,
  siteId: string,
  userId: string,
): Promise<boolean> {
  const { rows } = await tx.query(
    'SELECT 1 FROM site_members WHERE tenant_code = $1 AND site_id = $2 AND user_id = $3',
    [tenantCode, siteId, userId],
  );
  return rows.length > 0;
}

/** Makes the person a member of the site (the demo seed's rows; the staff add members with `addSiteMember`). */
export async function insertMembership(tx: Queryable, tenantCode: string, siteId: string, userId: string) {
  await tx.query('INSERT INTO site_members (tenant_code, site_id, user_id) VALUES ($1, $2, $3)', [
    tenantCode,
    siteId,
    userId,
  ]);
}

/** A person's roles in a tenant and the tenant's record of them (`tenant_people`, decision 7). */
export interface RolesRow {
  is_staff: boolean;
  /** A member of at least one of the tenant's sites that is not archived. */
  is_client: boolean;
  name: string | null;
  email: string | null;
  accepted: boolean;
}

export async function rolesInTenant(
  tx: Queryable,
  tenantCode: string,
  userId: string,
): Promise<RolesRow | undefined> {
  const { rows } = await tx.query<RolesRow>(
    `SELECT EXISTS (SELECT 1 FROM tenant_staff WHERE tenant_code = $1 AND user_id = $2) AS is_staff,
            EXISTS (SELECT 1 FROM ${ACTIVE_MEMBERSHIPS} am WHERE am.tenant_code = $1 AND am.user_id = $2) AS is_client,
            p.name, p.email, p.accepted_at IS NOT NULL AS accepted
     FROM (VALUES (1)) one LEFT JOIN tenant_people p ON p.tenant_code = $1 AND p.user_id = $2`,
    [tenantCode, userId],
  );
  return rows[0];
}

/** The ids of the firm's staff (to be told of what concerns the firm: a client's files, a file held by the scan). */
export async function staffIdsOf(tx: Queryable, tenantCode: string): Promise<string[]> {
  const { rows } = await tx.query<{ user_id: string }>(
    'SELECT user_id FROM tenant_staff WHERE tenant_code = $1',
    [tenantCode],
  );
  return rows.map((r) => r.user_id);
}

/** A person a file of a site may be assigned to: the firm's staff, or a client who is a live member of the site. */
export interface AssignablePersonRow {
  user_id: string;
  name: string | null;
  is_staff: boolean;
}

/**
 * Who a file of the site may be assigned to (issue 27 item 2): the firm's staff, then the site's members while it
 * is not archived, each by the name this firm knows them by (tenant_people), staff first, then by name.
 */
export async function assignablePeople(
  tx: Queryable,
  tenantCode: string,
  siteId: string,
): Promise<AssignablePersonRow[]> {
  const { rows } = await tx.query<AssignablePersonRow>(
    `SELECT who.user_id, p.name, bool_or(who.is_staff) AS is_staff
     FROM (SELECT user_id, true AS is_staff FROM tenant_staff WHERE tenant_code = $1
           UNION ALL
           SELECT am.user_id, false FROM ${ACTIVE_MEMBERSHIPS} am WHERE am.tenant_code = $1 AND am.site_id = $2) who
     LEFT JOIN tenant_people p ON p.tenant_code = $1 AND p.user_id = who.user_id
     GROUP BY who.user_id, p.name
     ORDER BY bool_or(who.is_staff) DESC, lower(coalesce(p.name, '')), who.user_id`,
    [tenantCode, siteId],
  );
  return rows;
}

/**
 * Whether the person may be handed files of every one of these sites: staff of the firm, or a live member of each
 * site (not archived). Answers the sites they may not be given files of (none when staff).
 */
export async function sitesNotAssignableTo(
  tx: Queryable,
  tenantCode: string,
  userId: string,
  siteIds: readonly string[],
): Promise<string[]> {
  const { rows } = await tx.query<{ site_id: string }>(
    `SELECT s.site_id FROM unnest($3::uuid[]) AS s(site_id)
     WHERE NOT EXISTS (SELECT 1 FROM tenant_staff st WHERE st.tenant_code = $1 AND st.user_id = $2)
       AND NOT EXISTS (SELECT 1 FROM ${ACTIVE_MEMBERSHIPS} am
                       WHERE am.tenant_code = $1 AND am.site_id = s.site_id AND am.user_id = $2)`,
    [tenantCode, userId, siteIds],
  );
  return rows.map((r) => r.site_id);
}
