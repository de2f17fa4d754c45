import { type SignInPolicy, STAFF_AUDIT_ACTIONS, type UpdateSignInPolicyBody } from '@portico/contracts';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/caller.ts';
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

export const getSignInPolicy = (db: Database, caller: Caller) =>
  db.withTenant(caller.tenantCode, (tx) => readPolicy(tx, caller.tenantCode));

export async function updateSignInPolicy(
  db: Database,
  caller: Caller,
  body: UpdateSignInPolicyBody,
): Promise<SignInPolicy> {
  return db.withTenant(caller.tenantCode, async (tx) => {
    const before = await readPolicy(tx, caller.tenantCode);
    if (before.twoStepRequired === body.twoStepRequired) return before;
    await updateTwoStepRequirement(tx, caller.tenantCode, body.twoStepRequired);
    await recordAuditEvents(tx, [
      {
        tenantCode: caller.tenantCode,
        siteId: null,
        userId: caller.user.id,
        action: STAFF_AUDIT_ACTIONS.signInPolicyUpdate,
        detail: { from: before.twoStepRequired, to: body.twoStepRequired },
      },
    ]);
    return readPolicy(tx, caller.tenantCode);
  });
}
