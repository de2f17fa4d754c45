import type { Folder } from '@portico/contracts';
import type { Queryable } from '../db/database.ts';

/**
 * The rows of `folders` (migration 0021, decisions 46 and 47): one tree per site in which a folder holds only its
 * parent. A subtree is walked downwards with a recursive query over `folders_children`; an ancestry upwards, one
 * row per level. Every statement names the tenant, as row-level security does too.
 */

/** A live folder as the use cases act on it. */
export interface FolderRow {
  id: string;
  siteId: string;
  name: string;
  parentId: string | null;
}

interface Row {
  id: string;
  site_id: string;
  name: string;
  parent_id: string | null;
}

const toFolder = (row: Row): FolderRow => ({
  id: row.id,
  siteId: row.site_id,
  name: row.name,
  parentId: row.parent_id,
});

/** Every live folder of a site, by name: what both lists' pages draw their tree and path from. */
export async function listFolders(tx: Queryable, tenantCode: string, siteId: string): Promise<Folder[]> {
  const { rows } = await tx.query<Row>(
    `SELECT id, site_id, name, parent_id FROM folders
     WHERE tenant_code = $1 AND site_id = $2 AND deleted_at IS NULL
     ORDER BY lower(name), id`,
    [tenantCode, siteId],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, parentId: r.parent_id }));
}

/**
 * The live folder `id` of the tenant (of `siteId` when given), undefined if none; locked until the transaction ends
 * with `lock`: `update` to change it, `share` to put something in it (several at once, none while it is changed).
 */
export async function findLiveFolder(
  tx: Queryable,
  tenantCode: string,
  id: string,
  options: { siteId?: string; lock?: 'update' | 'share' | undefined } = {},
): Promise<FolderRow | undefined> {
  const { rows } = await tx.query<Row>(
    `SELECT id, site_id, name, parent_id FROM folders
     WHERE tenant_code = $1 AND id = $2 AND deleted_at IS NULL ${options.siteId ? 'AND site_id = $3' : ''}
     ${options.lock === 'update' ? 'FOR UPDATE' : options.lock === 'share' ? 'FOR SHARE' : ''}`,
    options.siteId ? [tenantCode, id, options.siteId] : [tenantCode, id],
  );
  return rows[0] && toFolder(rows[0]);
}

/** Whether a live folder other than `except` under `parentId` (null: the root) of the site has this name, in any case. */
export async function siblingNameTaken(
  tx: Queryable,
  tenantCode: string,
  siteId: string,
  parentId: string | null,
  name: string,
  except?: string,
): Promise<boolean> {
  const { rows } = await tx.query(
    `SELECT 1 FROM folders
     WHERE tenant_code = $1 AND site_id = $2 AND parent_id IS NOT DISTINCT FROM $3::uuid AND lower(name) = lower($4)
       AND deleted_at IS NULL AND id IS DISTINCT FROM $5::uuid
     LIMIT 1`,
    [tenantCode, siteId, parentId, name, except ?? null],
  );
  return rows.length > 0;
}

/** The live folder named `name` (in any case) under `parentId` (null: the root) of the site, if any. */
export async function findChildFolder(
  tx: Queryable,
  tenantCode: string,
  siteId: string,
  parentId: string | null,
  name: string,
): Promise<FolderRow | undefined> {
  const { rows } = await tx.query<Row>(
    `SELECT id, site_id, name, parent_id FROM folders
     WHERE tenant_code = $1 AND site_id = $2 AND parent_id IS NOT DISTINCT FROM $3::uuid AND lower(name) = lower($4)
       AND deleted_at IS NULL`,
    [tenantCode, siteId, parentId, name],
  );
  return rows[0] && toFolder(rows[0]);
}

export async function insertFolder(
  tx: Queryable,
  tenantCode: string,
  folder: { siteId: string; parentId: string | null; name: string; createdBy: string },
): Promise<FolderRow> {
  const { rows } = await tx.query<Row>(
    `INSERT INTO folders (tenant_code, site_id, parent_id, name, created_by) VALUES ($1, $2, $3, $4, $5)
     RETURNING id, site_id, name, parent_id`,
    [tenantCode, folder.siteId, folder.parentId, folder.name, folder.createdBy],
  );
  return toFolder(rows[0]!);
}

/**
 * Serializes the changes of one site's tree (moves, deletions) until the transaction ends: two moves that would
 * each be fine alone (A into B, B into A) cannot make a cycle together.
 */
export async function lockSiteTree(tx: Queryable, tenantCode: string, siteId: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('folders:' || $1 || ':' || $2))`, [
    tenantCode,
    siteId,
  ]);
}

/** Whether `folderId` is `candidate` or one of its ancestors: moving `folderId` under `candidate` would make a cycle. */
export async function isSelfOrAncestorOf(
  tx: Queryable,
  tenantCode: string,
  folderId: string,
  candidate: string,
): Promise<boolean> {
  const { rows } = await tx.query(
    `WITH RECURSIVE up (id, parent_id, depth) AS (
       SELECT id, parent_id, 0 FROM folders WHERE tenant_code = $1 AND id = $2
       UNION ALL
       SELECT f.id, f.parent_id, up.depth + 1 FROM folders f JOIN up ON f.id = up.parent_id
       WHERE f.tenant_code = $1 AND up.depth < 10000)
     SELECT 1 FROM up WHERE id = $3 LIMIT 1`,
    [tenantCode, candidate, folderId],
  );
  return rows.length > 0;
}

/** Renames and/or moves a folder: one row, whatever it holds. */
export async function updateFolder(
  tx: Queryable,
  tenantCode: string,
  id: string,
  change: { name: string; parentId: string | null },
): Promise<FolderRow> {
  const { rows } = await tx.query<Row>(
    `UPDATE folders SET name = $3, parent_id = $4 WHERE tenant_code = $1 AND id = $2
     RETURNING id, site_id, name, parent_id`,
    [tenantCode, id, change.name, change.parentId],
  );
  return toFolder(rows[0]!);
}

/**
 * The live subtree of a folder, itself included, as a subquery answering `id`: `$tenant` and `$folder` are the
 * placeholders of the tenant and the folder. Used by the lists (a search in a folder covers everything below it),
 * the zip of a folder and the trash.
 */
export const subtreeSql = (tenant: string, folder: string) =>
  `WITH RECURSIVE sub (id) AS (
     SELECT id FROM folders WHERE tenant_code = ${tenant} AND id = ${folder} AND deleted_at IS NULL
     UNION ALL
     SELECT c.id FROM folders c JOIN sub ON c.parent_id = sub.id
     WHERE c.tenant_code = ${tenant} AND c.deleted_at IS NULL)
   SELECT id FROM sub`;

/** A live file in the subtree checked out by someone other than `userId`, with the holder's name, or undefined. */
export async function findCheckedOutInSubtree(
  tx: Queryable,
  tenantCode: string,
  folderId: string,
  userId: string,
): Promise<{ fileName: string; holder: string | null; until: Date } | undefined> {
  const { rows } = await tx.query<{ file_name: string; holder: string | null; until: Date | string }>(
    `SELECT f.file_name, p.name AS holder, f.checked_out_until AS until
     FROM files f LEFT JOIN tenant_people p ON p.tenant_code = f.tenant_code AND p.user_id = f.checked_out_by
     WHERE f.tenant_code = $1 AND f.folder_id IN (${subtreeSql('$1', '$2')}) AND f.deleted_at IS NULL
       AND f.checked_out_by IS NOT NULL AND f.checked_out_by <> $3 AND f.checked_out_until > now()
     LIMIT 1`,
    [tenantCode, folderId, userId],
  );
  const row = rows[0];
  return row && { fileName: row.file_name, holder: row.holder, until: new Date(row.until) };
}

/**
 * Sends a folder and everything under it to the site's trash (decision 46): `deleted_at` and `deleted_by` on the
 * folder, on every live folder below it and on every live file in them; those below also get `trashed_with` = the
 * folder, so a restore brings back what went together and the trash lists only the folder. Answers the files
 * taken along (for their history) and how many folders went.
 */
export async function trashFolderTree(
  tx: Queryable,
  tenantCode: string,
  folderId: string,
  userId: string,
): Promise<{ files: { id: string; siteId: string; fileName: string }[]; folders: number }> {
  const { rows: folders } = await tx.query<{ id: string }>(
    `UPDATE folders SET deleted_at = now(), deleted_by = $3,
            trashed_with = CASE WHEN id = $2 THEN NULL ELSE $2::uuid END
     WHERE tenant_code = $1 AND id IN (${subtreeSql('$1', '$2')})
     RETURNING id`,
    [tenantCode, folderId, userId],
  );
  const { rows: files } = await tx.query<{ id: string; site_id: string; file_name: string }>(
    `UPDATE files SET deleted_at = now(), deleted_by = $3, trashed_with = $2
     WHERE tenant_code = $1 AND deleted_at IS NULL AND folder_id = ANY($4::uuid[])
     RETURNING id, site_id, file_name`,
    [tenantCode, folderId, userId, folders.map((f) => f.id)],
  );
  return {
    files: files.map((f) => ({ id: f.id, siteId: f.site_id, fileName: f.file_name })),
    folders: folders.length,
  };
}

/** Each folder's chain of folders from the site's root down to itself (root first), for the folders asked. */
export async function folderChains(
  tx: Queryable,
  tenantCode: string,
  ids: readonly string[],
): Promise<Map<string, { id: string; name: string }[]>> {
  const { rows } = await tx.query<{ start: string; id: string; name: string; depth: number }>(
    `WITH RECURSIVE up (start, id, parent_id, name, depth) AS (
       SELECT id, id, parent_id, name, 0 FROM folders WHERE tenant_code = $1 AND id = ANY($2::uuid[])
       UNION ALL
       SELECT up.start, f.id, f.parent_id, f.name, up.depth + 1 FROM folders f JOIN up ON f.id = up.parent_id
       WHERE f.tenant_code = $1 AND up.depth < 10000)
     SELECT start, id, name, depth FROM up ORDER BY start, depth DESC`,
    [tenantCode, ids],
  );
  const chains = new Map<string, { id: string; name: string }[]>();
  for (const row of rows)
    chains.set(row.start, [...(chains.get(row.start) ?? []), { id: row.id, name: row.name }]);
  return chains;
}
