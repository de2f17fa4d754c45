import type { SiteMember, SortOrder, StaffSite, StaffSiteList, StaffSiteSortField } from '@portico/contracts';
import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';
import { containsPattern } from '../db/sql-fragments.ts';
import { AppError } from '../http/app-error.ts';

/**
 * Sites as the firm's staff manage them: every site of the tenant, archived ones included. Functions take the
 * caller's tenant transaction; the use cases open it and write the audit events in it.
 */

export interface StaffSiteListOptions {
  limit: number;
  offset: number;
  search?: string | undefined;
  includeArchived: boolean;
  sortBy: StaffSiteSortField;
  sortOrder: SortOrder;
}

/** The only SQL a sort field becomes. */
const SORT_COLUMNS: Record<StaffSiteSortField, string> = {
  name: 'lower(s.name)',
  reference: 'lower(s.reference)',
  createdAt: 's.created_at',
};

interface StaffSiteRow {
  id: string;
  name: string;
  reference: string | null;
  archived_at: Date | string | null;
  created_at: Date | string;
  member_count: number;
  published_count: number;
  submitted_count: number;
}

/** A site of the tenant, with the counts the console shows; `$1` is the tenant. */
const STAFF_SITE_SELECT = `
  SELECT s.id, s.name, s.reference, s.archived_at, s.created_at,
         (SELECT count(*) FROM site_members m WHERE m.tenant_code = s.tenant_code AND m.site_id = s.id)::int AS member_count,
         (SELECT count(*) FROM files f WHERE f.tenant_code = s.tenant_code AND f.site_id = s.id
            AND f.direction = 'published' AND f.deleted_at IS NULL)::int AS published_count,
         (SELECT count(*) FROM files f WHERE f.tenant_code = s.tenant_code AND f.site_id = s.id
            AND f.direction = 'submitted' AND f.deleted_at IS NULL)::int AS submitted_count
  FROM sites s`;

const iso = (value: Date | string) => new Date(value).toISOString();

const toStaffSite = (row: StaffSiteRow): StaffSite => ({
  id: row.id,
  name: row.name,
  reference: row.reference,
  archived: row.archived_at !== null,
  archivedAt: row.archived_at === null ? null : iso(row.archived_at),
  createdAt: iso(row.created_at),
  memberCount: row.member_count,
  publishedFileCount: row.published_count,
  submittedFileCount: row.submitted_count,
});

export const siteNotFound = () => new AppError('sites.not_found', 'There is no such site in this firm.');

/** One page of the tenant's sites with their counts. */
export async function listStaffSites(
  tx: Queryable,
  caller: Pick<Caller, 'tenantCode'>,
  options: StaffSiteListOptions,
): Promise<StaffSiteList> {
  const params: unknown[] = [caller.tenantCode];
  const where = ['s.tenant_code = $1'];
  if (!options.includeArchived) where.push('s.archived_at IS NULL');
  if (options.search) {
    params.push(containsPattern(options.search));
    const p = `$${params.length}`;
    where.push(`(s.name ILIKE ${p} ESCAPE '\\' OR s.reference ILIKE ${p} ESCAPE '\\')`);
  }
  const whereSql = where.join(' AND ');
  const total = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM sites s WHERE ${whereSql}`,
    params,
  );
  const direction = options.sortOrder === 'desc' ? 'DESC' : 'ASC';
  const n = params.length;
  const { rows } = await tx.query<StaffSiteRow>(
    `${STAFF_SITE_SELECT}
     WHERE ${whereSql}
     ORDER BY ${SORT_COLUMNS[options.sortBy]} ${direction} NULLS LAST, s.name ${direction}, s.id ${direction}
     LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...params, options.limit, options.offset],
  );
  return { records: rows.map(toStaffSite), totalRecordCount: total.rows[0]?.n ?? 0 };
}

/**
 * A site of the caller's tenant, archived or not; `lock` holds its row until the transaction ends, so changes
 * to one site (and to its settings) take turns. Another tenant's site answers like a missing one.
 */
export async function findTenantSite(
  tx: Queryable,
  caller: Pick<Caller, 'tenantCode'>,
  siteId: string,
  options: { lock?: boolean } = {},
): Promise<StaffSite> {
  const { rows } = await tx.query<StaffSiteRow>(
    `${STAFF_SITE_SELECT} WHERE s.tenant_code = $1 AND s.id = $2${options.lock ? ' FOR UPDATE OF s' : ''}`,
    [caller.tenantCode, siteId],
  );
  if (!rows[0]) throw siteNotFound();
  return toStaffSite(rows[0]);
}

export async function insertSite(
  tx: Queryable,
  caller: Caller,
  site: { name: string; reference: string | null },
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    'INSERT INTO sites (tenant_code, name, reference) VALUES ($1, $2, $3) RETURNING id',
    [caller.tenantCode, site.name, site.reference],
  );
  return rows[0]!.id;
}

export async function updateSite(
  tx: Queryable,
  caller: Caller,
  siteId: string,
  change: { name: string; reference: string | null; archived: boolean },
) {
  await tx.query(
    `UPDATE sites SET name = $3, reference = $4,
       archived_at = CASE WHEN $5::boolean THEN coalesce(archived_at, now()) ELSE NULL END
     WHERE tenant_code = $1 AND id = $2`,
    [caller.tenantCode, siteId, change.name, change.reference, change.archived],
  );
}

interface MemberRow {
  user_id: string;
  name: string;
  email: string;
  created_at: Date | string;
  has_account: boolean;
}

const toMember = (row: MemberRow): SiteMember => ({
  userId: row.user_id,
  name: row.name,
  email: row.email,
  addedAt: iso(row.created_at),
  hasAccount: row.has_account,
});

/**
 * Whether the person `userColumn` names can sign in: an account at the embedded provider, or a sign-in linked
 * through an external one. Until then the firm's invitation is pending.
 */
export const hasAccountSql = (userColumn: string) =>
  `(EXISTS (SELECT 1 FROM idp_accounts ia WHERE ia.user_id = ${userColumn})
    OR EXISTS (SELECT 1 FROM user_identities ui WHERE ui.user_id = ${userColumn}))`;

/**
 * A member as the firm knows them: name and address from the firm's own record of the person
 * (`tenant_people`), never from the global `users` row, which other firms share. `m` is the membership.
 */
const MEMBER_COLUMNS = `m.user_id, coalesce(p.name, '') AS name, coalesce(p.email, '') AS email, m.created_at,
  ${hasAccountSql('m.user_id')} AS has_account`;
// Every member has a record (migration 0007); a LEFT JOIN all the same, so a missing one can never hide a member.
const PERSON_JOIN = 'LEFT JOIN tenant_people p ON p.tenant_code = m.tenant_code AND p.user_id = m.user_id';

export async function listSiteMembers(
  tx: Queryable,
  caller: Pick<Caller, 'tenantCode'>,
  siteId: string,
): Promise<SiteMember[]> {
  const { rows } = await tx.query<MemberRow>(
    `SELECT ${MEMBER_COLUMNS}
     FROM site_members m ${PERSON_JOIN}
     WHERE m.tenant_code = $1 AND m.site_id = $2
     ORDER BY lower(p.name), lower(p.email), m.user_id`,
    [caller.tenantCode, siteId],
  );
  return rows.map(toMember);
}

/**
 * The id of the person with this e-mail (compared without case), created if the portal does not know it yet,
 * without a name: a name typed by a firm goes into that firm's record only (`recordPerson`). They are linked to
 * their sign-in on their first call with a verified address (see current-user.ts). What the caller learns is an
 * id, which looks the same whether it was just created or not.
 */
export async function findOrCreateUserByEmail(tx: Queryable, email: string): Promise<string> {
  const inserted = await tx.query<{ id: string }>(
    'INSERT INTO users (email) VALUES ($1) ON CONFLICT ((lower(email))) DO NOTHING RETURNING id',
    [email],
  );
  if (inserted.rows[0]) return inserted.rows[0].id;
  return (await findUserIdByEmail(tx, email))!;
}

/** The id of the person with this e-mail (compared without case), if the portal knows them. */
export async function findUserIdByEmail(tx: Queryable, email: string): Promise<string | undefined> {
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = lower($1)', [
    email,
  ]);
  return rows[0]?.id;
}

/**
 * The firm's record of a person: written with the name and address its staff typed when the firm first deals
 * with them, and kept as it is afterwards. Answers whether the person is new to the firm.
 */
export async function recordPerson(
  tx: Queryable,
  caller: Pick<Caller, 'tenantCode'>,
  userId: string,
  person: { name: string; email: string },
): Promise<boolean> {
  const { rows } = await tx.query(
    `INSERT INTO tenant_people (tenant_code, user_id, name, email) VALUES ($1, $2, $3, $4)
     ON CONFLICT (tenant_code, user_id) DO NOTHING RETURNING user_id`,
    [caller.tenantCode, userId, person.name, person.email],
  );
  return rows.length > 0;
}

/** Adds a member; answers the membership and whether it is new (adding twice changes nothing). */
export async function insertSiteMember(
  tx: Queryable,
  caller: Caller,
  siteId: string,
  userId: string,
): Promise<{ member: SiteMember; added: boolean }> {
  const inserted = await tx.query(
    `INSERT INTO site_members (tenant_code, site_id, user_id) VALUES ($1, $2, $3)
     ON CONFLICT (site_id, user_id) DO NOTHING RETURNING user_id`,
    [caller.tenantCode, siteId, userId],
  );
  const { rows } = await tx.query<MemberRow>(
    `SELECT ${MEMBER_COLUMNS}
     FROM site_members m ${PERSON_JOIN}
     WHERE m.tenant_code = $1 AND m.site_id = $2 AND m.user_id = $3`,
    [caller.tenantCode, siteId, userId],
  );
  return { member: toMember(rows[0]!), added: inserted.rows.length > 0 };
}

/** Removes a member; answers who it was, or undefined if they were not one. */
export async function deleteSiteMember(
  tx: Queryable,
  caller: Caller,
  siteId: string,
  userId: string,
): Promise<SiteMember | undefined> {
  const { rows } = await tx.query<MemberRow>(
    `WITH m AS (
       DELETE FROM site_members WHERE tenant_code = $1 AND site_id = $2 AND user_id = $3
       RETURNING tenant_code, user_id, created_at)
     SELECT ${MEMBER_COLUMNS} FROM m ${PERSON_JOIN}`,
    [caller.tenantCode, siteId, userId],
  );
  return rows[0] ? toMember(rows[0]) : undefined;
}

/**
 * The id of the tenant's site an operator names by its id, its reference or its exact name (case aside); a name
 * that several sites share is refused, so a command never picks one at random.
 */
export async function findSiteIdByRef(tx: Queryable, caller: Pick<Caller, 'tenantCode'>, ref: string) {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id FROM sites
     WHERE tenant_code = $1 AND (id::text = lower($2) OR reference = $2 OR lower(name) = lower($2))
     ORDER BY id::text = lower($2) DESC, coalesce(reference = $2, false) DESC LIMIT 2`,
    [caller.tenantCode, ref.trim()],
  );
  if (!rows[0]) throw siteNotFound();
  if (rows[1] && rows[0].id !== ref.trim().toLowerCase()) {
    throw new AppError(
      'request.invalid',
      `Several sites match "${ref}": name the site by its id or reference.`,
    );
  }
  return rows[0].id;
}

/** Which of these sites are live (not archived) sites of the tenant: the ids found, each once. */
export async function findLiveSiteIds(
  tx: Queryable,
  caller: Pick<Caller, 'tenantCode'>,
  siteIds: readonly string[],
): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    'SELECT id FROM sites WHERE tenant_code = $1 AND id = ANY($2::uuid[]) AND archived_at IS NULL',
    [caller.tenantCode, siteIds],
  );
  return rows.map((r) => r.id);
}
