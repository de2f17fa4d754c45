import { type SignInPolicy, STAFF_AUDIT_ACTIONS, type UpdateSignInPolicyBody } from '@portico/contracts';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/tenant-scope.ts';
import type { Database, Queryable } from '../db/database.ts';
import { findTwoStepRequirement, updateTwoStepRequirement } from './tenants.repository.ts';

/**
 * The firm's sign-in policy (decision 45): who of its people must pass a second step. The embedded provider reads
 * it at every sign-in and token (idp/two-step-policy.ts); with an external provider the API checks the token's
 * claim (auth/two-step-claim.ts).
 */
async function readPolicy(tx: Queryable, tenantCode: string): Promise<SignInPolicy> {
  return { twoStepRequired: (await findTwoStepRequirement(tx, tenantCode)) ?? 'off' };
}

export const getSignInPolicy = (db: Database, scope: Caller) =>
  db.withTenant(scope.tenantCode, (tx) => readPolicy(tx, scope.tenantCode));

export async function updateSignInPolicy(
  db: Database,
  scope: Caller,
  body: UpdateSignInPolicyBody,
): Promise<SignInPolicy> {
  return db.withTenant(scope.tenantCode, async (tx) => {
    const before = await readPolicy(tx, scope.tenantCode);
    if (before.twoStepRequired === body.twoStepRequired) return before;
    await updateTwoStepRequirement(tx, scope.tenantCode, body.twoStepRequired);
    await recordAuditEvents(tx, [
      {
        tenantCode: scope.tenantCode,
        siteId: null,
        userId: scope.user.id,
        action: STAFF_AUDIT_ACTIONS.signInPolicyUpdate,
        detail: { from: before.twoStepRequired, to: body.twoStepRequired },
      },
    ]);
    return readPolicy(tx, scope.tenantCode);
  });
}
