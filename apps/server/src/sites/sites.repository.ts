import type { Site, SiteList, SiteRecordCount } from '@portico/contracts';
import type { Caller } from '../auth/caller.ts';
import type { Database, Queryable } from '../db/database.ts';
import { containsPattern } from '../db/sql-fragments.ts';
import { AppError } from '../http/app-error.ts';
import { effectiveFileAreaSettings, settingsColumns, settingsJoin } from './file-area-settings.ts';

export interface SiteListOptions {
  limit: number;
  offset: number;
  search?: string | undefined;
}

interface SiteRow {
  id: string;
  name: string;
  reference: string | null;
  tenant_settings: unknown;
  site_settings: unknown;
}

/**
 * Which sites of the tenant a caller sees, as a WHERE fragment over `alias`: staff see every site that is not
 * archived, clients the ones they are a member of. `$1` is the tenant; the caller's id and staff flag are the
 * parameters named (`visibilityParams` gives all three, as `$1`..`$3` by default).
 */
const visibleSites = (
  alias: string,
  user = '$2',
  staff = '$3',
) => `${alias}.tenant_code = $1 AND ${alias}.archived_at IS NULL
  AND (${staff}::boolean OR EXISTS (
    SELECT 1 FROM site_members m
    WHERE m.tenant_code = ${alias}.tenant_code AND m.site_id = ${alias}.id AND m.user_id = ${user}))`;
const visibilityParams = (caller: Caller): unknown[] => [
  caller.tenantCode,
  caller.user.id,
  caller.user.isStaff,
];

const toSite = (row: SiteRow): Site => ({
  id: row.id,
  name: row.name,
  reference: row.reference,
  fileAreaSettings: effectiveFileAreaSettings(row.tenant_settings, row.site_settings),
});

/** One page of the sites the caller sees, ordered by name, with the total across pages. */
export async function listSites(db: Database, caller: Caller, options: SiteListOptions): Promise<SiteList> {
  const params = visibilityParams(caller);
  let where = visibleSites('s');
  if (options.search) {
    params.push(containsPattern(options.search));
    where += ` AND (s.name ILIKE $4 ESCAPE '\\' OR s.reference ILIKE $4 ESCAPE '\\')`;
  }
  return db.readTenant(caller.tenantCode, async (tx) => {
    const total = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sites s WHERE ${where}`,
      params,
    );
    const page = await tx.query<SiteRow>(
      `SELECT s.id, s.name, s.reference, ${settingsColumns}
       FROM sites s ${settingsJoin('s')}
       WHERE ${where}
       ORDER BY lower(s.name), s.name, s.id
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, options.limit, options.offset],
    );
    return { records: page.rows.map(toSite), totalRecordCount: total.rows[0]?.n ?? 0 };
  });
}

/**
 * The site if the caller may see it. A site of another tenant, of another client, archived or missing all
 * answer the same `sites.not_found`, so an id reveals nothing. Runs inside the caller's tenant transaction.
 */
export async function findVisibleSite(tx: Queryable, caller: Caller, siteId: string): Promise<Site> {
  const { rows } = await tx.query<SiteRow>(
    `SELECT s.id, s.name, s.reference, ${settingsColumns}
     FROM sites s ${settingsJoin('s')}
     WHERE ${visibleSites('s')} AND s.id = $4`,
    [...visibilityParams(caller), siteId],
  );
  if (!rows[0]) throw new AppError('sites.not_found', 'There is no such site, or it is not shared with you.');
  return toSite(rows[0]);
}

/**
 * A condition for a query over one site's rows whose `$1` is the tenant and `$2` the site: true when the caller may
 * see the site, with the caller's id and staff flag as the parameters numbered from `firstParam`. It names no
 * column of the query, so PostgreSQL checks it once, before reading any row (a one-time filter): the page and its
 * visibility are one statement, and no row of a site the caller may not see is read. A guarded query that finds
 * nothing cannot tell an empty site from one the caller may not see: `findVisibleSite` then tells.
 */
export function visibleSiteGuard(caller: Caller, firstParam: number) {
  const user = `$${firstParam}`;
  const staff = `$${firstParam + 1}`;
  return {
    sql: `EXISTS (SELECT 1 FROM sites s WHERE ${visibleSites('s', user, staff)} AND s.id = $2)`,
    params: [caller.user.id, caller.user.isStaff],
  };
}

/** How many files a site the caller sees holds, by direction; deleted files never count. */
export async function countSiteRecords(
  db: Database,
  caller: Caller,
  siteId: string,
): Promise<SiteRecordCount> {
  return db.readTenant(caller.tenantCode, async (tx) => {
    await findVisibleSite(tx, caller, siteId);
    const { rows } = await tx.query<{ published: number; submitted: number }>(
      `SELECT count(*) FILTER (WHERE direction = 'published')::int AS published,
              count(*) FILTER (WHERE direction = 'submitted')::int AS submitted
       FROM files WHERE tenant_code = $1 AND site_id = $2 AND deleted_at IS NULL`,
      [caller.tenantCode, siteId],
    );
    const published = rows[0]?.published ?? 0;
    const submitted = rows[0]?.submitted ?? 0;
    return {
      siteId,
      publishedFileCount: published,
      submittedFileCount: submitted,
      totalRecordCount: published + submitted,
    };
  });
}

/** The fileAreaSettings in force for a site (its tenant's defaults, then its own override), read in `tx`. */
export async function readEffectiveSettings(tx: Queryable, tenantCode: string, siteId: string) {
  const { rows } = await tx.query<{ tenant_settings: unknown; site_settings: unknown }>(
    `SELECT ${settingsColumns} FROM (SELECT $1::text AS tenant_code, $2::uuid AS id) s ${settingsJoin('s')}`,
    [tenantCode, siteId],
  );
  return effectiveFileAreaSettings(rows[0]?.tenant_settings, rows[0]?.site_settings);
}

/**
 * Every site the caller sees (staff: every site that is not archived; a client: those they are a member of), with
 * its settings in force: for what reads across the caller's sites at once ("Assigned to me").
 */
export async function allVisibleSites(tx: Queryable, caller: Caller): Promise<Site[]> {
  const { rows } = await tx.query<SiteRow>(
    `SELECT s.id, s.name, s.reference, ${settingsColumns}
     FROM sites s ${settingsJoin('s')}
     WHERE ${visibleSites('s')}`,
    visibilityParams(caller),
  );
  return rows.map(toSite);
}
