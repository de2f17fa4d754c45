import type { Queryable } from '../db/database.ts';

/** The kinds of mail a person turned off in a tenant; no row means "send". */
export async function listOptOutKinds(tx: Queryable, tenantCode: string, userId: string): Promise<string[]> {
  const { rows } = await tx.query<{ kind: string }>(
    'SELECT kind FROM mail_opt_outs WHERE tenant_code = $1 AND user_id = $2',
    [tenantCode, userId],
  );
  return rows.map((r) => r.kind);
}

/** Turns one kind on or off for a person in a tenant (the page, or an unsubscribe link). Idempotent. */
export async function setOptOut(
  tx: Queryable,
  tenantCode: string,
  userId: string,
  kind: string,
  optOut: boolean,
) {
  await tx.query(
    optOut
      ? `INSERT INTO mail_opt_outs (tenant_code, user_id, kind) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`
      : 'DELETE FROM mail_opt_outs WHERE tenant_code = $1 AND user_id = $2 AND kind = $3',
    [tenantCode, userId, kind],
  );
}
