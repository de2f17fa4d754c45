import {
  FILE_AREA_SETTING_KEYS,
  type FileAreaSettingOverrides,
  type SiteFileAreaSettings,
  STAFF_AUDIT_ACTIONS,
  type TenantFileAreaSettings,
  type UpdateSiteFileAreaSettingsBody,
  type UpdateTenantFileAreaSettingsBody,
} from '@portico/contracts';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/caller.ts';
import type { Database, Queryable } from '../db/database.ts';
import {
  deleteSiteSettings,
  lockTenant,
  readSettings,
  writeSettings,
} from './file-area-settings.staff.repository.ts';
import { effectiveFileAreaSettings } from './file-area-settings.ts';
import { findTenantSite } from './sites.staff.repository.ts';

/**
 * The tenant's defaults and the sites' overrides. Both are read on every client request (GET api/sites, the
 * download and upload checks), so a change here takes effect at the clients' next call, with no new token.
 */

type FlagChanges = Record<string, { from: boolean | null; to: boolean | null }>;

/** Flag by flag, what a layer said before and after; unset is null. */
function changesBetween(before: FileAreaSettingOverrides, after: FileAreaSettingOverrides): FlagChanges {
  const changes: FlagChanges = {};
  for (const key of FILE_AREA_SETTING_KEYS) {
    const from = before[key] ?? null;
    const to = after[key] ?? null;
    if (from !== to) changes[key] = { from, to };
  }
  return changes;
}

async function tenantSettings(tx: Queryable, caller: Caller): Promise<TenantFileAreaSettings> {
  const stored = await readSettings(tx, caller, null);
  return { settings: effectiveFileAreaSettings(stored.flags), updatedAt: stored.updatedAt };
}

async function siteSettings(tx: Queryable, caller: Caller, siteId: string): Promise<SiteFileAreaSettings> {
  const defaults = await readSettings(tx, caller, null);
  const site = await readSettings(tx, caller, siteId);
  return {
    siteId,
    tenantDefaults: effectiveFileAreaSettings(defaults.flags),
    overrides: site.flags,
    effective: effectiveFileAreaSettings(defaults.flags, site.flags),
    updatedAt: site.updatedAt,
  };
}

export const getTenantSettings = (db: Database, caller: Caller) =>
  db.withTenant(caller.tenantCode, (tx) => tenantSettings(tx, caller));

export async function updateTenantSettings(
  db: Database,
  caller: Caller,
  body: UpdateTenantFileAreaSettingsBody,
): Promise<TenantFileAreaSettings> {
  return db.withTenant(caller.tenantCode, async (tx) => {
    await lockTenant(tx, caller);
    const before = (await readSettings(tx, caller, null)).flags;
    // Every flag is written out, so the defaults no longer depend on what "unset" means.
    const after = { ...effectiveFileAreaSettings(before), ...body };
    const changes = changesBetween(before, after);
    if (Object.keys(changes).length) {
      await writeSettings(tx, caller, null, after);
      await recordAuditEvents(tx, [
        {
          tenantCode: caller.tenantCode,
          siteId: null,
          userId: caller.user.id,
          action: STAFF_AUDIT_ACTIONS.settingsUpdate,
          detail: { scope: 'tenant', changes },
        },
      ]);
    }
    return tenantSettings(tx, caller);
  });
}

export async function getSiteSettings(db: Database, caller: Caller, siteId: string) {
  return db.withTenant(caller.tenantCode, async (tx) => {
    await findTenantSite(tx, caller, siteId);
    return siteSettings(tx, caller, siteId);
  });
}

/** A boolean overrides a flag for the site; null clears the override, so the tenant default applies again. */
export async function updateSiteSettings(
  db: Database,
  caller: Caller,
  siteId: string,
  body: UpdateSiteFileAreaSettingsBody,
): Promise<SiteFileAreaSettings> {
  return db.withTenant(caller.tenantCode, async (tx) => {
    await findTenantSite(tx, caller, siteId, { lock: true });
    const before = (await readSettings(tx, caller, siteId)).flags;
    const after: FileAreaSettingOverrides = { ...before };
    for (const key of FILE_AREA_SETTING_KEYS) {
      const value = body[key];
      if (value === null) delete after[key];
      else if (value !== undefined) after[key] = value;
    }
    const changes = changesBetween(before, after);
    if (Object.keys(changes).length) await writeSettings(tx, caller, siteId, after);
    await auditSiteChanges(tx, caller, siteId, STAFF_AUDIT_ACTIONS.settingsUpdate, changes);
    return siteSettings(tx, caller, siteId);
  });
}

/** Records what changed in a site's overrides, if anything did, as `action`. */
async function auditSiteChanges(
  tx: Queryable,
  caller: Caller,
  siteId: string,
  action: string,
  changes: ReturnType<typeof changesBetween>,
) {
  if (!Object.keys(changes).length) return;
  await recordAuditEvents(tx, [
    {
      tenantCode: caller.tenantCode,
      siteId,
      userId: caller.user.id,
      action,
      detail: { scope: 'site', changes },
    },
  ]);
}

/** Clears every override of a site: it follows the tenant defaults again. */
export async function resetSiteSettings(
  db: Database,
  caller: Caller,
  siteId: string,
): Promise<SiteFileAreaSettings> {
  return db.withTenant(caller.tenantCode, async (tx) => {
    await findTenantSite(tx, caller, siteId, { lock: true });
    const before = (await readSettings(tx, caller, siteId)).flags;
    await deleteSiteSettings(tx, caller, siteId);
    await auditSiteChanges(tx, caller, siteId, STAFF_AUDIT_ACTIONS.settingsReset, changesBetween(before, {}));
    return siteSettings(tx, caller, siteId);
  });
}
