import { TENANT_CODE_PATTERN, type TwoStepRequirement } from '@portico/contracts';
import type { FastifyRequest } from 'fastify';
import type { Database, Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import type { CallerCache } from './caller-cache.ts';
import type { TenantPrincipal } from './principal.ts';
import type { TenantScope } from './tenant-scope.ts';
import { passesTwoStepClaim, type TwoStepClaim, twoStepRequiredFor } from './two-step-claim.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireTenantUser` on every tenant service route, after the tenant guard. */
    tenantScope?: TenantScope;
  }
}

export interface CurrentUserOptions {
  /** The embedded provider's issuer, whose `sub` is `users.id`; undefined when an external provider is used. */
  embeddedIssuer?: string | undefined;
  /** With an external provider: the claim that proves a second step, where the firm requires one. */
  twoStepClaim?: TwoStepClaim | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TENANT_CODE = new RegExp(TENANT_CODE_PATTERN);

interface UserRow {
  id: string;
  email: string;
  /** A name the person gave themselves (their embedded account's), or null; never one a firm typed. */
  name: string | null;
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
  options: CurrentUserOptions,
): Promise<TenantScope> {
  const { tenantCode } = principal;
  if (!TENANT_CODE.test(tenantCode)) throw tenantNotFound(tenantCode);
  return db.withTenant(tenantCode, async (tx) => {
    // Row-level security shows the application role only the bound tenant's row.
    // A disabled firm (an operator's `tenant disable`) answers like a missing one.
    const tenant = await tx.query<{ two_step_required: TwoStepRequirement }>(
      'SELECT two_step_required FROM tenants WHERE code = $1 AND disabled_at IS NULL',
      [tenantCode],
    );
    if (!tenant.rows[0]) throw tenantNotFound(tenantCode);

    const user = await findUser(tx, principal, options);
    if (!user) throw noRole(tenantCode);
    const roles = await rolesOf(tx, tenantCode, user.id);
    if (!roles?.is_staff && !roles?.is_client) throw noRole(tenantCode);
    // The embedded provider enforces the firm's policy before it issues a token (idp/two-step-policy.ts); an
    // external one is trusted as far as its token's claim says.
    const { twoStepClaim } = options;
    if (
      twoStepClaim &&
      principal.issuer !== options.embeddedIssuer &&
      twoStepRequiredFor(tenant.rows[0].two_step_required, {
        isStaff: roles.is_staff,
        isClient: roles.is_client,
      }) &&
      !passesTwoStepClaim(principal.claims, twoStepClaim)
    ) {
      throw new AppError(
        'auth.two_step_required',
        `${tenantCode} requires two-step sign-in: sign in again with a second step at your identity provider.`,
      );
    }
    let name = roles.name;
    if (name !== null && !roles.accepted) name = (await accept(tx, tenantCode, user, principal)) ?? name;
    // Every role holder has a record (migration 0007); the person's own address is the fallback all the same.
    const email = roles.email ?? user.email;
    name ??= user.email;
    return {
      tenantCode,
      user: { id: user.id, name, email, isStaff: roles.is_staff, isClient: roles.is_client },
    };
  });
}

async function rolesOf(tx: Queryable, tenantCode: string, userId: string): Promise<RolesRow | undefined> {
  const { rows } = await tx.query<RolesRow>(
    `SELECT EXISTS (SELECT 1 FROM tenant_staff WHERE tenant_code = $1 AND user_id = $2) AS is_staff,
            EXISTS (SELECT 1 FROM site_members m JOIN sites s ON s.tenant_code = m.tenant_code AND s.id = m.site_id
                    WHERE m.tenant_code = $1 AND m.user_id = $2 AND s.archived_at IS NULL) AS is_client,
            p.name, p.email, p.accepted_at IS NOT NULL AS accepted
     FROM (VALUES (1)) one LEFT JOIN tenant_people p ON p.tenant_code = $1 AND p.user_id = $2`,
    [tenantCode, userId],
  );
  return rows[0];
}

/**
 * The scope of a user known by id (one who was resolved earlier, e.g. when a download ticket was issued), with
 * the roles they have now, inside a transaction bound to the tenant; undefined if they have none any more.
 */
export async function currentScopeOfUser(
  tx: Queryable,
  tenantCode: string,
  userId: string,
): Promise<TenantScope | undefined> {
  const roles = await rolesOf(tx, tenantCode, userId);
  if (!roles?.is_staff && !roles?.is_client) return undefined;
  const { rows } = await tx.query<UserRow>('SELECT id, email, name FROM users WHERE id = $1', [userId]);
  const user = rows[0];
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

interface RolesRow {
  is_staff: boolean;
  is_client: boolean;
  name: string | null;
  email: string | null;
  accepted: boolean;
}

/**
 * The person's first request to the firm accepts its invitation: from then on the firm sees the name they gave
 * themselves, if they gave one (their provider's `name` claim, or their embedded account's name), instead of
 * the one its staff typed. Answers the name the firm's record now holds, or undefined if another request
 * accepted first.
 */
async function accept(
  tx: Queryable,
  tenantCode: string,
  user: UserRow,
  principal: TenantPrincipal,
): Promise<string | undefined> {
  const { rows } = await tx.query<{ name: string }>(
    `UPDATE tenant_people SET accepted_at = now(), name = coalesce($3, name)
     WHERE tenant_code = $1 AND user_id = $2 AND accepted_at IS NULL RETURNING name`,
    [tenantCode, user.id, ownName(principal.claims.name) ?? user.name],
  );
  return rows[0]?.name;
}

/** A name claim fit to show: text of 1 to 200 characters, without control characters. */
function ownName(claim: unknown): string | undefined {
  if (typeof claim !== 'string') return undefined;
  const name = claim.trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
  return name.length > 0 && name.length <= 200 && !/[\u0000-\u001f\u007f-\u009f]/.test(name)
    ? name
    : undefined;
}

async function findUser(
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

const tenantNotFound = (tenantCode: string) =>
  new AppError('tenant.not_found', `There is no tenant "${tenantCode}".`);

const noRole = (tenantCode: string) =>
  new AppError(
    'auth.forbidden',
    `This account has no role in tenant "${tenantCode}": the firm must add it as staff or to a site first.`,
  );

/**
 * onRequest hook that runs after `requireTenantPrincipal`: resolves the caller before anything is parsed, from
 * the cache when the same caller was resolved a moment ago (auth/caller-cache.ts says why that is safe).
 */
export function requireTenantUser(db: Database, options: CurrentUserOptions, callers: CallerCache) {
  return async (request: FastifyRequest) => {
    const principal = request.principal;
    if (!principal) throw new AppError('auth.token_missing', 'Sign in first.');
    request.tenantScope = await callers.scopeOf(principal, () => resolveTenantUser(db, principal, options));
  };
}

/** The scope `requireTenantUser` resolved; a route mounted outside the tenant services fails closed. */
export function tenantScopeOf(request: FastifyRequest): TenantScope {
  if (!request.tenantScope) throw new AppError('auth.token_missing', 'Sign in first.');
  return request.tenantScope;
}
