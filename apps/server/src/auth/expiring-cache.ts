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
