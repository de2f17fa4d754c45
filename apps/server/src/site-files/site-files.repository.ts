import { ROOT_FOLDER } from '@portico/contracts';
import type { Caller } from '../auth/caller.ts';
import type { Database, Queryable } from '../db/database.ts';
import { headedPageSql, splitHeadedPage } from '../db/sql-fragments.ts';
import { folderNotFound } from '../folders/folders.errors.ts';
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
import { pageBoundsSql } from './list-total.ts';

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
  /** Only one tag, and nothing else narrows the list: the placeholder of the tag, counted by its counter. */
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
  // The tag's placeholder is the first after the tenant and the site ($3), before the filter's own.
  const tag = tagId ? where.param(tagId) : undefined;
  addFileFilter(where, rest, list.searchColumns);
  if (!tag) return { from: 'files f', where, sortColumns: list.sortColumns, tagOnly: undefined };
  where.conditions.unshift(
    'ft0.tenant_code = $1',
    `ft0.tag_id = ${tag}::uuid`,
    'ft0.site_id = $2',
    `ft0.direction = '${list.direction}'`,
    'ft0.live',
  );
  return {
    from: 'file_tags ft0 JOIN files f ON f.id = ft0.file_id',
    where,
    sortColumns: { ...list.sortColumns, createdAt: () => 'ft0.created_at' },
    tagOnly: isFiltered(rest) ? undefined : tag,
  };
}

/**
 * SQL for how many files of the list match, over the source's parameters (`$1` the tenant, `$2` the site), not
 * guarded by the site's visibility (the statement is): with no filter, the site's counter (`file_counts`, kept
 * exact by triggers on `files`, migration 0005) less the files held by their virus scan, instead of a count over
 * every file of the site; with one tag alone, the tag's counter for the site (`tag_counts`, kept by triggers on
 * `file_tags`, migration 0039) less those held, counted from the few held rows; with any other filter, a count of
 * its (narrower) rows.
 */
function totalSql(
  list: SiteFileList<string, SiteFileRow, unknown>,
  filter: SiteFileFilter,
  source: ListSource,
): string {
  const direction = list.direction;
  if (source.tagOnly) {
    return `(coalesce((SELECT t.n::int FROM tag_counts t
                       WHERE t.tenant_code = $1 AND t.tag_id = ${source.tagOnly}::uuid AND t.site_id = $2
                         AND t.direction = '${direction}'), 0)
             - (SELECT count(*)::int FROM blob_scans s JOIN files h ON h.blob_key = s.blob_key
                JOIN file_tags t ON t.file_id = h.id AND t.tag_id = ${source.tagOnly}::uuid
                WHERE s.tenant_code = $1 AND s.held AND h.tenant_code = $1 AND h.site_id = $2
                  AND h.direction = '${direction}' AND h.deleted_at IS NULL))`;
  }
  if (isFiltered(filter)) return `(SELECT count(*)::int FROM ${source.from} WHERE ${source.where.sql})`;
  return `(coalesce((SELECT c.n::int FROM file_counts c
                     WHERE c.tenant_code = $1 AND c.site_id = $2 AND c.direction = '${direction}'), 0)
           - ${heldInSiteSql(direction)})`;
}

/** What every read of a list answers beside its rows, in the same statement. */
interface ListHeader {
  /** The caller may see the site (`visibleSiteGuard`). */
  visible: boolean;
  /** How many files match, across pages (`totalSql`). */
  total: number;
  /** With a folder filter: the folder is a live one of the site (else null); true without one. */
  folder_live: boolean | null;
}

/**
 * The columns of `ListHeader` as one SELECT list over the source's parameters, and the guard's: the site's
 * visibility, the total and the folder are read in the statement that reads the page, not one round trip each
 * (bench/, `folders`: three statements per page were a third of the server's time, in the socket writes alone).
 */
function headerSql(
  list: SiteFileList<string, SiteFileRow, unknown>,
  caller: Caller,
  filter: SiteFileFilter,
  source: ListSource,
): { select: string; guard: string } {
  const { where } = source;
  const folder =
    filter.folderId && filter.folderId !== ROOT_FOLDER
      ? `(SELECT true FROM folders d WHERE d.tenant_code = $1 AND d.site_id = $2
            AND d.id = ${where.param(filter.folderId)}::uuid AND d.deleted_at IS NULL)`
      : 'true';
  const guard = visibleSiteGuard(caller, where.params.length + 1);
  where.params.push(...guard.params);
  return {
    select: `${guard.sql} AS visible, ${totalSql(list, filter, source)} AS total, ${folder} AS folder_live`,
    guard: guard.sql,
  };
}

/**
 * After a list's statement: a site the caller may not see is `sites.not_found`; then the settings' gate for
 * clients (`listAction`); then, narrowed to a folder, the site's folders must be on for a client (`folders.list`)
 * and the folder a live one of the site (else 404 `folders.not_found`).
 */
async function checkListable(
  tx: Queryable,
  settings: SiteSettingsCache,
  caller: Caller,
  list: SiteFileList<string, SiteFileRow, unknown>,
  filter: SiteFileFilter,
  header: ListHeader | undefined,
) {
  if (!header?.visible) await findVisibleSite(tx, caller, filter.siteId);
  await requireAccess(tx, caller, list.listAction, { visibleSiteId: filter.siteId, settings });
  if (!filter.folderId) return;
  await requireAccess(tx, caller, 'folders.list', { visibleSiteId: filter.siteId, settings });
  if (!header?.folder_live) throw folderNotFound();
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
    const source = listSource(list, caller, filter);
    const header = headerSql(list, caller, filter, source);
    const [row] = (await tx.query<ListHeader>(`SELECT ${header.select}`, source.where.params)).rows;
    await checkListable(tx, settings, caller, list, filter, row);
    return row!.total;
  });
}

/**
 * One page of a site's list with the total across pages, in one statement: the header (`headerSql`: the site's
 * visibility, the total, the folder), and beside it the page, whose own columns are worked out for its rows alone;
 * then the checks (`checkListable`). The page's WHERE carries the visibility guard too, so no row of a site the
 * caller may not see is read.
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
    const source = listSource(generic, caller, filter);
    const { where, from, sortColumns } = source;
    const header = headerSql(generic, caller, filter, source);
    const extra = list.pageColumns(caller, (value) => where.param(value));
    // The page first, then its own columns for its rows alone (pageBoundsSql says why the bounds are literals).
    const answer = await tx.query<Row & ListHeader>(
      headedPageSql(
        header.select,
        `SELECT p.*, ${notScannedSql('p')} AS not_scanned, ${classificationSql('p')}${extra.select ? `, ${extra.select}` : ''}
         FROM (SELECT ${BASE_COLUMNS}, f.blob_key${list.columns}
               FROM ${from}
               WHERE ${where.sql} AND ${header.guard}
               ORDER BY ${orderSql(sortColumns, page, 'f')}
               ${pageBoundsSql(page)}) p ${extra.join}`,
        orderSql(generic.sortColumns, page, 'q'),
      ),
      where.params,
    );
    const { header: first, rows: files } = splitHeadedPage(answer.rows);
    await checkListable(tx, settings, caller, generic, filter, first);
    return { records: files.map((row) => list.toRecord(row)), totalRecordCount: first.total };
  });
}
