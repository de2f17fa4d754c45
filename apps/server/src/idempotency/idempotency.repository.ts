import type { Caller } from '../auth/caller.ts';
import type { Database, Queryable } from '../db/database.ts';

/** A request sent with an `Idempotency-Key`: the key and what makes two requests the same one. */
export interface KeyedRequest {
  key: string;
  method: string;
  /** The path without its query, tenant included: a status change's file id is part of what was asked. */
  path: string;
  /** SHA-256 (hex) of the JSON body. */
  requestSha256: string;
}

/** What an earlier request with the key asked and answered. */
export interface StoredAnswer {
  method: string;
  path: string;
  requestSha256: string;
  status: number;
  body: unknown;
}

/**
 * In the change's transaction: claims the caller's key, or answers false when a committed row holds it already.
 * A row another transaction claimed and has not ended makes this wait for it (the primary key), so a concurrent
 * repeat never runs beside the first: it sees the first's answer once that commits, or claims the key itself if
 * the first rolled back.
 */
export async function claimKey(tx: Queryable, caller: Caller, request: KeyedRequest): Promise<boolean> {
  const { rows } = await tx.query(
    `INSERT INTO idempotency_keys (tenant_code, user_id, key, request_method, request_path, request_sha256)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (tenant_code, user_id, key) DO NOTHING
     RETURNING 1`,
    [caller.tenantCode, caller.user.id, request.key, request.method, request.path, request.requestSha256],
  );
  return rows.length > 0;
}

export async function findStoredAnswer(
  tx: Queryable,
  caller: Caller,
  key: string,
): Promise<StoredAnswer | undefined> {
  const { rows } = await tx.query<{
    request_method: string;
    request_path: string;
    request_sha256: string;
    response_status: number | null;
    response_body: unknown;
  }>(
    `SELECT request_method, request_path, request_sha256, response_status, response_body
     FROM idempotency_keys WHERE tenant_code = $1 AND user_id = $2 AND key = $3`,
    [caller.tenantCode, caller.user.id, key],
  );
  const row = rows[0];
  if (!row || row.response_status === null) return undefined;
  return {
    method: row.request_method,
    path: row.request_path,
    requestSha256: row.request_sha256,
    status: row.response_status,
    body: row.response_body,
  };
}

/** Completes the key claimed in this transaction with the answer, which commits with the change. */
export async function storeAnswer(
  tx: Queryable,
  caller: Caller,
  key: string,
  answer: { status: number; body: unknown },
) {
  await tx.query(
    `UPDATE idempotency_keys SET response_status = $4, response_body = $5::jsonb
     WHERE tenant_code = $1 AND user_id = $2 AND key = $3`,
    [caller.tenantCode, caller.user.id, key, answer.status, JSON.stringify(answer.body ?? null)],
  );
}

/** Removes keys written before `before`, across tenants (as the owner); answers how many. */
export async function deleteKeysWrittenBefore(db: Database, before: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM idempotency_keys WHERE created_at < $1 RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [before],
  );
  return rows[0]?.n ?? 0;
}
