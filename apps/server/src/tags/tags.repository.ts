import type { Tag } from '@portico/contracts';
import type { Queryable } from '../db/database.ts';

/**
 * The rows of tags (decision 54: `tags`, `file_tags`; decision 57), written and read here alone. Every statement
 * names the tenant: row-level security is the second wall, the composite key (tenant_code, tag_id) the third.
 */

interface TagRow {
  id: string;
  name: string;
  color: string;
  file_count?: number | string;
}

const toTag = (r: TagRow): Tag => ({
  id: r.id,
  name: r.name,
  color: r.color,
  ...(r.file_count === undefined ? {} : { fileCount: Number(r.file_count) }),
});

/** The tenant's tags by name (ignoring case); with `counts`, how many live files carry each. */
export async function listTags(tx: Queryable, tenantCode: string, counts = false): Promise<Tag[]> {
  const { rows } = await tx.query<TagRow>(
    `SELECT t.id, t.name, t.color
       ${
         counts
           ? `, (SELECT count(*) FROM file_tags ft JOIN files f ON f.id = ft.file_id AND f.deleted_at IS NULL
                 WHERE ft.tenant_code = t.tenant_code AND ft.tag_id = t.id) AS file_count`
           : ''
       }
     FROM tags t WHERE t.tenant_code = $1
     ORDER BY lower(t.name), t.name, t.id`,
    [tenantCode],
  );
  return rows.map(toTag);
}

/** One tag of the tenant, or undefined. */
export async function findTag(tx: Queryable, tenantCode: string, id: string): Promise<Tag | undefined> {
  const { rows } = await tx.query<TagRow>(
    'SELECT id, name, color FROM tags WHERE tenant_code = $1 AND id = $2',
    [tenantCode, id],
  );
  return rows[0] && toTag(rows[0]);
}

/** The tenant's tags among `ids` (another tenant's id, or one that does not exist, is simply not there). */
export async function findTags(tx: Queryable, tenantCode: string, ids: readonly string[]): Promise<Tag[]> {
  if (!ids.length) return [];
  const { rows } = await tx.query<TagRow>(
    'SELECT id, name, color FROM tags WHERE tenant_code = $1 AND id = ANY($2::uuid[])',
    [tenantCode, ids],
  );
  return rows.map(toTag);
}

/** A new tag, or undefined when the tenant has one of that name already (ignoring case). */
export async function insertTag(
  tx: Queryable,
  tag: { tenantCode: string; name: string; color: string; createdBy: string },
): Promise<Tag | undefined> {
  const { rows } = await tx.query<TagRow>(
    `INSERT INTO tags (tenant_code, name, color, created_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING
     RETURNING id, name, color`,
    [tag.tenantCode, tag.name, tag.color, tag.createdBy],
  );
  return rows[0] && toTag(rows[0]);
}

/** Whether another tag of the tenant has this name, ignoring case. */
export async function tagNameTaken(tx: Queryable, tenantCode: string, name: string, exceptId: string) {
  const { rows } = await tx.query(
    'SELECT 1 FROM tags WHERE tenant_code = $1 AND lower(name) = lower($2) AND id <> $3',
    [tenantCode, name, exceptId],
  );
  return rows.length > 0;
}

/** Renames and/or recolours a tag; answers it as it now is, or undefined when it is not the tenant's. */
export async function updateTag(
  tx: Queryable,
  tenantCode: string,
  id: string,
  change: { name?: string | undefined; color?: string | undefined },
): Promise<Tag | undefined> {
  const { rows } = await tx.query<TagRow>(
    `UPDATE tags SET name = coalesce($3, name), color = coalesce($4, color)
     WHERE tenant_code = $1 AND id = $2
     RETURNING id, name, color`,
    [tenantCode, id, change.name ?? null, change.color ?? null],
  );
  return rows[0] && toTag(rows[0]);
}

/**
 * Removes a tag (its file_tags go with it: ON DELETE CASCADE) and writes, in the same statement, one `file.untag`
 * event per file that carried it (`tagDeleted` in its detail), so each file's history says it lost the tag, as
 * untagging it would have. Answers how many live files carried it.
 */
export async function deleteTag(
  tx: Queryable,
  tenantCode: string,
  id: string,
  userId: string,
): Promise<{ name: string; fileCount: number } | undefined> {
  const { rows } = await tx.query<{ name: string; file_count: number | string }>(
    `WITH carried AS (
       SELECT ft.file_id, f.site_id, f.deleted_at IS NULL AS live
       FROM file_tags ft JOIN files f ON f.tenant_code = ft.tenant_code AND f.id = ft.file_id
       WHERE ft.tenant_code = $1 AND ft.tag_id = $2
     ), events AS (
       INSERT INTO audit_events (tenant_code, site_id, user_id, action, file_id, detail)
       SELECT $1, c.site_id, $3::uuid, 'file.untag', c.file_id,
              jsonb_build_object('tags', jsonb_build_array(jsonb_build_object('id', t.id, 'name', t.name)),
                                 'tagDeleted', true)
       FROM carried c JOIN tags t ON t.tenant_code = $1 AND t.id = $2
     ), gone AS (DELETE FROM tags WHERE tenant_code = $1 AND id = $2 RETURNING id, name)
     SELECT gone.name, (SELECT count(*) FROM carried WHERE live) AS file_count FROM gone`,
    [tenantCode, id, userId],
  );
  return rows[0] && { name: rows[0].name, fileCount: Number(rows[0].file_count) };
}

/** The tags a file carries now. */
export async function fileTagIds(tx: Queryable, tenantCode: string, fileId: string): Promise<string[]> {
  const { rows } = await tx.query<{ tag_id: string }>(
    'SELECT tag_id FROM file_tags WHERE tenant_code = $1 AND file_id = $2',
    [tenantCode, fileId],
  );
  return rows.map((r) => r.tag_id);
}

export interface TagChange {
  tenantCode: string;
  userId: string;
  fileIds: readonly string[];
  add: readonly string[];
  remove: readonly string[];
  /** Recorded in each event's detail (a bulk action says so). */
  bulk: boolean;
}

/**
 * Adds `add` to every file and removes `remove` from every file, set-based: one INSERT … SELECT over the files and
 * the tags, with what a list orders a tag's files by (decision 62; a pair already there is left alone: ON CONFLICT
 * DO NOTHING), one DELETE, and per file one `file.tag` event naming the tags it gained and one `file.untag` naming those it lost, inserted from the rows
 * the two statements changed. The files must have been checked (`requireFilesAccess`) and the tags found in the
 * tenant before. Answers how many distinct files changed.
 */
export async function applyTagChange(tx: Queryable, change: TagChange): Promise<number> {
  const { rows } = await tx.query<{ changed: number | string }>(
    `WITH added AS (
       INSERT INTO file_tags (tenant_code, file_id, tag_id, site_id, direction, created_at, live)
       SELECT $1, f.id, t.id, f.site_id, f.direction, f.created_at, f.deleted_at IS NULL
       FROM files f CROSS JOIN unnest($3::uuid[]) AS t(id)
       WHERE f.tenant_code = $1 AND f.id = ANY($2::uuid[])
       ON CONFLICT DO NOTHING
       RETURNING file_id, tag_id
     ), removed AS (
       DELETE FROM file_tags WHERE tenant_code = $1 AND file_id = ANY($2::uuid[]) AND tag_id = ANY($4::uuid[])
       RETURNING file_id, tag_id
     ), changes AS (
       SELECT 'file.tag' AS action, file_id, tag_id FROM added
       UNION ALL
       SELECT 'file.untag', file_id, tag_id FROM removed
     ), events AS (
       INSERT INTO audit_events (tenant_code, site_id, user_id, action, file_id, detail)
       SELECT $1, f.site_id, $5::uuid, c.action, c.file_id,
              jsonb_build_object('tags', jsonb_agg(jsonb_build_object('id', t.id, 'name', t.name) ORDER BY t.name))
              || CASE WHEN $6::boolean THEN '{"bulk": true}'::jsonb ELSE '{}'::jsonb END
       FROM changes c
       JOIN files f ON f.tenant_code = $1 AND f.id = c.file_id
       JOIN tags t ON t.tenant_code = $1 AND t.id = c.tag_id
       GROUP BY c.action, c.file_id, f.site_id
       RETURNING file_id
     )
     SELECT count(DISTINCT file_id) AS changed FROM events`,
    [change.tenantCode, change.fileIds, change.add, change.remove, change.userId, change.bulk],
  );
  return Number(rows[0]?.changed ?? 0);
}
