import type { TwoStepRequirement } from '@portico/contracts';
import type { Queryable } from '../db/database.ts';

/** What resolving a caller reads besides their roles (members.repository.ts), in the tenant's transaction. */

/**
 * The tenant's two-step policy when it exists and is not disabled, else undefined; row-level security shows the
 * bound tenant's row alone.
 */
export async function findActiveTenantPolicy(
  tx: Queryable,
  tenantCode: string,
): Promise<{ twoStepRequired: TwoStepRequirement } | undefined> {
  const { rows } = await tx.query<{ two_step_required: TwoStepRequirement }>(
    'SELECT two_step_required FROM tenants WHERE code = $1 AND disabled_at IS NULL',
    [tenantCode],
  );
  return rows[0] && { twoStepRequired: rows[0].two_step_required };
}
