import {
  FILE_AUDIT_ACTIONS,
  type SaveSubmittedFilesBody,
  type SortOrder,
  type SubmittedFile,
  type SubmittedFileList,
  type SubmittedFileSortField,
} from '@portico/contracts';
import type { TenantScope } from '../../auth/current-user.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { recordAuditEvents } from '../../files/audit.ts';
import { assertClientAllowed, assertClientsSeeFiles } from '../../files/file-access.ts';
import { pageBoundsSql, siteCounterColumn, totalForPage } from '../../files/list-total.ts';
import { AppError } from '../../http/app-error.ts';
import { uploadsNotFound } from '../file-storage/file-storage.errors.ts';
import { lockPendingUploads, markUploadsSaved } from '../file-storage/uploads.repository.ts';
import type { SiteSettingsCache } from './site-settings-cache.ts';
import { containsPattern, findVisibleSite, visibleSiteGuard } from './sites.repository.ts';

export interface SubmittedFileFilter {
  siteId: string;
  search?: string | undefined;
  /** `YYYY-MM-DD`, inclusive, a UTC day. */
  from?: string | undefined;
  to?: string | undefined;
}

export interface SubmittedFilePage {
  limit: number;
  offset: number;
  sortBy: SubmittedFileSortField;
  sortOrder: SortOrder;
}

/** The only SQL a sort field becomes; the query names a key of this map, never a column. */
const SORT_COLUMNS: Record<SubmittedFileSortField, string> = {
  title: 'lower(f.title)',
  fileName: 'lower(f.file_name)',
  size: 'f.size',
  createdAt: 'f.created_at',
  status: 'f.status',
  referenceNumber: 'f.reference_number',
};

const COLUMNS = `f.id, f.site_id, f.title, f.file_name, f.content_type, f.size, f.sha256, f.reference_number,
  f.status, f.status_note, f.created_at, u.name AS submitted_by`;

interface SubmittedFileRow {
  id: string;
  site_id: string;
  title: string;
  file_name: string;
  content_type: string;
  size: number | string;
  sha256: string;
  reference_number: string;
  status: string;
  status_note: string | null;
  created_at: Date | string;
  submitted_by: string | null;
}

const SUBMITTED_FILES_HIDDEN = 'Files are not shown for this site (portalFilesView is off).';

/** WHERE over `files f` with its parameters; `$1` is the tenant, `$2` the site. */
function filterSql(scope: TenantScope, filter: SubmittedFileFilter) {
  if (filter.from && filter.to && filter.from > filter.to) {
    throw new AppError(
      'request.invalid',
      `The date range is empty: "from" (${filter.from}) is after "to" (${filter.to}).`,
    );
  }
  const params: unknown[] = [scope.tenantCode, filter.siteId];
  const where = ['f.tenant_code = $1', 'f.site_id = $2', "f.direction = 'submitted'", 'f.deleted_at IS NULL'];
  if (filter.search) {
    params.push(containsPattern(filter.search));
    const p = `$${params.length}`;
    where.push(
      `(f.title ILIKE ${p} ESCAPE '\\' OR f.file_name ILIKE ${p} ESCAPE '\\' OR f.reference_number ILIKE ${p} ESCAPE '\\')`,
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

/**
 * The total across pages: with no search or date filter, the site's counter (`file_counts`, kept exact by
 * triggers on `files`, migration 0005) instead of a count over every file of the site; a filtered query counts.
 */
const isFiltered = (filter: SubmittedFileFilter) => Boolean(filter.search || filter.from || filter.to);

async function countMatching(tx: Queryable, filter: SubmittedFileFilter, where: string, params: unknown[]) {
  const { rows } = !isFiltered(filter)
    ? await tx.query<{ n: number }>(
        `SELECT n::int AS n FROM file_counts WHERE tenant_code = $1 AND site_id = $2 AND direction = 'submitted'`,
        params.slice(0, 2),
      )
    : await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM files f WHERE ${where}`, params);
  return rows[0]?.n ?? 0;
}

/**
 * One page of a site's submitted files (by anyone in the site), with the total across pages: the site's
 * visibility and the page in one statement (`visibleSiteGuard`), then the settings' gate for clients.
 */
export async function listSubmittedFiles(
  db: Database,
  settings: SiteSettingsCache,
  scope: TenantScope,
  filter: SubmittedFileFilter,
  page: SubmittedFilePage,
): Promise<SubmittedFileList> {
  const { where, params } = filterSql(scope, filter);
  return db.readTenant(scope.tenantCode, async (tx) => {
    const direction = page.sortOrder === 'asc' ? 'ASC' : 'DESC';
    const order = `${SORT_COLUMNS[page.sortBy]} ${direction}, f.id ${direction}`;
    const n = params.length;
    const guard = visibleSiteGuard(scope, n + 1);
    const { rows } = await tx.query<SubmittedFileRow & { site_file_count?: number }>(
      `SELECT ${COLUMNS} ${isFiltered(filter) ? '' : `, ${siteCounterColumn('submitted')}`}
       FROM files f LEFT JOIN users u ON u.id = f.created_by
       WHERE ${where} AND ${guard.sql}
       ORDER BY ${order}
       ${pageBoundsSql(page)}`,
      [...params, ...guard.params],
    );
    if (rows.length === 0) await findVisibleSite(tx, scope, filter.siteId);
    await assertClientsSeeFiles(tx, scope, filter.siteId, settings, SUBMITTED_FILES_HIDDEN);
    const total = await totalForPage(rows, page, () => countMatching(tx, filter, where, params));
    return { records: rows.map(toSubmittedFile), totalRecordCount: total };
  });
}

/**
 * Turns the caller's pending uploads to a site into Submitted Files, in one transaction: every reference or
 * none. A reference that is not the caller's, not pending or of another site answers 404 and saves nothing.
 * The blob moves with the row (same key), so saving copies no bytes. Needs the site's `internalFilesUpload`.
 */
export async function saveSubmittedFiles(
  db: Database,
  scope: TenantScope,
  body: SaveSubmittedFilesBody,
): Promise<SubmittedFile[]> {
  const references = body.files.map((f) => f.referenceNumber);
  if (new Set(references).size !== references.length) {
    throw new AppError('request.invalid', 'Each reference number may be saved once per request.');
  }
  for (const file of body.files) {
    if (file.title !== undefined && !file.title.trim()) {
      throw new AppError('request.invalid', 'A title may not be blank; leave it out to use the file name.');
    }
  }
  return db.withTenant(scope.tenantCode, async (tx) => {
    const site = await findVisibleSite(tx, scope, body.siteId);
    assertClientAllowed(
      scope,
      site,
      'internalFilesUpload',
      'Uploads are turned off for this site (internalFilesUpload).',
    );
    const pending = await lockPendingUploads(tx, scope, site.id, references);
    if (pending.length !== references.length) throw uploadsNotFound();
    const byReference = new Map(pending.map((u) => [u.referenceNumber, u]));
    const rows = body.files.map((file) => {
      const upload = byReference.get(file.referenceNumber)!;
      return {
        title: file.title?.trim() ?? upload.fileName,
        file_name: upload.fileName,
        content_type: upload.contentType,
        size: upload.size,
        sha256: upload.sha256,
        blob_key: upload.blobKey,
        reference_number: upload.referenceNumber,
      };
    });
    const { rows: created } = await tx.query<SubmittedFileRow>(
      `WITH created AS (
         INSERT INTO files (tenant_code, site_id, direction, title, file_name, content_type, size, sha256, blob_key,
                            reference_number, status, created_by)
         SELECT $1, $2, 'submitted', title, file_name, content_type, size, sha256, blob_key, reference_number,
                'received', $3
         FROM jsonb_to_recordset($4::jsonb) AS s(title text, file_name text, content_type text, size bigint,
                                                 sha256 text, blob_key text, reference_number text)
         RETURNING *)
       SELECT ${COLUMNS.replace('u.name AS submitted_by', '$5::text AS submitted_by')} FROM created f`,
      [scope.tenantCode, site.id, scope.user.id, JSON.stringify(rows), scope.user.name],
    );
    const byReferenceCreated = new Map(created.map((r) => [r.reference_number, r]));
    const records = references.map((reference) => byReferenceCreated.get(reference)!);
    await markUploadsSaved(
      tx,
      records.map((r) => ({ uploadId: byReference.get(r.reference_number)!.id, fileId: r.id })),
    );
    await recordAuditEvents(
      tx,
      records.map((r) => ({
        tenantCode: scope.tenantCode,
        siteId: site.id,
        userId: scope.user.id,
        action: FILE_AUDIT_ACTIONS.submit,
        fileId: r.id,
        detail: {
          referenceNumber: r.reference_number,
          title: r.title,
          fileName: r.file_name,
          size: Number(r.size),
        },
      })),
    );
    return records.map(toSubmittedFile);
  });
}

const toSubmittedFile = (row: SubmittedFileRow): SubmittedFile => ({
  id: row.id,
  siteId: row.site_id,
  title: row.title,
  fileName: row.file_name,
  contentType: row.content_type,
  size: Number(row.size),
  sha256: row.sha256,
  referenceNumber: row.reference_number,
  status: row.status,
  statusNote: row.status_note,
  submittedBy: row.submitted_by,
  createdAt: new Date(row.created_at).toISOString(),
});
