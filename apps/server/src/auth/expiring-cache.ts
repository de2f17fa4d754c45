/**
 * A bounded map whose entries stop counting at their own deadline: what the caches of the request path share
 * (verified tokens, resolved callers). Oldest entries go first when it is full; an expired entry is dropped when
 * it is next looked up.
 */
export interface ExpiringCache<K, V> {
  get(key: K): V | undefined;
  /** Keeps `value` until `validUntil` (milliseconds, the cache's clock); a deadline already passed keeps nothing. */
  set(key: K, value: V, validUntil: number): void;
  /** Drops every entry whose value matches. */
  deleteWhere(matches: (value: V) => boolean): void;
}

export function createExpiringCache<K, V>(maxEntries: number, now: () => number): ExpiringCache<K, V> {
  const entries = new Map<K, { value: V; validUntil: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() < entry.validUntil) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key, value, validUntil) {
      entries.delete(key);
      if (validUntil <= now()) return;
      entries.set(key, { value, validUntil });
      // A Map iterates in insertion order, so the first key is the oldest entry.
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as K);
    },
    deleteWhere(matches) {
      for (const [key, entry] of entries) if (matches(entry.value)) entries.delete(key);
    },
  };
}

/**
 * A change counter per tenant, for the caches whose entries a tenant's change must drop. A value read from the
 * database while the change was being committed may predate it; put in the cache after the change dropped the
 * tenant's entries, it would outlive the change by a whole lifetime. A cache notes the tenant's generation before
 * it reads and keeps what it read only if the generation is still the same.
 */
export interface TenantGenerations {
  of(tenantCode: string): number;
  bump(tenantCode: string): void;
  /** Every tenant changed (changes may have been missed). */
  bumpAll(): void;
}

export function createGenerations(): TenantGenerations {
  // One number per tenant that ever changed: as many as the portal has tenants.
  const generations = new Map<string, number>();
  // Both only grow, so their sum is unchanged exactly when neither changed.
  let everyTenant = 0;
  return {
    of: (tenantCode) => (generations.get(tenantCode) ?? 0) + everyTenant,
    bumpAll: () => {
      everyTenant++;
    },
    bump: (tenantCode) => {
      generations.set(tenantCode, (generations.get(tenantCode) ?? 0) + 1);
    },
  };
}
