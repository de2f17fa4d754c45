import type { TrashItem, TrashItemKind } from '@portico/contracts';
import type { Queryable } from '../db/database.ts';

/**
 * The rows of a site's trash (decisions 46 and 48): files and folders with `deleted_at` set. What someone deleted
 * has `trashed_with` NULL; what went along with a deleted folder names that folder in `trashed_with`.
 */

interface TrashRow {
  id: string;
  kind: TrashItemKind;
  name: string;
  title: string | null;
  direction: 'published' | 'submitted' | null;
  size: number | string | null;
  folder_id: string | null;
  item_count: number | string;
  deleted_at: Date | string;
  deleted_by_name: string | null;
}

const TOP_ITEMS = `
  SELECT id, 'file' AS kind, file_name AS name, title, direction, size, folder_id, deleted_at, deleted_by
  FROM files WHERE tenant_code = $1 AND site_id = $2 AND deleted_at IS NOT NULL AND trashed_with IS NULL
  UNION ALL
  SELECT id, 'folder', name, NULL, NULL, NULL, parent_id, deleted_at, deleted_by
  FROM folders WHERE tenant_code = $1 AND site_id = $2 AND deleted_at IS NOT NULL AND trashed_with IS NULL`;

/** A page of what someone deleted in a site, newest first, with who (as the firm knows them) and what went along. */
export async function listTrash(
  tx: Queryable,
  tenantCode: string,
  siteId: string,
  page: { limit: number; offset: number },
): Promise<{ records: TrashItem[]; total: number }> {
  const { rows } = await tx.query<TrashRow>(
    `WITH page AS (${TOP_ITEMS} ORDER BY deleted_at DESC, id DESC LIMIT $3 OFFSET $4)
     SELECT page.id, page.kind, page.name, page.title, page.direction, page.size, page.folder_id, page.deleted_at,
            p.name AS deleted_by_name,
            CASE WHEN page.kind = 'folder' THEN
              (SELECT count(*) FROM files x WHERE x.tenant_code = $1 AND x.trashed_with = page.id)
              + (SELECT count(*) FROM folders y WHERE y.tenant_code = $1 AND y.trashed_with = page.id)
            ELSE 0 END AS item_count
     FROM page LEFT JOIN tenant_people p ON p.tenant_code = $1 AND p.user_id = page.deleted_by
     ORDER BY page.deleted_at DESC, page.id DESC`,
    [tenantCode, siteId, page.limit, page.offset],
  );
  const { rows: count } = await tx.query<{ total: number | string }>(
    `SELECT count(*) AS total FROM (${TOP_ITEMS}) items`,
    [tenantCode, siteId],
  );
  return {
    records: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      name: r.name,
      title: r.title,
      direction: r.direction,
      size: r.size === null ? null : Number(r.size),
      folderId: r.folder_id,
      itemCount: Number(r.item_count),
      deletedAt: new Date(r.deleted_at).toISOString(),
      deletedBy: r.deleted_by_name,
    })),
    total: Number(count[0]?.total ?? 0),
  };
}

/** Something someone deleted, locked: a file or a folder of the tenant with `trashed_with` NULL. */
export type TrashedItem =
  | {
      kind: 'file';
      id: string;
      siteId: string;
      direction: 'published' | 'submitted';
      title: string;
      name: string;
      /** Where it was; null when that was the root. */
      folderId: string | null;
    }
  | { kind: 'folder'; id: string; siteId: string; name: string; folderId: string | null };

export async function lockTrashedItem(
  tx: Queryable,
  tenantCode: string,
  id: string,
): Promise<TrashedItem | undefined> {
  const { rows: files } = await tx.query<{
    id: string;
    site_id: string;
    direction: 'published' | 'submitted';
    title: string;
    file_name: string;
    folder_id: string | null;
  }>(
    `SELECT id, site_id, direction, title, file_name, folder_id FROM files
     WHERE tenant_code = $1 AND id = $2 AND deleted_at IS NOT NULL AND trashed_with IS NULL FOR UPDATE`,
    [tenantCode, id],
  );
  const file = files[0];
  if (file) {
    return {
      kind: 'file',
      id: file.id,
      siteId: file.site_id,
      direction: file.direction,
      title: file.title,
      name: file.file_name,
      folderId: file.folder_id,
    };
  }
  const { rows: folders } = await tx.query<{
    id: string;
    site_id: string;
    name: string;
    parent_id: string | null;
  }>(
    `SELECT id, site_id, name, parent_id FROM folders
     WHERE tenant_code = $1 AND id = $2 AND deleted_at IS NOT NULL AND trashed_with IS NULL FOR UPDATE`,
    [tenantCode, id],
  );
  const folder = folders[0];
  return (
    folder && {
      kind: 'folder',
      id: folder.id,
      siteId: folder.site_id,
      name: folder.name,
      folderId: folder.parent_id,
    }
  );
}

/** Brings a trashed file back to `folderId` under `fileName` (and `title`). */
export async function restoreFileRow(
  tx: Queryable,
  tenantCode: string,
  id: string,
  place: { folderId: string | null; fileName: string; title: string },
) {
  await tx.query(
    `UPDATE files SET deleted_at = NULL, deleted_by = NULL, trashed_with = NULL, folder_id = $3, file_name = $4,
                      title = $5
     WHERE tenant_code = $1 AND id = $2`,
    [tenantCode, id, place.folderId, place.fileName, place.title],
  );
}

/** The names (lower-case) of the live folders beside which a folder named `name` would go, when it clashes. */
export async function clashingFolderNames(
  tx: Queryable,
  tenantCode: string,
  siteId: string,
  parentId: string | null,
  name: string,
): Promise<Set<string>> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 48))', [
    `folders:${tenantCode}:${siteId}:${parentId ?? 'root'}`,
  ]);
  const { rows } = await tx.query<{ name: string }>(
    `SELECT lower(name) AS name FROM folders
     WHERE tenant_code = $1 AND site_id = $2 AND parent_id IS NOT DISTINCT FROM $3::uuid AND deleted_at IS NULL
       AND starts_with(lower(name), $4)`,
    [tenantCode, siteId, parentId, name.toLowerCase().replace(/\.[^.]*$/, '')],
  );
  const names = new Set(rows.map((r) => r.name));
  return names.has(name.toLowerCase()) ? names : new Set();
}

/**
 * Brings a trashed folder back under `parentId` as `name`, with every folder and file that went to the trash with
 * it; answers the ids of those files.
 */
export async function restoreFolderRows(
  tx: Queryable,
  tenantCode: string,
  id: string,
  place: { parentId: string | null; name: string },
): Promise<{ fileIds: string[]; folders: number }> {
  await tx.query(
    `UPDATE folders SET deleted_at = NULL, deleted_by = NULL, parent_id = $3, name = $4
     WHERE tenant_code = $1 AND id = $2`,
    [tenantCode, id, place.parentId, place.name],
  );
  const { rows: folders } = await tx.query(
    `UPDATE folders SET deleted_at = NULL, deleted_by = NULL, trashed_with = NULL
     WHERE tenant_code = $1 AND trashed_with = $2 RETURNING id`,
    [tenantCode, id],
  );
  const { rows: files } = await tx.query<{ id: string }>(
    `UPDATE files SET deleted_at = NULL, deleted_by = NULL, trashed_with = NULL
     WHERE tenant_code = $1 AND trashed_with = $2 RETURNING id`,
    [tenantCode, id],
  );
  return { fileIds: files.map((f) => f.id), folders: folders.length };
}

/** Whether a folder is live (a deleted one, or one deleted for good, is not). */
export async function isLiveFolderRow(tx: Queryable, tenantCode: string, folderId: string) {
  const { rows } = await tx.query(
    'SELECT 1 FROM folders WHERE tenant_code = $1 AND id = $2 AND deleted_at IS NULL',
    [tenantCode, folderId],
  );
  return rows.length > 0;
}

/** The files a permanent delete of `item` takes: the file, or every file that went to the trash with the folder. */
export async function filesPurgedWith(tx: Queryable, tenantCode: string, item: TrashedItem) {
  const { rows } = await tx.query<{ id: string; title: string; file_name: string }>(
    item.kind === 'file'
      ? 'SELECT id, title, file_name FROM files WHERE tenant_code = $1 AND id = $2'
      : 'SELECT id, title, file_name FROM files WHERE tenant_code = $1 AND trashed_with = $2',
    [tenantCode, item.id],
  );
  return rows;
}

/** Deletes files for good, their versions with them; answers every blob key they named (versions' included). */
export async function deleteFileRows(tx: Queryable, tenantCode: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const { rows } = await tx.query<{ blob_key: string }>(
    `SELECT blob_key FROM files WHERE tenant_code = $1 AND id = ANY($2::uuid[])
     UNION SELECT blob_key FROM file_versions WHERE tenant_code = $1 AND file_id = ANY($2::uuid[])`,
    [tenantCode, ids],
  );
  await tx.query('DELETE FROM files WHERE tenant_code = $1 AND id = ANY($2::uuid[])', [tenantCode, ids]);
  return rows.map((r) => r.blob_key);
}

/**
 * Deletes a trashed folder for good with the folders that went with it. A folder under it that was deleted on its
 * own before (its own item of the trash) is kept, moved to the root, and a file deleted on its own there falls to
 * the root too (`folder_id` ON DELETE SET NULL): each is still restorable.
 */
export async function deleteFolderRows(tx: Queryable, tenantCode: string, id: string): Promise<number> {
  await tx.query(
    `UPDATE folders SET parent_id = NULL
     WHERE tenant_code = $1 AND id <> $2 AND trashed_with IS DISTINCT FROM $2
       AND parent_id IN (SELECT id FROM folders WHERE tenant_code = $1 AND (id = $2 OR trashed_with = $2))`,
    [tenantCode, id],
  );
  const { rows } = await tx.query(
    'DELETE FROM folders WHERE tenant_code = $1 AND (id = $2 OR trashed_with = $2) RETURNING id',
    [tenantCode, id],
  );
  return rows.length;
}

/** What someone deleted longer ago than `days`, across tenants (the retention job, as the owner), oldest first. */
export async function expiredTrashItems(db: Queryable, days: number, limit: number) {
  const { rows } = await db.query<{ tenant_code: string; id: string }>(
    `SELECT tenant_code, id FROM (
       SELECT tenant_code, id, deleted_at FROM files
       WHERE deleted_at IS NOT NULL AND trashed_with IS NULL AND deleted_at < now() - make_interval(days => $1)
       UNION ALL
       SELECT tenant_code, id, deleted_at FROM folders
       WHERE deleted_at IS NOT NULL AND trashed_with IS NULL AND deleted_at < now() - make_interval(days => $1)
     ) expired ORDER BY deleted_at LIMIT $2`,
    [days, limit],
  );
  return rows.map((r) => ({ tenantCode: r.tenant_code, id: r.id }));
}
