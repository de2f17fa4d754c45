import type {
  SortOrder,
  StaffSubmission,
  StaffSubmissionList,
  StaffSubmissionSortField,
  SubmissionStatus,
} from '@portico/contracts';
import type { TenantScope } from '../../auth/current-user.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { containsPattern } from './sites.repository.ts';

/** Submitted files across all of the tenant's sites, archived ones included, as the firm's staff see them. */

export interface StaffSubmissionFilter {
  siteId?: string | undefined;
  statuses?: readonly SubmissionStatus[] | undefined;
  search?: string | undefined;
  /** `YYYY-MM-DD`, inclusive, a UTC day. */
  from?: string | undefined;
  to?: string | undefined;
}

export interface StaffSubmissionPage {
  limit: number;
  offset: number;
  sortBy: StaffSubmissionSortField;
  sortOrder: SortOrder;
}

/** The only SQL a sort field becomes. */
const SORT_COLUMNS: Record<StaffSubmissionSortField, string> = {
  title: 'lower(f.title)',
  fileName: 'lower(f.file_name)',
  size: 'f.size',
  createdAt: 'f.created_at',
  status: 'f.status',
  referenceNumber: 'f.reference_number',
  siteName: 'lower(s.name)',
  submittedBy: 'lower(u.name)',
};

const FROM = `files f
  JOIN sites s ON s.tenant_code = f.tenant_code AND s.id = f.site_id
  LEFT JOIN users u ON u.id = f.created_by`;

const COLUMNS = `f.id, f.site_id, s.name AS site_name, f.title, f.file_name, f.content_type, f.size, f.sha256,
  f.reference_number, f.status, f.status_note, f.status_updated_at, f.created_at,
  u.id AS user_id, u.name AS user_name, u.email AS user_email`;

interface SubmissionRow {
  id: string;
  site_id: string;
  site_name: string;
  title: string;
  file_name: string;
  content_type: string;
  size: number | string;
  sha256: string;
  reference_number: string | null;
  status: string;
  status_note: string | null;
  status_updated_at: Date | string | null;
  created_at: Date | string;
  user_id: string | null;
  user_name: string | null;
  user_email: string | null;
}

const toSubmission = (row: SubmissionRow): StaffSubmission => ({
  id: row.id,
  siteId: row.site_id,
  siteName: row.site_name,
  title: row.title,
  fileName: row.file_name,
  contentType: row.content_type,
  size: Number(row.size),
  sha256: row.sha256,
  referenceNumber: row.reference_number,
  status: row.status,
  statusNote: row.status_note,
  statusUpdatedAt: row.status_updated_at === null ? null : new Date(row.status_updated_at).toISOString(),
  submittedBy:
    row.user_id === null ? null : { id: row.user_id, name: row.user_name ?? '', email: row.user_email ?? '' },
  createdAt: new Date(row.created_at).toISOString(),
});

export const submissionNotFound = () =>
  new AppError('files.not_found', 'There is no such submitted file in this firm.');

/** WHERE over `files f`, `sites s`, `users u`, with its parameters; `$1` is the tenant. */
function filterSql(scope: TenantScope, filter: StaffSubmissionFilter) {
  if (filter.from && filter.to && filter.from > filter.to) {
    throw new AppError(
      'request.invalid',
      `The date range is empty: "from" (${filter.from}) is after "to" (${filter.to}).`,
    );
  }
  const params: unknown[] = [scope.tenantCode];
  const where = ['f.tenant_code = $1', "f.direction = 'submitted'", 'f.deleted_at IS NULL'];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.siteId) where.push(`f.site_id = ${add(filter.siteId)}`);
  if (filter.statuses?.length) where.push(`f.status = ANY(${add(filter.statuses)}::text[])`);
  if (filter.search) {
    const p = add(containsPattern(filter.search));
    where.push(
      `(f.title ILIKE ${p} ESCAPE '\\' OR f.file_name ILIKE ${p} ESCAPE '\\' OR f.reference_number ILIKE ${p} ESCAPE '\\'
        OR u.name ILIKE ${p} ESCAPE '\\' OR u.email ILIKE ${p} ESCAPE '\\')`,
    );
  }
  // Days are UTC days, whatever the database session's time zone is.
  if (filter.from) where.push(`f.created_at >= (${add(filter.from)}::date)::timestamp AT TIME ZONE 'UTC'`);
  if (filter.to) where.push(`f.created_at < (${add(filter.to)}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  return { where: where.join(' AND '), params };
}

export async function listStaffSubmissions(
  tx: Queryable,
  scope: TenantScope,
  filter: StaffSubmissionFilter,
  page: StaffSubmissionPage,
): Promise<StaffSubmissionList> {
  const { where, params } = filterSql(scope, filter);
  const total = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${FROM} WHERE ${where}`,
    params,
  );
  const direction = page.sortOrder === 'asc' ? 'ASC' : 'DESC';
  const n = params.length;
  const { rows } = await tx.query<SubmissionRow>(
    `SELECT ${COLUMNS} FROM ${FROM}
     WHERE ${where}
     ORDER BY ${SORT_COLUMNS[page.sortBy]} ${direction} NULLS LAST, f.id ${direction}
     LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...params, page.limit, page.offset],
  );
  return { records: rows.map(toSubmission), totalRecordCount: total.rows[0]?.n ?? 0 };
}

/** A live submitted file of the tenant; `lock` holds its row so that two status changes take turns. */
export async function findSubmission(
  tx: Queryable,
  scope: TenantScope,
  fileId: string,
  options: { lock?: boolean } = {},
): Promise<StaffSubmission> {
  const { rows } = await tx.query<SubmissionRow>(
    `SELECT ${COLUMNS} FROM ${FROM}
     WHERE f.tenant_code = $1 AND f.id = $2 AND f.direction = 'submitted' AND f.deleted_at IS NULL
     ${options.lock ? 'FOR UPDATE OF f' : ''}`,
    [scope.tenantCode, fileId],
  );
  if (!rows[0]) throw submissionNotFound();
  return toSubmission(rows[0]);
}

export async function updateSubmissionStatus(
  tx: Queryable,
  scope: TenantScope,
  fileId: string,
  status: SubmissionStatus,
  note: string | null,
) {
  await tx.query(
    `UPDATE files SET status = $3, status_note = $4, status_updated_at = now(), status_updated_by = $5
     WHERE tenant_code = $1 AND id = $2`,
    [scope.tenantCode, fileId, status, note, scope.user.id],
  );
}
