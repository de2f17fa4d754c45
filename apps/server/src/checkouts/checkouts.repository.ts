import type { Queryable } from '../db/database.ts';

/** The rows of check-out (decision 46: files.checked_out_by / checked_out_until), written and read here alone. */

/** Locks the file for `userId` until `hours` from now (a holder checking out again starts the hours again). */
export async function startCheckout(
  tx: Queryable,
  tenantCode: string,
  fileId: string,
  userId: string,
  hours: number,
): Promise<Date> {
  const { rows } = await tx.query<{ until: Date | string }>(
    `UPDATE files SET checked_out_by = $3, checked_out_until = now() + make_interval(hours => $4)
     WHERE tenant_code = $1 AND id = $2
     RETURNING checked_out_until AS until`,
    [tenantCode, fileId, userId, hours],
  );
  return new Date(rows[0]!.until);
}

/** Ends the file's check-out, whoever holds it. */
export async function endCheckout(tx: Queryable, tenantCode: string, fileId: string): Promise<void> {
  await tx.query(
    `UPDATE files SET checked_out_by = NULL, checked_out_until = NULL WHERE tenant_code = $1 AND id = $2`,
    [tenantCode, fileId],
  );
}

/** A check-out that ran out and was released: whose it was and when it ended. */
export interface ReleasedCheckout {
  tenantCode: string;
  siteId: string;
  fileId: string;
  holderId: string | null;
  until: Date;
}

/**
 * Releases check-outs past their end: of one file (`only`, in its tenant's transaction, before acting on it), or
 * of every tenant (the expiry job, as the owner, `limit` at a time; rows another transaction holds are left for
 * the next run). Answers what it released, so each gets its `expired` event in the same transaction.
 */
export async function releaseExpired(
  tx: Queryable,
  only: { tenantCode: string; fileId: string } | { limit: number },
): Promise<ReleasedCheckout[]> {
  const one = 'fileId' in only;
  const { rows } = await tx.query<{
    tenant_code: string;
    site_id: string;
    id: string;
    holder: string | null;
    until: Date | string;
  }>(
    `WITH due AS (
       SELECT id, checked_out_by, checked_out_until FROM files
       WHERE checked_out_by IS NOT NULL AND checked_out_until <= now()
         ${one ? 'AND tenant_code = $1 AND id = $2' : ''}
       ORDER BY checked_out_until
       ${one ? '' : 'LIMIT $1'}
       FOR UPDATE SKIP LOCKED
     )
     UPDATE files f SET checked_out_by = NULL, checked_out_until = NULL
     FROM due WHERE f.id = due.id
     RETURNING f.tenant_code, f.site_id, f.id, due.checked_out_by AS holder, due.checked_out_until AS until`,
    one ? [only.tenantCode, only.fileId] : [only.limit],
  );
  return rows.map((r) => ({
    tenantCode: r.tenant_code,
    siteId: r.site_id,
    fileId: r.id,
    holderId: r.holder,
    until: new Date(r.until),
  }));
}

/** The names this firm knows these people by. */
export async function peopleNames(
  tx: Queryable,
  tenantCode: string,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  if (!userIds.length) return new Map();
  const { rows } = await tx.query<{ user_id: string; name: string }>(
    'SELECT user_id, name FROM tenant_people WHERE tenant_code = $1 AND user_id = ANY($2::uuid[])',
    [tenantCode, [...new Set(userIds)]],
  );
  return new Map(rows.map((r) => [r.user_id, r.name]));
}
