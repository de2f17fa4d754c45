import { FILE_AREA_SETTING_KEYS, type FileAreaSettingOverrides } from '@portico/contracts';
import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';

/** A row of file_area_settings: the tenant's defaults (site null) or one site's overrides. */
export interface StoredSettings {
  flags: FileAreaSettingOverrides;
  updatedAt: string | null;
}

/**
 * The flags a stored layer sets, as `effectiveFileAreaSettings` reads them: known keys with boolean values only,
 * so whatever else a row holds is neither shown as an override nor written back.
 */
export function storedFlags(layer: unknown): FileAreaSettingOverrides {
  const flags: FileAreaSettingOverrides = {};
  if (!layer || typeof layer !== 'object') return flags;
  for (const key of FILE_AREA_SETTING_KEYS) {
    const value = Object.hasOwn(layer, key) ? (layer as Record<string, unknown>)[key] : undefined;
    if (typeof value === 'boolean') flags[key] = value;
  }
  return flags;
}

const scopeSql = (siteId: string | null) => (siteId === null ? 'site_id IS NULL' : 'site_id = $2');
const scopeParams = (caller: Caller, siteId: string | null) =>
  siteId === null ? [caller.tenantCode] : [caller.tenantCode, siteId];

export async function readSettings(
  tx: Queryable,
  caller: Caller,
  siteId: string | null,
): Promise<StoredSettings> {
  const { rows } = await tx.query<{ settings: unknown; updated_at: Date | string }>(
    `SELECT settings, updated_at FROM file_area_settings WHERE tenant_code = $1 AND ${scopeSql(siteId)}`,
    scopeParams(caller, siteId),
  );
  const row = rows[0];
  return {
    flags: storedFlags(row?.settings),
    updatedAt: row ? new Date(row.updated_at).toISOString() : null,
  };
}

/**
 * Stores a layer whole. Callers hold the lock of the tenant's or the site's row, so the update-or-insert
 * cannot race another writer of the same layer.
 */
export async function writeSettings(
  tx: Queryable,
  caller: Caller,
  siteId: string | null,
  flags: FileAreaSettingOverrides,
) {
  const params = [...scopeParams(caller, siteId), JSON.stringify(flags)];
  const json = `$${params.length}::jsonb`;
  const updated = await tx.query(
    `UPDATE file_area_settings SET settings = ${json}, updated_at = now()
     WHERE tenant_code = $1 AND ${scopeSql(siteId)} RETURNING tenant_code`,
    params,
  );
  if (updated.rows.length) return;
  await tx.query(
    siteId === null
      ? `INSERT INTO file_area_settings (tenant_code, site_id, settings) VALUES ($1, NULL, ${json})`
      : `INSERT INTO file_area_settings (tenant_code, site_id, settings) VALUES ($1, $2, ${json})`,
    params,
  );
}

export async function deleteSiteSettings(tx: Queryable, caller: Caller, siteId: string) {
  await tx.query('DELETE FROM file_area_settings WHERE tenant_code = $1 AND site_id = $2', [
    caller.tenantCode,
    siteId,
  ]);
}

/** Holds the tenant's row until the transaction ends: writers of the tenant defaults take turns. */
export async function lockTenant(tx: Queryable, caller: Caller) {
  await tx.query('SELECT 1 FROM tenants WHERE code = $1 FOR UPDATE', [caller.tenantCode]);
}
