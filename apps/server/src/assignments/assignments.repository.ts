import type { Queryable } from '../db/database.ts';
import { headedPageSql, splitHeadedPage } from '../db/sql-fragments.ts';
import { heldFileSql, notScannedSql } from '../scanning/scans.repository.ts';
import { classificationSql } from '../site-files/file-classification.ts';
import { pageBoundsSql } from '../site-files/list-total.ts';
import { BASE_COLUMNS, type SiteFileRow } from '../site-files/site-files.repository.ts';

/**
 * The rows of assignment (decision 54: files.assignee_id / assigned_at / assignment_due, and file_assignments for
 * every change), written and read here alone.
 */

export interface AssignmentChange {
  tenantCode: string;
  fileIds: readonly string[];
  /** The new assignee, or null to clear it. */
  to: string | null;
  by: string;
  note: string | null;
  /** `YYYY-MM-DD`, or null. */
  due: string | null;
}

/**
 * Hands every file to `to` (or clears them) in one statement, and writes one `file_assignments` row per file with
 * who had it before. The files' rows must be locked by the caller (`requireFilesAccess(…, { lock: true })`).
 * Answers each file with its former assignee.
 */
export async function assignFiles(
  tx: Queryable,
  change: AssignmentChange,
): Promise<{ file_id: string; from_user: string | null }[]> {
  const { rows } = await tx.query<{ file_id: string; from_user: string | null }>(
    `WITH before AS (
       SELECT id, assignee_id FROM files WHERE tenant_code = $1 AND id = ANY($2::uuid[])
     ), changed AS (
       UPDATE files f
       SET assignee_id = $3::uuid,
           assigned_at = CASE WHEN $3::uuid IS NULL THEN NULL ELSE now() END,
           assignment_due = CASE WHEN $3::uuid IS NULL THEN NULL ELSE $6::date END
       FROM before WHERE f.tenant_code = $1 AND f.id = before.id
       RETURNING f.id, before.assignee_id AS from_user
     )
     INSERT INTO file_assignments (tenant_code, file_id, from_user, to_user, assigned_by, note, due_date)
     SELECT $1, changed.id, changed.from_user, $3::uuid, $4::uuid, $5, CASE WHEN $3::uuid IS NULL THEN NULL ELSE $6::date END
     FROM changed
     RETURNING file_id, from_user`,
    [change.tenantCode, change.fileIds, change.to, change.by, change.note, change.due],
  );
  return rows;
}

export interface AssignmentRow {
  id: string;
  from_user: string | null;
  from_name: string | null;
  to_user: string | null;
  to_name: string | null;
  assigned_by: string | null;
  by_name: string | null;
  note: string | null;
  due_date: string | null;
  created_at: Date | string;
}

const nameOf = (column: string) =>
  `(SELECT p.name FROM tenant_people p WHERE p.tenant_code = a.tenant_code AND p.user_id = a.${column})`;

/** A file's assignment changes, newest first, with who as this firm knows them; and how many there are. */
export async function listAssignments(
  tx: Queryable,
  tenantCode: string,
  fileId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: AssignmentRow[]; total: number }> {
  const { rows } = await tx.query<AssignmentRow>(
    `SELECT a.id::text AS id, a.from_user, ${nameOf('from_user')} AS from_name,
            a.to_user, ${nameOf('to_user')} AS to_name,
            a.assigned_by, ${nameOf('assigned_by')} AS by_name,
            a.note, to_char(a.due_date, 'YYYY-MM-DD') AS due_date, a.created_at
     FROM file_assignments a
     WHERE a.tenant_code = $1 AND a.file_id = $2
     ORDER BY a.id DESC
     LIMIT $3 OFFSET $4`,
    [tenantCode, fileId, page.limit, page.offset],
  );
  // A page that is not full gives its total without a count.
  if (rows.length < page.limit && (rows.length > 0 || page.offset === 0)) {
    return { rows, total: page.offset + rows.length };
  }
  const count = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM file_assignments WHERE tenant_code = $1 AND file_id = $2',
    [tenantCode, fileId],
  );
  return { rows, total: count.rows[0]!.n };
}

/** The live files assigned to `userId` in these sites (none held by the scan): over `files_assignee`. */
const assignedWhere = `f.tenant_code = $1 AND f.assignee_id = $2 AND f.deleted_at IS NULL
  AND f.site_id = ANY($3::uuid[]) AND NOT ${heldFileSql('f')}`;

/** How many files are assigned to `$2` in the sites `$3`: see `countAssignedFiles`. */
const countAssignedSql = `((SELECT count(*)::int FROM files f
    WHERE f.tenant_code = $1 AND f.assignee_id = $2 AND f.deleted_at IS NULL AND f.site_id = ANY($3::uuid[]))
  - (SELECT count(*)::int FROM blob_scans s JOIN files h ON h.blob_key = s.blob_key
     WHERE s.tenant_code = $1 AND s.held AND h.tenant_code = $1 AND h.assignee_id = $2
       AND h.deleted_at IS NULL AND h.site_id = ANY($3::uuid[])))`;

/**
 * How many files are assigned to the person in these sites: an index-only count (`files_assigned_count`) less those
 * held by their virus scan, counted from the few held rows.
 */
export async function countAssignedFiles(
  tx: Queryable,
  tenantCode: string,
  userId: string,
  siteIds: readonly string[],
): Promise<number> {
  if (siteIds.length === 0) return 0;
  const { rows } = await tx.query<{ n: number }>(`SELECT ${countAssignedSql} AS n`, [
    tenantCode,
    userId,
    siteIds,
  ]);
  return rows[0]!.n;
}

export interface AssignedFileRow extends SiteFileRow {
  direction: 'published' | 'submitted';
  assigned_at: Date | string;
  not_scanned: boolean;
}

/**
 * A page of the files assigned to the person in these sites, with how many there are in all (as
 * `countAssignedFiles` counts), in one statement: due first (soonest first), then newest assigned, read in that
 * order from `files_assigned_page` up to the page's end (its bounds literals: `pageBoundsSql`).
 */
export async function listAssignedFiles(
  tx: Queryable,
  tenantCode: string,
  userId: string,
  siteIds: readonly string[],
  page: { limit: number; offset: number },
): Promise<{ rows: AssignedFileRow[]; total: number }> {
  if (siteIds.length === 0) return { rows: [], total: 0 };
  const answer = await tx.query<AssignedFileRow & { total: number }>(
    headedPageSql(
      `${countAssignedSql} AS total`,
      `SELECT p.*, ${notScannedSql('p')} AS not_scanned, ${classificationSql('p')}
       FROM (SELECT ${BASE_COLUMNS}, f.blob_key, f.direction, f.assigned_at, f.assignment_due AS due_day
             FROM files f WHERE ${assignedWhere}
             ORDER BY f.assignment_due ASC NULLS LAST, f.assigned_at DESC, f.id
             ${pageBoundsSql(page)}) p`,
      'q.due_day ASC NULLS LAST, q.assigned_at DESC, q.id',
    ),
    [tenantCode, userId, siteIds],
  );
  const { header, rows } = splitHeadedPage(answer.rows);
  return { rows, total: header.total };
}
