import type { Caller } from './caller.ts';
import { createExpiringCache, createGenerations } from './expiring-cache.ts';
import type { TenantPrincipal } from './principal.ts';

/**
 * Callers resolved to a person and roles in a tenant, kept for a few seconds.
 *
 * Why: resolving takes a transaction of its own (tenant, person, roles: five round trips on PostgreSQL) on every
 * request, which was half the database work of listing a page of files (bench/, `list`). What the cache holds
 * decides little: every query of tenant data still filters by the caller's memberships and the sites' state in
 * SQL, so a stale entry can never show a site or file the caller no longer may see. It only lets a client whose
 * last membership just ended get empty answers instead of 403 `auth.forbidden` until the entry expires.
 *
 * Freshness (decision 19, docs/operations.md): changes made through this server's staff routes forget the
 * tenant's entries once committed, before their answer is sent (`forgetTenant`), so the caller's next request is
 * resolved again; a caller being resolved while that happened is not kept, since what it read may predate the
 * change. Another server, or a change made straight in the database, is seen within `ttlMs`. Staff status is kept
 * too and does widen access (staff see every site): no route changes `tenant_staff`, so a person taken off the
 * staff in the database keeps that access for at most the entry's few seconds.
 */
export interface CallerCache {
  /** The caller: kept, or resolved by `resolve` (and kept, unless the tenant changed meanwhile). */
  callerFor(principal: TenantPrincipal, resolve: () => Promise<Caller>): Promise<Caller>;
  /** Drops every entry of the tenant: its memberships, sites or staff changed. */
  forgetTenant(tenantCode: string): void;
  /** Drops every entry (changes may have been missed). */
  forgetAll(): void;
}

export interface CallerCacheOptions {
  /** How long an entry is trusted; 0 turns the cache off. */
  ttlMs?: number;
  /** Entries kept at most; the oldest go first. */
  maxEntries?: number;
  now?: () => number;
}

export function createCallerCache({
  ttlMs = 5_000,
  maxEntries = 10_000,
  now = Date.now,
}: CallerCacheOptions = {}): CallerCache {
  const scopes = createExpiringCache<string, Caller>(maxEntries, now);
  const generations = createGenerations();
  // Issuer, subject and tenant identify a caller; JSON keeps any characters in them from making two keys meet.
  const keyOf = (p: TenantPrincipal) => JSON.stringify([p.tenantCode, p.issuer, p.subject]);
  return {
    async callerFor(principal, resolve) {
      const key = keyOf(principal);
      const kept = scopes.get(key);
      if (kept) return kept;
      const generation = generations.of(principal.tenantCode);
      const caller = freezeCaller(await resolve());
      if (generations.of(principal.tenantCode) === generation) scopes.set(key, caller, now() + ttlMs);
      return caller;
    },
    forgetTenant(tenantCode) {
      generations.bump(tenantCode);
      scopes.deleteWhere((caller) => caller.tenantCode === tenantCode);
    },
    forgetAll() {
      generations.bumpAll();
      scopes.deleteWhere(() => true);
    },
  };
}

/** One caller object now serves many requests: none of them may change it for the others. */
const freezeCaller = (caller: Caller): Caller =>
  Object.freeze({ ...caller, user: Object.freeze({ ...caller.user }) });
