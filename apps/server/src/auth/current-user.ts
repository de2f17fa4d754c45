import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import type { Caller } from './caller.ts';
import type { CallerCache } from './caller-cache.ts';
import {
  findLinkedUser,
  findUnlinkedUserByEmail,
  findUserById,
  linkIdentity,
  type UserRow,
} from './identities.repository.ts';
import type { TenantPrincipal } from './principal.ts';

export type { UserRow };

import type { TwoStepClaim } from './two-step-claim.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `resolveCallerOnRequest` on every tenant service route, after the tenant guard. */
    caller?: Caller;
  }
}

export interface CurrentUserOptions {
  /** The embedded provider's issuer, whose `sub` is `users.id`; undefined when an external provider is used. */
  embeddedIssuer?: string | undefined;
  /** With an external provider: the claim that proves a second step, where the firm requires one. */
  twoStepClaim?: TwoStepClaim | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The users row of the person behind a verified token: by the embedded provider's `sub`, by a linked identity, or
 * (first sign-in) by an address the provider vouches for, which links the identity. Undefined for a stranger.
 */
export async function findUser(
  tx: Queryable,
  principal: TenantPrincipal,
  options: CurrentUserOptions,
): Promise<UserRow | undefined> {
  const { issuer, subject, claims } = principal;
  if (issuer === options.embeddedIssuer && UUID.test(subject)) {
    const user = await findUserById(tx, subject);
    if (user) return user;
  }

  const linked = await findLinkedUser(tx, issuer, subject);
  if (linked) return linked;

  // A client added by email is linked on first sign-in, but only on an address the provider vouches for, and
  // only to a person with no identity at this issuer yet: a reassigned address must not inherit an account.
  if (typeof claims.email !== 'string' || claims.email_verified !== true) return undefined;
  const unlinked = await findUnlinkedUserByEmail(tx, claims.email, issuer);
  if (!unlinked) return undefined;
  await linkIdentity(tx, issuer, subject, unlinked);
  // Two first requests may race; whichever link won is the one both use.
  return findLinkedUser(tx, issuer, subject);
}

export const tenantNotFound = (tenantCode: string) =>
  new AppError('tenant.not_found', `There is no tenant "${tenantCode}".`);

export const noRole = (tenantCode: string) =>
  new AppError(
    'auth.forbidden',
    `This account has no role in tenant "${tenantCode}": the firm must add it as staff or to a site first.`,
  );

/** Resolves a principal bound to a tenant to the caller with their roles there (sites/callers.ts). */
export type ResolveCaller = (principal: TenantPrincipal) => Promise<Caller>;

/**
 * onRequest hook that runs after `requireTenantPrincipal`: resolves the caller before anything is parsed, from
 * the cache when the same caller was resolved a moment ago (auth/caller-cache.ts says why that is safe).
 */
export function resolveCallerOnRequest(resolve: ResolveCaller, callers: CallerCache) {
  return async (request: FastifyRequest) => {
    const principal = request.principal;
    if (!principal) throw new AppError('auth.token_missing', 'Sign in first.');
    request.caller = await callers.callerFor(principal, () => resolve(principal));
  };
}

/** The caller `resolveCallerOnRequest` resolved; a route mounted outside the tenant services fails closed. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new AppError('auth.token_missing', 'Sign in first.');
  return request.caller;
}
