import type { FileStatus } from '@portico/contracts';
import type { Queryable } from '../db/database.ts';

/**
 * The rows of `file_statuses` (migration 0029, decisions 54 and 55): each tenant's short list of statuses of
 * published files, and a published file's status (`files.file_status`, with its note in `files.status_note`).
 * Every statement names the tenant, as row-level security does too.
 */

interface StatusRow {
  key: string;
  name: string;
}

/** The tenant's statuses, in order. */
export async function listStatuses(tx: Queryable, tenantCode: string): Promise<FileStatus[]> {
  const { rows } = await tx.query<StatusRow>(
    'SELECT key, name FROM file_statuses WHERE tenant_code = $1 ORDER BY sort_order, key',
    [tenantCode],
  );
  return rows.map((r) => ({ key: r.key, name: r.name }));
}

/** How many live published files carry each status (those with none are left out). */
export async function countFilesByStatus(tx: Queryable, tenantCode: string): Promise<Map<string, number>> {
  const { rows } = await tx.query<{ file_status: string; n: number | string }>(
    `SELECT file_status, count(*) AS n FROM files
     WHERE tenant_code = $1 AND direction = 'published' AND deleted_at IS NULL AND file_status IS NOT NULL
     GROUP BY file_status`,
    [tenantCode],
  );
  return new Map(rows.map((r) => [r.file_status, Number(r.n)]));
}

/** One status of the tenant's list, or undefined: a key of another tenant is not one. */
export async function findStatus(
  tx: Queryable,
  tenantCode: string,
  key: string,
): Promise<FileStatus | undefined> {
  const { rows } = await tx.query<StatusRow>(
    'SELECT key, name FROM file_statuses WHERE tenant_code = $1 AND key = $2',
    [tenantCode, key],
  );
  return rows[0];
}

/** Two replacements of one tenant's list take turns (a transaction-scoped lock, released at its end). */
export async function lockStatusList(tx: Queryable, tenantCode: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('file_statuses:' || $1))`, [tenantCode]);
}

/**
 * Removes statuses from the list. The foreign key clears them from their files (`ON DELETE SET NULL`); their
 * notes go with them here, so no file keeps the note of a status it no longer has. Answers how many files had one.
 */
export async function removeStatuses(
  tx: Queryable,
  tenantCode: string,
  keys: readonly string[],
): Promise<number> {
  if (!keys.length) return 0;
  const cleared = await tx.query(
    `UPDATE files SET status_note = NULL
     WHERE tenant_code = $1 AND direction = 'published' AND file_status = ANY($2::text[])
     RETURNING id`,
    [tenantCode, keys],
  );
  await tx.query('DELETE FROM file_statuses WHERE tenant_code = $1 AND key = ANY($2::text[])', [
    tenantCode,
    keys,
  ]);
  return cleared.rows.length;
}

/**
 * Writes the kept and new statuses with their names and order. Kept statuses first take a name no person can
 * type (a control character and the key), so two statuses may swap names without meeting the unique index
 * (`lower(name)` per tenant) half-way.
 */
export async function writeStatuses(
  tx: Queryable,
  tenantCode: string,
  kept: readonly { key: string; name: string; order: number }[],
  added: readonly { key: string; name: string; order: number }[],
): Promise<void> {
  if (kept.length) {
    const keys = kept.map((s) => s.key);
    await tx.query(
      `UPDATE file_statuses SET name = chr(1) || key WHERE tenant_code = $1 AND key = ANY($2::text[])`,
      [tenantCode, keys],
    );
    await tx.query(
      `UPDATE file_statuses s SET name = v.name, sort_order = v.sort_order
       FROM json_to_recordset($2::json) AS v(key text, name text, sort_order integer)
       WHERE s.tenant_code = $1 AND s.key = v.key`,
      [tenantCode, JSON.stringify(kept.map((s) => ({ key: s.key, name: s.name, sort_order: s.order })))],
    );
  }
  if (added.length) {
    await tx.query(
      `INSERT INTO file_statuses (tenant_code, key, name, sort_order)
       SELECT $1, v.key, v.name, v.sort_order
       FROM json_to_recordset($2::json) AS v(key text, name text, sort_order integer)`,
      [tenantCode, JSON.stringify(added.map((s) => ({ key: s.key, name: s.name, sort_order: s.order })))],
    );
  }
}

/** A published file's status as it is now, its row locked by the caller's `requireFileAccess`. */
export async function findFileStatus(
  tx: Queryable,
  tenantCode: string,
  fileId: string,
): Promise<{ status: string | null; note: string | null }> {
  const { rows } = await tx.query<{ file_status: string | null; status_note: string | null }>(
    'SELECT file_status, status_note FROM files WHERE tenant_code = $1 AND id = $2',
    [tenantCode, fileId],
  );
  return { status: rows[0]?.file_status ?? null, note: rows[0]?.status_note ?? null };
}

/** Sets a published file's status and note, and who changed it when. */
export async function updateFileStatus(
  tx: Queryable,
  tenantCode: string,
  fileId: string,
  change: { status: string; note: string | null; by: string },
): Promise<void> {
  await tx.query(
    `UPDATE files SET file_status = $3, status_note = $4, status_updated_at = now(), status_updated_by = $5
     WHERE tenant_code = $1 AND id = $2 AND direction = 'published'`,
    [tenantCode, fileId, change.status, change.note, change.by],
  );
}
