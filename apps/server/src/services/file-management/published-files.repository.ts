import {
  FILE_DOWNLOAD_AUDIT_ACTION,
  type FileSortField,
  type PublishedFile,
  type PublishedFileList,
  type SortOrder,
} from '@portico/contracts';
import type { TenantScope } from '../../auth/current-user.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { assertClientsSeeFiles } from '../../files/file-access.ts';
import { pageBoundsSql, siteCounterColumn, totalForPage } from '../../files/list-total.ts';
import { AppError } from '../../http/app-error.ts';
import type { SiteSettingsCache } from '../portal/site-settings-cache.ts';
import { containsPattern, findVisibleSite, visibleSiteGuard } from '../portal/sites.repository.ts';

export interface PublishedFileFilter {
  siteId: string;
  search?: string | undefined;
  /** `YYYY-MM-DD`, inclusive, a UTC day. */
  from?: string | undefined;
  to?: string | undefined;
}

export interface PublishedFilePage {
  limit: number;
  offset: number;
  sortBy: FileSortField;
  sortOrder: SortOrder;
}

/** The only SQL a sort field becomes; the query names a key of this map, never a column. */
const SORT_COLUMNS: Record<FileSortField, (table: string) => string> = {
  title: (t) => `lower(${t}.title)`,
  fileName: (t) => `lower(${t}.file_name)`,
  size: (t) => `${t}.size`,
  createdAt: (t) => `${t}.created_at`,
};

interface FileRow {
  id: string;
  site_id: string;
  title: string;
  file_name: string;
  content_type: string;
  size: number | bigint | string;
  created_at: Date | string;
  is_new: boolean;
}

const PUBLISHED_FILES_HIDDEN = 'Published files are not shown for this site (portalFilesView).';

/** WHERE over `files f` with its parameters; `$1` is the tenant, `$2` the site. */
function filterSql(scope: TenantScope, filter: PublishedFileFilter) {
  const params: unknown[] = [scope.tenantCode, filter.siteId];
  const where = ['f.tenant_code = $1', 'f.site_id = $2', "f.direction = 'published'", 'f.deleted_at IS NULL'];
  if (filter.search) {
    params.push(containsPattern(filter.search));
    where.push(
      `(f.title ILIKE $${params.length} ESCAPE '\\' OR f.file_name ILIKE $${params.length} ESCAPE '\\')`,
    );
  }
  // Days are UTC days, whatever the database session's time zone is.
  if (filter.from) {
    params.push(filter.from);
    where.push(`f.created_at >= ($${params.length}::date)::timestamp AT TIME ZONE 'UTC'`);
  }
  if (filter.to) {
    params.push(filter.to);
    where.push(`f.created_at < ($${params.length}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  }
  return { where: where.join(' AND '), params };
}

function checkRange(filter: PublishedFileFilter) {
  if (filter.from && filter.to && filter.from > filter.to) {
    throw new AppError(
      'request.invalid',
      `The date range is empty: "from" (${filter.from}) is after "to" (${filter.to}).`,
    );
  }
}

const isFiltered = (filter: PublishedFileFilter) => Boolean(filter.search || filter.from || filter.to);

/**
 * How many published files of the site match, as one row `n`, if the caller may see the site (`visibleSiteGuard`;
 * no row otherwise): with no search or date filter, the site's counter (`file_counts`, kept exact by triggers on
 * `files`, migration 0005), one row instead of a count over every file of the site; a filtered query counts its
 * (narrower) rows. A site with no counter row yet has no files.
 */
function countSql(scope: TenantScope, filter: PublishedFileFilter) {
  if (!isFiltered(filter)) {
    const guard = visibleSiteGuard(scope, 3);
    return {
      sql: `SELECT n::int AS n FROM file_counts
            WHERE tenant_code = $1 AND site_id = $2 AND direction = 'published' AND ${guard.sql}`,
      params: [scope.tenantCode, filter.siteId, ...guard.params],
    };
  }
  const { where, params } = filterSql(scope, filter);
  const guard = visibleSiteGuard(scope, params.length + 1);
  return {
    sql: `SELECT c.n FROM (SELECT count(*)::int AS n FROM files f WHERE ${where}) c WHERE ${guard.sql}`,
    params: [...params, ...guard.params],
  };
}

/** The count of `countSql`; a site the caller may not see answers `sites.not_found`. */
async function countMatching(tx: Queryable, scope: TenantScope, filter: PublishedFileFilter) {
  const { sql, params } = countSql(scope, filter);
  const [counted] = (await tx.query<{ n: number }>(sql, params)).rows;
  if (counted) return counted.n;
  await findVisibleSite(tx, scope, filter.siteId);
  return 0;
}

/** How many published files of a site match; the Published Files badge asks with no filter but the site. */
export async function countPublishedFiles(
  db: Database,
  settings: SiteSettingsCache,
  scope: TenantScope,
  filter: PublishedFileFilter,
): Promise<number> {
  checkRange(filter);
  return db.readTenant(scope.tenantCode, async (tx) => {
    const count = await countMatching(tx, scope, filter);
    await assertClientsSeeFiles(tx, scope, filter.siteId, settings, PUBLISHED_FILES_HIDDEN);
    return count;
  });
}

/**
 * One page of a site's published files, with `isNew` meaning the caller has not downloaded it yet: the site's
 * visibility and the page in one statement (`visibleSiteGuard`), then the settings' gate for clients.
 */
export async function listPublishedFiles(
  db: Database,
  settings: SiteSettingsCache,
  scope: TenantScope,
  filter: PublishedFileFilter,
  page: PublishedFilePage,
): Promise<PublishedFileList> {
  checkRange(filter);
  return db.readTenant(scope.tenantCode, async (tx) => {
    const { where, params } = filterSql(scope, filter);
    const direction = page.sortOrder === 'asc' ? 'ASC' : 'DESC';
    const order = (table: string) =>
      `${SORT_COLUMNS[page.sortBy](table)} ${direction}, ${table}.id ${direction}`;
    const n = params.length;
    const guard = visibleSiteGuard(scope, n + 3);
    // The page first, then the "New" marker of its rows alone, so no plan weighs the marker's lookup for more rows
    // than the page has (pageBoundsSql says why the page's bounds are literals).
    const { rows } = await tx.query<FileRow & { site_file_count?: number }>(
      `SELECT p.*,
              NOT EXISTS (SELECT 1 FROM audit_events a
                          WHERE a.tenant_code = $1 AND a.file_id = p.id
                            AND a.user_id = $${n + 1} AND a.action = $${n + 2}) AS is_new
       FROM (SELECT f.id, f.site_id, f.title, f.file_name, f.content_type, f.size, f.created_at
                    ${isFiltered(filter) ? '' : `, ${siteCounterColumn('published')}`}
             FROM files f
             WHERE ${where} AND ${guard.sql}
             ORDER BY ${order('f')}
             ${pageBoundsSql(page)}) p
       ORDER BY ${order('p')}`,
      [...params, scope.user.id, FILE_DOWNLOAD_AUDIT_ACTION, ...guard.params],
    );
    if (rows.length === 0) await findVisibleSite(tx, scope, filter.siteId);
    await assertClientsSeeFiles(tx, scope, filter.siteId, settings, PUBLISHED_FILES_HIDDEN);
    const total = await totalForPage(rows, page, () => countMatching(tx, scope, filter));
    return { records: rows.map(toPublishedFile), totalRecordCount: total };
  });
}

/** Both engines hand timestamps over as Dates; a string would be one a test or a caller built. */
const isoDate = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

const toPublishedFile = (row: FileRow): PublishedFile => ({
  id: row.id,
  siteId: row.site_id,
  title: row.title,
  fileName: row.file_name,
  contentType: row.content_type,
  size: Number(row.size),
  createdAt: isoDate(row.created_at),
  isNew: row.is_new,
});
