import { ROOT_FOLDER } from '@portico/contracts';
import type { Caller } from '../auth/caller.ts';
import type { Database, Queryable } from '../db/database.ts';
import { folderNotFound } from '../folders/folders.errors.ts';
import { findLiveFolder } from '../folders/folders.repository.ts';
import { heldFileSql, heldInSiteSql, notScannedSql } from '../scanning/scans.repository.ts';
import { requireAccess } from '../sites/access.ts';
import type { SiteSettingsCache } from '../sites/site-settings-cache.ts';
import { findVisibleSite, visibleSiteGuard } from '../sites/sites.repository.ts';
import type { FileDirection } from './file-access.ts';
import { CLASSIFICATION_COLUMNS, type ClassificationRow, classificationSql } from './file-classification.ts';
import {
  addFileFilter,
  checkDateRange,
  type FileListFilter,
  type FileListPage,
  isFiltered,
  orderSql,
  type SortColumns,
  SqlWhere,
} from './file-list-sql.ts';
import { pageBoundsSql, siteCounterColumn, totalForPage } from './list-total.ts';

/**
 * The two lists of a site's files — what the firm published, what clients submitted — are one list over the
 * `files` table with its direction; a `SiteFileList` (site-file-lists.ts) holds everything that differs.
 */
export interface SiteFileFilter extends FileListFilter {
  siteId: string;
}

/** The columns every page of a site's files reads, over `files f`. */
export interface SiteFileRow extends ClassificationRow {
  id: string;
  site_id: string;
  title: string;
  file_name: string;
  content_type: string;
  size: number | bigint | string;
  created_at: Date | string;
  folder_id: string | null;
  version: number;
  checked_out_by: string | null;
  checked_out_until: Date | string | null;
  checked_out_name: string | null;
  /** Set by the lists (and the staff's submissions): the scanner could not scan it (decision 43). */
  not_scanned?: boolean;
}

export interface SiteFileList<SortField extends string, Row extends SiteFileRow, Record> {
  direction: FileDirection;
  /** More columns of `files f` (each with a leading comma), beyond those of `SiteFileRow`. */
  columns: string;
  /** Columns of `files f` that `search` matches. */
  searchColumns: readonly string[];
  sortColumns: SortColumns<SortField>;
  /**
   * Columns worked out for the page's rows only, over the page `p`: what a plan should not weigh for every row of
   * the site (the "New" marker, who submitted it). `param` adds a parameter and answers its placeholder.
   */
  pageColumns(caller: Caller, param: (value: unknown) => string): { select: string; join: string };
  /** What reading the list is in the access vocabulary (sites/access.ts): clients need the site's `portalFilesView`. */
  listAction: 'publishedFiles.list' | 'submittedFiles.list';
  toRecord(row: Row): Record;
}

export const BASE_COLUMNS =
  'f.id, f.site_id, f.title, f.file_name, f.content_type, f.size, f.created_at, f.folder_id, f.version, ' +
  `f.checked_out_by, f.checked_out_until, ${CLASSIFICATION_COLUMNS}, ` +
  // Who holds it checked out, as this firm knows them (looked up for checked-out rows only).
  '(SELECT cp.name FROM tenant_people cp WHERE f.checked_out_by IS NOT NULL AND cp.tenant_code = f.tenant_code ' +
  'AND cp.user_id = f.checked_out_by) AS checked_out_name';

/**
 * What one list of one site reads: `files f`, or with a tag filter the tag's rows first (`file_tags ft0`, decision
 * 62), whose index `file_tags_listing` holds the site's live files of that tag in date order, so a page is a walk
 * of its first entries and not a look-up of every file the tag is on. `$1` is the tenant, `$2` the site.
 */
interface ListSource {
  from: string;
  where: SqlWhere;
  /** The sort columns over this source: newest first reads the tag's index order when a tag drives. */
  sortColumns: SortColumns<string>;
  /** Only one tag, and nothing else narrows the list: its count is the tag index's (`countByTag`). */
  tagOnly: string | undefined;
}

function listSource(
  list: SiteFileList<string, SiteFileRow, unknown>,
  caller: Caller,
  filter: SiteFileFilter,
): ListSource {
  const [tagId, ...moreTags] = [...new Set((filter.tagIds ?? []).map((id) => id.toLowerCase()))];
  const where = new SqlWhere(
    [caller.tenantCode, filter.siteId],
    [
      'f.tenant_code = $1',
      'f.site_id = $2',
      `f.direction = '${list.direction}'`,
      'f.deleted_at IS NULL',
      // Scanning, infected, or unscanned under SCAN_UNSCANNED=block: nobody lists it (decision 43).
      `NOT ${heldFileSql('f')}`,
    ],
  );
  const rest: SiteFileFilter = { ...filter, tagIds: moreTags };
  addFileFilter(where, rest, list.searchColumns);
  if (!tagId) return { from: 'files f', where, sortColumns: list.sortColumns, tagOnly: undefined };
  where.conditions.unshift(
    'ft0.tenant_code = $1',
    `ft0.tag_id = ${where.param(tagId)}::uuid`,
    'ft0.site_id = $2',
    `ft0.direction = '${list.direction}'`,
    'ft0.live',
  );
  return {
    from: 'file_tags ft0 JOIN files f ON f.id = ft0.file_id',
    where,
    sortColumns: { ...list.sortColumns, createdAt: () => 'ft0.created_at' },
    tagOnly: isFiltered(rest) ? undefined : tagId,
  };
}

/**
 * How many live, listable files of one list carry the tag: an index-only count of the tag's rows
 * (`file_tags_listing`) less those held by their virus scan, counted from the few held rows (as the site's counter
 * is, `heldInSiteSql`). `$1` the tenant, `$2` the site, `$3` the tag.
 */
const countByTagSql = (direction: string) =>
  `(SELECT count(*)::int FROM file_tags ft0
    WHERE ft0.tenant_code = $1 AND ft0.tag_id = $3::uuid AND ft0.site_id = $2 AND ft0.direction = '${direction}'
      AND ft0.live)
   - (SELECT count(*)::int FROM blob_scans s JOIN files h ON h.blob_key = s.blob_key
      JOIN file_tags t ON t.file_id = h.id AND t.tag_id = $3::uuid
      WHERE s.tenant_code = $1 AND s.held AND h.tenant_code = $1 AND h.site_id = $2
        AND h.direction = '${direction}' AND h.deleted_at IS NULL)`;

/**
 * A list narrowed to a folder, once the site is known to be visible and listable: a client needs the site's
 * folders on (`folders.list`), and the folder must be a live one of the site (else 404 `folders.not_found`).
 */
async function checkFolderFilter(
  tx: Queryable,
  settings: SiteSettingsCache,
  caller: Caller,
  filter: SiteFileFilter,
) {
  if (!filter.folderId) return;
  await requireAccess(tx, caller, 'folders.list', { visibleSiteId: filter.siteId, settings });
  if (filter.folderId === ROOT_FOLDER) return;
  const folder = await findLiveFolder(tx, caller.tenantCode, filter.folderId, { siteId: filter.siteId });
  if (!folder) throw folderNotFound();
}

/**
 * How many files of the list match, if the caller may see the site (`visibleSiteGuard`), else `sites.not_found`:
 * with no search or date filter, the site's counter (`file_counts`, kept exact by triggers on `files`, migration
 * 0005) instead of a count over every file of the site; a filtered query counts its (narrower) rows.
 */
async function countMatching(
  tx: Queryable,
  list: SiteFileList<string, SiteFileRow, unknown>,
  caller: Caller,
  filter: SiteFileFilter,
) {
  let sql: string;
  let params: unknown[];
  const source = listSource(list, caller, filter);
  if (source.tagOnly) {
    const guard = visibleSiteGuard(caller, 4);
    sql = `SELECT ${countByTagSql(list.direction)} AS n WHERE ${guard.sql}`;
    params = [caller.tenantCode, filter.siteId, source.tagOnly, ...guard.params];
  } else if (isFiltered(filter)) {
    const { where, from } = source;
    const guard = visibleSiteGuard(caller, where.params.length + 1);
    sql = `SELECT c.n FROM (SELECT count(*)::int AS n FROM ${from} WHERE ${where.sql}) c WHERE ${guard.sql}`;
    params = [...where.params, ...guard.params];
  } else {
    const guard = visibleSiteGuard(caller, 3);
    sql = `SELECT n::int - ${heldInSiteSql(list.direction)} AS n FROM file_counts
           WHERE tenant_code = $1 AND site_id = $2 AND direction = '${list.direction}' AND ${guard.sql}`;
    params = [caller.tenantCode, filter.siteId, ...guard.params];
  }
  const [row] = (await tx.query<{ n: number }>(sql, params)).rows;
  if (row) return row.n;
  await findVisibleSite(tx, caller, filter.siteId);
  return 0;
}

/** How many files of a site's list match; the Published Files badge asks with no filter but the site. */
export async function countSiteFiles(
  db: Database,
  settings: SiteSettingsCache,
  caller: Caller,
  list: SiteFileList<string, SiteFileRow, unknown>,
  filter: SiteFileFilter,
): Promise<number> {
  checkDateRange(filter);
  return db.readTenant(caller.tenantCode, async (tx) => {
    const count = await countMatching(tx, list, caller, filter);
    await requireAccess(tx, caller, list.listAction, { visibleSiteId: filter.siteId, settings });
    await checkFolderFilter(tx, settings, caller, filter);
    return count;
  });
}

/**
 * One page of a site's list with the total across pages: the site's visibility and the page in one statement
 * (`visibleSiteGuard`), the page's own columns for its rows alone, then the settings' gate for clients.
 */
export async function listSiteFiles<SortField extends string, Row extends SiteFileRow, Record>(
  db: Database,
  settings: SiteSettingsCache,
  caller: Caller,
  list: SiteFileList<SortField, Row, Record>,
  filter: SiteFileFilter,
  page: FileListPage<SortField>,
): Promise<{ records: Record[]; totalRecordCount: number }> {
  const generic = list as unknown as SiteFileList<string, SiteFileRow, unknown>;
  checkDateRange(filter);
  return db.readTenant(caller.tenantCode, async (tx) => {
    const { where, from, sortColumns } = listSource(generic, caller, filter);
    const extra = list.pageColumns(caller, (value) => where.param(value));
    const guard = visibleSiteGuard(caller, where.params.length + 1);
    where.params.push(...guard.params);
    const counter = isFiltered(filter) ? '' : `, ${siteCounterColumn(list.direction)}`;
    // The page first, then its own columns for its rows alone (pageBoundsSql says why the bounds are literals).
    const { rows } = await tx.query<Row & { site_file_count?: number }>(
      `SELECT p.*, ${notScannedSql('p')} AS not_scanned, ${classificationSql('p')}${extra.select ? `, ${extra.select}` : ''}
       FROM (SELECT ${BASE_COLUMNS}, f.blob_key${list.columns}${counter}
             FROM ${from}
             WHERE ${where.sql} AND ${guard.sql}
             ORDER BY ${orderSql(sortColumns, page, 'f')}
             ${pageBoundsSql(page)}) p ${extra.join}
       ORDER BY ${orderSql(list.sortColumns, page, 'p')}`,
      where.params,
    );
    if (rows.length === 0) await findVisibleSite(tx, caller, filter.siteId);
    await requireAccess(tx, caller, list.listAction, { visibleSiteId: filter.siteId, settings });
    await checkFolderFilter(tx, settings, caller, filter);
    const total = await totalForPage(rows, page, () => countMatching(tx, generic, caller, filter));
    return { records: rows.map((row) => list.toRecord(row)), totalRecordCount: total };
  });
}
