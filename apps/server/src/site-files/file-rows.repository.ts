import type { Queryable } from '../db/database.ts';
import { heldFileSql } from '../scanning/scans.repository.ts';
import type { StoredFile } from '../transfers/stored-file.ts';

/** The rows a file is reached by: to download it (`file-access.ts` `findLiveFiles`) or to act on it. */

export type FileDirection = 'published' | 'submitted';

/** A row as a download reads it (files, or file_versions with the file's id and site). */
export interface StoredFileRow {
  id: string;
  site_id: string;
  file_name: string;
  content_type: string;
  size: number | string;
  sha256: string;
  blob_key: string;
  created_at: Date | string;
  folder_id: string | null;
}

/** A download's file as the row holds it. */
export const toStoredFile = (row: StoredFileRow): StoredFile => ({
  id: row.id,
  siteId: row.site_id,
  fileName: row.file_name,
  contentType: row.content_type,
  size: Number(row.size),
  sha256: row.sha256,
  blobKey: row.blob_key,
  createdAt: new Date(row.created_at),
  folderId: row.folder_id,
});

/** The live files of `direction` with these ids in one tenant, none held by its virus scan; in no order. */
export async function findLiveFileRows(
  tx: Queryable,
  tenantCode: string,
  direction: FileDirection,
  ids: readonly string[],
): Promise<StoredFileRow[]> {
  const { rows } = await tx.query<StoredFileRow>(
    `SELECT id, site_id, file_name, content_type, size, sha256, blob_key, created_at, folder_id
     FROM files
     WHERE tenant_code = $1 AND direction = $2 AND deleted_at IS NULL AND id = ANY($3::uuid[])
       AND NOT ${heldFileSql('files')}`,
    [tenantCode, direction, ids],
  );
  return rows;
}

export interface FileTargetRow {
  id: string;
  site_id: string;
  direction: FileDirection;
  title: string;
  file_name: string;
  folder_id: string | null;
  version: number;
  created_by: string | null;
  checked_out_by: string | null;
  checked_out_until: Date | string | null;
  checked_out_name: string | null;
}

/**
 * The live file `fileId` of the tenant (not held by its scan), with who holds it checked out while that lasts, as
 * the firm knows them; with `lock`, its row is locked `FOR UPDATE` until the transaction ends.
 */
export async function findFileTargetRow(
  tx: Queryable,
  tenantCode: string,
  fileId: string,
  lock: boolean,
): Promise<FileTargetRow | undefined> {
  const { rows } = await tx.query<FileTargetRow>(
    `SELECT id, site_id, direction, title, file_name, folder_id, version, created_by, checked_out_by,
            CASE WHEN checked_out_until > now() THEN checked_out_until END AS checked_out_until,
            (SELECT p.name FROM tenant_people p WHERE p.tenant_code = files.tenant_code
               AND p.user_id = files.checked_out_by) AS checked_out_name
     FROM files
     WHERE tenant_code = $1 AND id = $2 AND deleted_at IS NULL AND NOT ${heldFileSql('files')}
     ${lock ? 'FOR UPDATE' : ''}`,
    [tenantCode, fileId],
  );
  return rows[0];
}

/**
 * The live files with these ids in one tenant, as `findFileTargetRow` reads one, in one statement; with `lock`, their
 * rows locked in id order (so two bulk actions over overlapping files take turns instead of deadlocking).
 */
export async function findFileTargetRows(
  tx: Queryable,
  tenantCode: string,
  fileIds: readonly string[],
  lock: boolean,
): Promise<FileTargetRow[]> {
  const { rows } = await tx.query<FileTargetRow>(
    `SELECT id, site_id, direction, title, file_name, folder_id, version, created_by, checked_out_by,
            CASE WHEN checked_out_until > now() THEN checked_out_until END AS checked_out_until,
            (SELECT p.name FROM tenant_people p WHERE files.checked_out_by IS NOT NULL
               AND p.tenant_code = files.tenant_code AND p.user_id = files.checked_out_by) AS checked_out_name
     FROM files
     WHERE tenant_code = $1 AND id = ANY($2::uuid[]) AND deleted_at IS NULL AND NOT ${heldFileSql('files')}
     ORDER BY id
     ${lock ? 'FOR UPDATE' : ''}`,
    [tenantCode, fileIds],
  );
  return rows;
}
