import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import type { CallerCache } from './caller-cache.ts';
import type { TenantPrincipal } from './principal.ts';
import type { Caller } from './tenant-scope.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `resolveCallerOnRequest` on every tenant service route, after the tenant guard. */
    tenantScope?: Caller;
  }
}

export interface CurrentUserOptions {
  /** The embedded provider's issuer, whose `sub` is `users.id`; undefined when an external provider is used. */
  embeddedIssuer?: string | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface UserRow {
  id: string;
  email: string;
  /** A name the person gave themselves (their embedded account's), or null; never one a firm typed. */
  name: string | null;
}

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
    const { rows } = await tx.query<UserRow>('SELECT id, email, name FROM users WHERE id = $1', [subject]);
    if (rows[0]) return rows[0];
  }

  const linked = await findLinkedUser(tx, issuer, subject);
  if (linked) return linked;

  // A client added by email is linked on first sign-in, but only on an address the provider vouches for, and
  // only to a person with no identity at this issuer yet: a reassigned address must not inherit an account.
  if (typeof claims.email !== 'string' || claims.email_verified !== true) return undefined;
  const { rows } = await tx.query<{ id: string }>(
    `SELECT u.id FROM users u
     WHERE lower(u.email) = lower($1)
       AND NOT EXISTS (SELECT 1 FROM user_identities i WHERE i.user_id = u.id AND i.issuer = $2)`,
    [claims.email, issuer],
  );
  if (!rows[0]) return undefined;
  await tx.query(
    `INSERT INTO user_identities (issuer, subject, user_id) VALUES ($1, $2, $3)
     ON CONFLICT (issuer, subject) DO NOTHING`,
    [issuer, subject, rows[0].id],
  );
  // Two first requests may race; whichever link won is the one both use.
  return findLinkedUser(tx, issuer, subject);
}

async function findLinkedUser(tx: Queryable, issuer: string, subject: string) {
  const { rows } = await tx.query<UserRow>(
    `SELECT u.id, u.email, u.name FROM user_identities i JOIN users u ON u.id = i.user_id
     WHERE i.issuer = $1 AND i.subject = $2`,
    [issuer, subject],
  );
  return rows[0];
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
    request.tenantScope = await callers.scopeOf(principal, () => resolve(principal));
  };
}

/** The caller `resolveCallerOnRequest` resolved; a route mounted outside the tenant services fails closed. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.tenantScope) throw new AppError('auth.token_missing', 'Sign in first.');
  return request.tenantScope;
}

/** `callerOf`'s former name, kept while the branches written against it are merged. */
export const tenantScopeOf = callerOf;
