import type { FileAreaSettings } from '@portico/contracts';
import { createExpiringCache, createGenerations } from '../auth/expiring-cache.ts';
import type { Queryable } from '../db/database.ts';
import { readEffectiveSettings } from './sites.repository.ts';

/**
 * The fileAreaSettings in force for a site, kept for a few seconds.
 *
 * Why: reading them is two lookups of `file_area_settings` joined to the site, which cost the embedded database
 * a quarter of a Published Files page (bench/, `list`), and they change only when the firm's staff change them.
 * What the cache holds is a gate, not isolation: which sites and files a caller sees is still decided in SQL on
 * every request (`visibleSiteGuard`). Changes made through this server's staff routes forget the tenant's
 * entries once committed, before their answer is sent, as the caller cache's do (settings being read meanwhile
 * are not kept); a change made through another server or straight in the database is seen within `ttlMs`.
 */
export interface SiteSettingsCache {
  /** The site's effective settings, read in `tx` (bound to the tenant) when not kept. */
  settingsOf(tx: Queryable, tenantCode: string, siteId: string): Promise<FileAreaSettings>;
  /** Drops every entry of the tenant: its defaults or a site's override changed. */
  forgetTenant(tenantCode: string): void;
  /** Drops every entry (changes may have been missed). */
  forgetAll(): void;
}

export interface SiteSettingsCacheOptions {
  /** How long an entry is trusted; 0 turns the cache off. */
  ttlMs?: number;
  /** Entries kept at most; the oldest go first. */
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  tenantCode: string;
  settings: FileAreaSettings;
}

export function createSiteSettingsCache({
  ttlMs = 5_000,
  maxEntries = 10_000,
  now = Date.now,
}: SiteSettingsCacheOptions = {}): SiteSettingsCache {
  const entries = createExpiringCache<string, Entry>(maxEntries, now);
  const generations = createGenerations();
  // Site ids are unique across tenants, but a key names both so no tenant can ever read another's entry.
  const keyOf = (tenantCode: string, siteId: string) => `${tenantCode} ${siteId}`;
  return {
    async settingsOf(tx, tenantCode, siteId) {
      const key = keyOf(tenantCode, siteId);
      const kept = entries.get(key);
      if (kept) return kept.settings;
      const generation = generations.of(tenantCode);
      const settings = Object.freeze(await readEffectiveSettings(tx, tenantCode, siteId));
      // Settings read while a change was committed may predate it: kept only if the tenant did not change since.
      if (generations.of(tenantCode) === generation)
        entries.set(key, { tenantCode, settings }, now() + ttlMs);
      return settings;
    },
    forgetTenant(tenantCode) {
      generations.bump(tenantCode);
      entries.deleteWhere((entry) => entry.tenantCode === tenantCode);
    },
    forgetAll() {
      generations.bumpAll();
      entries.deleteWhere(() => true);
    },
  };
}
