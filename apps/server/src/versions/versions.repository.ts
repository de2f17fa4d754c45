import type { FileVersion } from '@portico/contracts';
import type { Queryable } from '../db/database.ts';
import { heldFileSql } from '../scanning/scans.repository.ts';
import { type StoredFileRow, toStoredFile } from '../site-files/file-rows.repository.ts';
import type { StoredFile } from '../transfers/stored-file.ts';

/**
 * The rows of a file's versions (`file_versions`, migrations 0021 and 0024, decisions 46 and 49). Every call runs in
 * the tenant's transaction, after `requireFileAccess` found the file (with its row locked when a version is added:
 * the next number is read and written under that lock, so two uploads become n+1 and n+2).
 */

/** A version's bytes as it came: what a new version row is made of. */
export interface VersionContent {
  blobKey: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
}

/** Adds the file's next version (the highest number kept, held ones included, plus one); answers its number. */
export async function insertNextVersion(
  tx: Queryable,
  tenantCode: string,
  fileId: string,
  userId: string,
  content: VersionContent,
  restoredFrom: number | null = null,
): Promise<number> {
  const { rows } = await tx.query<{ version: number }>(
    `INSERT INTO file_versions (tenant_code, file_id, version, file_name, content_type, size, sha256, blob_key,
                                created_by, restored_from)
     SELECT $1, $2, coalesce(max(version), 0) + 1, $3, $4, $5, $6, $7, $8, $9
     FROM file_versions WHERE tenant_code = $1 AND file_id = $2
     RETURNING version`,
    [
      tenantCode,
      fileId,
      content.fileName,
      content.contentType,
      content.size,
      content.sha256,
      content.blobKey,
      userId,
      restoredFrom,
    ],
  );
  return rows[0]!.version;
}

/**
 * Makes the newest released version with these bytes current, where it is newer than the current one (the
 * database's `promote_file_versions`, which the scan's release runs too). A version still held by its scan
 * waits: the file keeps its current version, visible, until the release.
 */
export async function promoteVersions(tx: Queryable, tenantCode: string, blobKey: string): Promise<void> {
  await tx.query('SELECT promote_file_versions($1, $2)', [tenantCode, blobKey]);
}

/** A submission the firm rejected goes back to `received` when a corrected version comes (decision 49). */
export async function reopenRejectedSubmission(
  tx: Queryable,
  tenantCode: string,
  fileId: string,
  userId: string,
) {
  const { rows } = await tx.query(
    `UPDATE files SET status = 'received', status_note = NULL, status_updated_at = now(), status_updated_by = $3
     WHERE tenant_code = $1 AND id = $2 AND direction = 'submitted' AND status = 'rejected'
     RETURNING id`,
    [tenantCode, fileId, userId],
  );
  return rows.length > 0;
}

interface VersionRow {
  version: number;
  size: number | string;
  sha256: string;
  created_at: Date | string;
  created_by_name: string | null;
  file_name: string;
  content_type: string;
  current: boolean;
  restored_from: number | null;
}

/** The versions of one file the scan released, newest first, with who added each as the firm knows them. */
export async function listVersions(
  tx: Queryable,
  tenantCode: string,
  fileId: string,
): Promise<FileVersion[]> {
  const { rows } = await tx.query<VersionRow>(
    `SELECT v.version, v.size, v.sha256, v.created_at, v.file_name, v.content_type, v.restored_from,
            p.name AS created_by_name, v.version = f.version AS current
     FROM file_versions v
     JOIN files f ON f.id = v.file_id AND f.tenant_code = v.tenant_code
     LEFT JOIN tenant_people p ON p.tenant_code = v.tenant_code AND p.user_id = v.created_by
     WHERE v.tenant_code = $1 AND v.file_id = $2 AND NOT ${heldFileSql('v')}
     ORDER BY v.version DESC`,
    [tenantCode, fileId],
  );
  return rows.map((r) => ({
    version: r.version,
    size: Number(r.size),
    sha256: r.sha256,
    createdAt: new Date(r.created_at).toISOString(),
    createdBy: r.created_by_name,
    fileName: r.file_name,
    contentType: r.content_type,
    current: r.current,
    restoredFrom: r.restored_from,
  }));
}

/** One released version of a file, as a download or a preview reads it; undefined if there is none such. */
export async function findVersion(
  tx: Queryable,
  tenantCode: string,
  file: { id: string; siteId: string },
  version: number,
): Promise<StoredFile | undefined> {
  const { rows } = await tx.query<StoredFileRow>(
    `SELECT v.file_id AS id, $4::uuid AS site_id, v.file_name, v.content_type, v.size, v.sha256, v.blob_key,
            v.created_at
     FROM file_versions v
     WHERE v.tenant_code = $1 AND v.file_id = $2 AND v.version = $3 AND NOT ${heldFileSql('v')}`,
    [tenantCode, file.id, version, file.siteId],
  );
  return rows[0] && toStoredFile(rows[0]);
}
