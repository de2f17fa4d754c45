import { TENANT_CODE_PATTERN } from '@portico/contracts';
import type { Caller } from '../auth/caller.ts';
import {
  type CurrentUserOptions,
  findUser,
  noRole,
  tenantNotFound,
  type UserRow,
} from '../auth/current-user.ts';
import { findUserById } from '../auth/identities.repository.ts';
import type { TenantPrincipal } from '../auth/principal.ts';
import { passesTwoStepClaim, twoStepRequiredFor } from '../auth/two-step-claim.ts';
import type { Database, Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { findActiveTenantPolicy } from './callers.repository.ts';
import { rolesInTenant } from './members.repository.ts';

const TENANT_CODE = new RegExp(TENANT_CODE_PATTERN);

/**
 * What the person's first request to a firm does once they are known there (the invitations module's
 * `acceptInvitation`): answers the name the firm's record now holds, or undefined if nothing changed.
 */
export type OnFirstRequest = (
  tx: Queryable,
  tenantCode: string,
  user: UserRow,
  principal: TenantPrincipal,
) => Promise<string | undefined>;

export interface ResolveCallerOptions extends CurrentUserOptions {
  onFirstRequest?: OnFirstRequest;
}

/**
 * Finds the tenant, the caller's users row, their roles and the firm's record of them (name and address as the
 * firm knows them, decision 7) in one tenant-bound transaction. Fails with
 * `tenant.not_found` for a tenant the token lists but the database does not know, and `auth.forbidden` for a
 * caller who is neither staff nor a client there; a stranger and a known user without a role look the same.
 */
export async function resolveTenantUser(
  db: Database,
  principal: TenantPrincipal,
  options: ResolveCallerOptions,
): Promise<Caller> {
  const { tenantCode } = principal;
  if (!TENANT_CODE.test(tenantCode)) throw tenantNotFound(tenantCode);
  return db.withTenant(tenantCode, async (tx) => {
    // Row-level security shows the application role only the bound tenant's row.
    // A disabled firm (an operator's `tenant disable`) answers like a missing one.
    const tenant = await findActiveTenantPolicy(tx, tenantCode);
    if (!tenant) throw tenantNotFound(tenantCode);

    const user = await findUser(tx, principal, options);
    if (!user) throw noRole(tenantCode);
    const roles = await rolesInTenant(tx, tenantCode, user.id);
    if (!roles?.is_staff && !roles?.is_client) throw noRole(tenantCode);
    // The embedded provider enforces the firm's policy before it issues a token (idp/two-step-policy.ts); an
    // external one is trusted as far as its token's claim says (OIDC_TWO_STEP_CLAIM).
    const { twoStepClaim } = options;
    if (
      twoStepClaim &&
      principal.issuer !== options.embeddedIssuer &&
      twoStepRequiredFor(tenant.twoStepRequired, { isStaff: roles.is_staff, isClient: roles.is_client }) &&
      !passesTwoStepClaim(principal.claims, twoStepClaim)
    ) {
      throw new AppError(
        'auth.two_step_required',
        `${tenantCode} requires two-step sign-in: sign in again with a second step at your identity provider.`,
      );
    }
    let name = roles.name;
    if (name !== null && !roles.accepted && options.onFirstRequest)
      name = (await options.onFirstRequest(tx, tenantCode, user, principal)) ?? name;
    // Every role holder has a record (migration 0007); the person's own address is the fallback all the same.
    const email = roles.email ?? user.email;
    name ??= user.email;
    return {
      tenantCode,
      user: { id: user.id, name, email, isStaff: roles.is_staff, isClient: roles.is_client },
    };
  });
}

/**
 * The caller a user known by id is now (one who was resolved earlier, e.g. when a download ticket was issued),
 * with the roles they have now, inside a transaction bound to the tenant; undefined if they have none any more.
 */
export async function callerOfUser(
  tx: Queryable,
  tenantCode: string,
  userId: string,
): Promise<Caller | undefined> {
  const roles = await rolesInTenant(tx, tenantCode, userId);
  if (!roles?.is_staff && !roles?.is_client) return undefined;
  const user = await findUserById(tx, userId);
  if (!user) return undefined;
  const email = roles.email ?? user.email;
  return {
    tenantCode,
    user: {
      id: userId,
      name: roles.name ?? user.email,
      email,
      isStaff: roles.is_staff,
      isClient: roles.is_client,
    },
  };
}
