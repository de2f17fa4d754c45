import type { Queryable } from '../db/database.ts';

/** What resolving a caller reads besides their roles (members.repository.ts), in the tenant's transaction. */

/** Whether the tenant exists and is not disabled; row-level security shows the bound tenant's row alone. */
export async function isActiveTenant(tx: Queryable, tenantCode: string): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM tenants WHERE code = $1 AND disabled_at IS NULL', [
    tenantCode,
  ]);
  return rows.length > 0;
}
