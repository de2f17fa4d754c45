import { ROOT_FOLDER, type SortOrder, type SubmissionStatus } from '@portico/contracts';
import { containsPattern } from '../db/sql-fragments.ts';
import { subtreeSql } from '../folders/folders.repository.ts';
import { AppError } from '../http/app-error.ts';

/**
 * The search and date filters every list of files takes (Published and Submitted Files, the staff's
 * submissions), written once so that the lists cannot drift apart.
 */
export interface FileListFilter {
  search?: string | undefined;
  /** `YYYY-MM-DD`, inclusive, a UTC day. */
  from?: string | undefined;
  to?: string | undefined;
  /** Submitted files only: any of these review statuses. */
  statuses?: readonly SubmissionStatus[] | undefined;
  /** Published files only: any of these keys of the tenant's statuses (`files.file_status`). */
  fileStatuses?: readonly string[] | undefined;
  /** Only files carrying every one of these tags (issue 27, decision 54). */
  tagIds?: readonly string[] | undefined;
  categoryId?: string | undefined;
  projectId?: string | undefined;
  assigneeId?: string | undefined;
  /** Only the files of this folder (`root`: at the site's root), and with `includeSubfolders` those below it. */
  folderId?: string | undefined;
  includeSubfolders?: boolean | undefined;
}

export interface FileListPage<SortField extends string> {
  limit: number;
  offset: number;
  sortBy: SortField;
  sortOrder: SortOrder;
}

/** A sort field's SQL over a table alias; the query names a key of such a map, never a column. */
export type SortColumns<SortField extends string> = Record<SortField, (table: string) => string>;

export const isFiltered = (filter: FileListFilter) =>
  Boolean(
    filter.search ||
      filter.from ||
      filter.to ||
      filter.statuses?.length ||
      filter.fileStatuses?.length ||
      filter.tagIds?.length ||
      filter.categoryId ||
      filter.projectId ||
      filter.assigneeId ||
      (filter.folderId && !(filter.folderId === ROOT_FOLDER && filter.includeSubfolders)),
  );

export function checkDateRange(filter: FileListFilter) {
  if (filter.from && filter.to && filter.from > filter.to) {
    throw new AppError(
      'request.invalid',
      `The date range is empty: "from" (${filter.from}) is after "to" (${filter.to}).`,
    );
  }
}

/** A WHERE being built: its conditions and the parameters they name, `$1` first. */
export class SqlWhere {
  readonly params: unknown[];
  readonly conditions: string[];

  constructor(params: unknown[], conditions: string[]) {
    this.params = params;
    this.conditions = conditions;
  }

  /** Adds a parameter and answers its placeholder. */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  get sql(): string {
    return this.conditions.join(' AND ');
  }
}

/**
 * Adds the filter over `files f`: the review statuses, `search` as a plain substring of any of `searchColumns` (its `%`, `_` and `\`
 * escaped), and the range over `f.created_at` in UTC days, whatever the session's time zone is.
 */
export function addFileFilter(where: SqlWhere, filter: FileListFilter, searchColumns: readonly string[]) {
  checkDateRange(filter);
  if (filter.statuses?.length) {
    where.conditions.push(`f.status = ANY(${where.param(filter.statuses)}::text[])`);
  }
  addClassificationFilter(where, filter);
  if (filter.search) {
    const p = where.param(containsPattern(filter.search));
    where.conditions.push(
      `(${searchColumns.map((column) => `${column} ILIKE ${p} ESCAPE '\\'`).join(' OR ')})`,
    );
  }
  if (filter.from) {
    where.conditions.push(
      `f.created_at >= (${where.param(filter.from)}::date)::timestamp AT TIME ZONE 'UTC'`,
    );
  }
  if (filter.to) {
    where.conditions.push(
      `f.created_at < (${where.param(filter.to)}::date + 1)::timestamp AT TIME ZONE 'UTC'`,
    );
  }
  addFolderFilter(where, filter);
}

/**
 * The classification filters (decision 54): a status of the tenant's list, every tag named (the first's files by id,
 * each further one an `EXISTS`), a category, a project, an assignee. `$1` is the tenant.
 */
function addClassificationFilter(where: SqlWhere, filter: FileListFilter) {
  if (filter.fileStatuses?.length) {
    where.conditions.push(`f.file_status = ANY(${where.param(filter.fileStatuses)}::text[])`);
  }
  // The first tag names the files (its ids, read once from `file_tags_tag`, then found by primary key: work in
  // proportion to the files carrying it, whatever the site's size); each further tag is a probe per file of
  // `file_tags_pkey`. As a semi-join, PostgreSQL hashed the tag's rows against a sequential scan of every file
  // (bench/, `tags`: 166 ms a count at 100,000 files, growing with the site; decision 57).
  [...new Set(filter.tagIds ?? [])].forEach((tagId, i) => {
    const tag = `${where.param(tagId)}::uuid`;
    where.conditions.push(
      i === 0
        ? `f.id = ANY(ARRAY(SELECT ft.file_id FROM file_tags ft WHERE ft.tenant_code = $1 AND ft.tag_id = ${tag}))`
        : `EXISTS (SELECT 1 FROM file_tags ft WHERE ft.file_id = f.id AND ft.tag_id = ${tag} AND ft.tenant_code = $1)`,
    );
  });
  if (filter.categoryId) where.conditions.push(`f.category_id = ${where.param(filter.categoryId)}::uuid`);
  if (filter.projectId) where.conditions.push(`f.project_id = ${where.param(filter.projectId)}::uuid`);
  if (filter.assigneeId) where.conditions.push(`f.assignee_id = ${where.param(filter.assigneeId)}::uuid`);
}

/**
 * Only the files of one folder (`f.folder_id`, the index `files_folder_listing`), or of the folder and every folder
 * below it (a recursive query over `folders_children`); `root` is the site's root. Without `folderId`: every file.
 * `$1` is the tenant; the query names one site.
 */
function addFolderFilter(where: SqlWhere, filter: FileListFilter) {
  const { folderId, includeSubfolders } = filter;
  if (!folderId) return;
  if (folderId === ROOT_FOLDER) {
    if (!includeSubfolders) where.conditions.push('f.folder_id IS NULL');
    return;
  }
  const folder = `${where.param(folderId)}::uuid`;
  where.conditions.push(
    includeSubfolders ? `f.folder_id IN (${subtreeSql('$1', folder)})` : `f.folder_id = ${folder}`,
  );
}

/** Sort fields whose empty values come last whichever the order (a file without a category). */
const NULLS_LAST_SORTS: ReadonlySet<string> = new Set(['category']);

/** ORDER BY for a page over `table`: the sort field, then the id so that pages never overlap. */
export function orderSql<SortField extends string>(
  columns: SortColumns<SortField>,
  page: FileListPage<SortField>,
  table: string,
  nulls = '',
): string {
  const direction = page.sortOrder === 'asc' ? 'ASC' : 'DESC';
  const empty = nulls || (NULLS_LAST_SORTS.has(page.sortBy) ? ' NULLS LAST' : '');
  return `${columns[page.sortBy](table)} ${direction}${empty}, ${table}.id ${direction}`;
}
