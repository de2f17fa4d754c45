import type {
  StaffSubmission,
  StaffSubmissionList,
  StaffSubmissionSortField,
  SubmissionStatus,
} from '@portico/contracts';
import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { heldFileSql, notScannedSql } from '../scanning/scans.repository.ts';
import { classificationSql } from './file-classification.ts';
import {
  addFileFilter,
  type FileListFilter,
  type FileListPage,
  orderSql,
  type SortColumns,
  SqlWhere,
} from './file-list-sql.ts';
import { commonRecord, SUBMITTED_FILES } from './site-file-lists.ts';
import { BASE_COLUMNS, type SiteFileRow } from './site-files.repository.ts';

/** Submitted files across all of the tenant's sites, archived ones included, as the firm's staff see them. */

export interface StaffSubmissionFilter extends FileListFilter {
  siteId?: string | undefined;
}

export type StaffSubmissionPage = FileListPage<StaffSubmissionSortField>;

/** The only SQL a sort field becomes; site and person come from the joined `s` and `u`. */
const SORT_COLUMNS: SortColumns<StaffSubmissionSortField> = {
  ...SUBMITTED_FILES.sortColumns,
  siteName: () => 'lower(s.name)',
  submittedBy: () => 'lower(u.name)',
};

const SEARCH_COLUMNS = [...SUBMITTED_FILES.searchColumns, 'u.name', 'u.email'];

// Who submitted, as this firm knows them (migration 0007): never another firm's name for the person.
const FROM = `files f
  JOIN sites s ON s.tenant_code = f.tenant_code AND s.id = f.site_id
  LEFT JOIN tenant_people u ON u.tenant_code = f.tenant_code AND u.user_id = f.created_by`;

const COLUMNS = `${BASE_COLUMNS}, s.name AS site_name, f.sha256,
  f.reference_number, f.status, f.status_note, f.status_updated_at,
  u.user_id, u.name AS user_name, u.email AS user_email, ${notScannedSql('f')} AS not_scanned,
  ${classificationSql('f')}`;

interface SubmissionRow extends SiteFileRow {
  site_name: string;
  sha256: string;
  reference_number: string | null;
  status: string;
  status_note: string | null;
  status_updated_at: Date | string | null;
  user_id: string | null;
  user_name: string | null;
  user_email: string | null;
  not_scanned: boolean;
}

const toSubmission = (row: SubmissionRow): StaffSubmission => ({
  ...commonRecord(row),
  siteName: row.site_name,
  sha256: row.sha256,
  referenceNumber: row.reference_number,
  status: row.status,
  statusNote: row.status_note,
  statusUpdatedAt: row.status_updated_at === null ? null : new Date(row.status_updated_at).toISOString(),
  submittedBy:
    row.user_id === null ? null : { id: row.user_id, name: row.user_name ?? '', email: row.user_email ?? '' },
});

export const submissionNotFound = () =>
  new AppError('files.not_found', 'There is no such submitted file in this firm.');

/** WHERE over `files f`, `sites s`, `tenant_people u`, with its parameters; `$1` is the tenant. */
function filterSql(caller: Caller, filter: StaffSubmissionFilter) {
  const where = new SqlWhere(
    [caller.tenantCode],
    ['f.tenant_code = $1', "f.direction = 'submitted'", 'f.deleted_at IS NULL', `NOT ${heldFileSql('f')}`],
  );
  if (filter.siteId) where.conditions.push(`f.site_id = ${where.param(filter.siteId)}`);
  // A folder narrows one site's submissions only.
  addFileFilter(where, filter.siteId ? filter : { ...filter, folderId: undefined }, SEARCH_COLUMNS);
  return { where: where.sql, params: where.params };
}

export async function listStaffSubmissions(
  tx: Queryable,
  caller: Caller,
  filter: StaffSubmissionFilter,
  page: StaffSubmissionPage,
): Promise<StaffSubmissionList> {
  const { where, params } = filterSql(caller, filter);
  const total = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${FROM} WHERE ${where}`,
    params,
  );
  const n = params.length;
  const { rows } = await tx.query<SubmissionRow>(
    `SELECT ${COLUMNS} FROM ${FROM}
     WHERE ${where}
     ORDER BY ${orderSql(SORT_COLUMNS, page, 'f', ' NULLS LAST')}
     LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...params, page.limit, page.offset],
  );
  return { records: rows.map(toSubmission), totalRecordCount: total.rows[0]?.n ?? 0 };
}

/** A live submitted file of the tenant; `lock` holds its row so that two status changes take turns. */
export async function findSubmission(
  tx: Queryable,
  caller: Caller,
  fileId: string,
  options: { lock?: boolean } = {},
): Promise<StaffSubmission> {
  const { rows } = await tx.query<SubmissionRow>(
    `SELECT ${COLUMNS} FROM ${FROM}
     WHERE f.tenant_code = $1 AND f.id = $2 AND f.direction = 'submitted' AND f.deleted_at IS NULL
     ${options.lock ? 'FOR UPDATE OF f' : ''}`,
    [caller.tenantCode, fileId],
  );
  if (!rows[0]) throw submissionNotFound();
  return toSubmission(rows[0]);
}

export async function updateSubmissionStatus(
  tx: Queryable,
  caller: Caller,
  fileId: string,
  status: SubmissionStatus,
  note: string | null,
) {
  await tx.query(
    `UPDATE files SET status = $3, status_note = $4, status_updated_at = now(), status_updated_by = $5
     WHERE tenant_code = $1 AND id = $2`,
    [caller.tenantCode, fileId, status, note, caller.user.id],
  );
}

/**
 * The files a client sent against a request item, as its review settles them (issue 30: one status everywhere):
 * those not reviewed yet (`received`, `in_review`) take the item's accepted or rejected status and the note, so
 * Submitted Files and Submissions say what the review said. Files settled by an earlier review keep theirs.
 */
export async function settleItemSubmissions(
  tx: Queryable,
  caller: Caller,
  itemId: string,
  status: Extract<SubmissionStatus, 'accepted' | 'rejected'>,
  note: string | null,
) {
  await tx.query(
    `UPDATE files SET status = $3, status_note = $4, status_updated_at = now(), status_updated_by = $5
     WHERE tenant_code = $1 AND request_item_id = $2 AND direction = 'submitted' AND deleted_at IS NULL
       AND status IN ('received', 'in_review')`,
    [caller.tenantCode, itemId, status, note, caller.user.id],
  );
}
