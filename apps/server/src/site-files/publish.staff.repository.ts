import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';

/**
 * Sends a live published file of the tenant to its site's trash (decision 48: restorable until TRASH_RETENTION_DAYS);
 * answers what it was, or undefined if there is none.
 */
export async function markUnpublished(
  tx: Queryable,
  caller: Caller,
  fileId: string,
): Promise<{ id: string; siteId: string; title: string; fileName: string } | undefined> {
  const { rows } = await tx.query<{ id: string; site_id: string; title: string; file_name: string }>(
    `UPDATE files SET deleted_at = now(), deleted_by = $3, trashed_with = NULL, checked_out_by = NULL,
                      checked_out_until = NULL
     WHERE tenant_code = $1 AND id = $2 AND direction = 'published' AND deleted_at IS NULL
     RETURNING id, site_id, title, file_name`,
    [caller.tenantCode, fileId, caller.user.id],
  );
  const row = rows[0];
  return row && { id: row.id, siteId: row.site_id, title: row.title, fileName: row.file_name };
}

/** SHA-256 of every live published file of a site: what a publish of the same bytes would only repeat. */
export async function publishedSha256s(
  tx: Queryable,
  caller: Pick<Caller, 'tenantCode'>,
  siteId: string,
): Promise<Set<string>> {
  const { rows } = await tx.query<{ sha256: string }>(
    `SELECT DISTINCT sha256 FROM files
     WHERE tenant_code = $1 AND site_id = $2 AND direction = 'published' AND deleted_at IS NULL`,
    [caller.tenantCode, siteId],
  );
  return new Set(rows.map((r) => r.sha256));
}
