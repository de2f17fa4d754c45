import type { Queryable } from '../db/database.ts';
import type { FileDirection } from '../site-files/file-access.ts';

/** The rows of rename, move, copy and delete (decision 48): files of one site, in one tenant's transaction. */

/** Where a file sits: its site, its direction and its folder (null: the root). */
export interface FilePlace {
  tenantCode: string;
  siteId: string;
  direction: FileDirection;
  folderId: string | null;
}

/**
 * Takes, until the transaction ends, the right to choose a name in one place: two renames, moves, copies or
 * restores into the same folder run one after the other, so both cannot take the same free name.
 */
export async function lockPlace(tx: Queryable, place: FilePlace) {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 48))', [
    `files:${place.tenantCode}:${place.siteId}:${place.direction}:${place.folderId ?? 'root'}`,
  ]);
}

/**
 * The names (lower-case) of the live files in `place` that `name` or one of its " (n)" forms would clash with,
 * leaving out `exceptId`: empty when the name is free.
 */
export async function clashingNames(
  tx: Queryable,
  place: FilePlace,
  name: string,
  exceptId: string | null,
): Promise<Set<string>> {
  const base = name.toLowerCase().replace(/\.[^.]*$/, '');
  const { rows } = await tx.query<{ name: string }>(
    `SELECT lower(file_name) AS name FROM files
     WHERE tenant_code = $1 AND site_id = $2 AND direction = $3 AND folder_id IS NOT DISTINCT FROM $4::uuid
       AND deleted_at IS NULL AND id IS DISTINCT FROM $5::uuid AND starts_with(lower(file_name), $6)`,
    [place.tenantCode, place.siteId, place.direction, place.folderId, exceptId, base],
  );
  const names = new Set(rows.map((r) => r.name));
  return names.has(name.toLowerCase()) ? names : new Set();
}

/** Sets a file's name, title and folder. */
export async function updateFilePlace(
  tx: Queryable,
  tenantCode: string,
  fileId: string,
  change: { fileName: string; title: string; folderId: string | null },
) {
  await tx.query(
    'UPDATE files SET file_name = $3, title = $4, folder_id = $5 WHERE tenant_code = $1 AND id = $2',
    [tenantCode, fileId, change.fileName, change.title, change.folderId],
  );
}

/**
 * A copy of a live file: the same bytes (the same blob key, no second blob), its own id, version 1 (written by the
 * trigger of migration 0021) and no check-out, made by `userId` now; a submitted copy starts `received`.
 */
export async function insertCopy(
  tx: Queryable,
  tenantCode: string,
  sourceId: string,
  copy: { fileName: string; title: string; folderId: string | null; userId: string },
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO files (tenant_code, site_id, direction, title, file_name, content_type, size, sha256, blob_key,
                        reference_number, status, created_by, folder_id)
     SELECT tenant_code, site_id, direction, $3, $4, content_type, size, sha256, blob_key, reference_number,
            CASE WHEN direction = 'published' THEN status ELSE 'received' END, $6, $5
     FROM files WHERE tenant_code = $1 AND id = $2
     RETURNING id`,
    [tenantCode, sourceId, copy.title, copy.fileName, copy.folderId, copy.userId],
  );
  return rows[0]!.id;
}

/** Sends live files to their site's trash, deleted by `userId` now; a check-out of them ends. */
export async function markFilesDeleted(
  tx: Queryable,
  tenantCode: string,
  fileIds: readonly string[],
  userId: string,
) {
  await tx.query(
    `UPDATE files SET deleted_at = now(), deleted_by = $3, trashed_with = NULL, checked_out_by = NULL,
                      checked_out_until = NULL
     WHERE tenant_code = $1 AND id = ANY($2::uuid[]) AND deleted_at IS NULL`,
    [tenantCode, fileIds, userId],
  );
}
