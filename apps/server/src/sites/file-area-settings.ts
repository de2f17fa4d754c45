import {
  DEFAULT_FILE_AREA_SETTINGS,
  FILE_AREA_SETTING_KEYS,
  type FileAreaSettings,
} from '@portico/contracts';

/**
 * The flags in force for a site: every flag false, then the tenant's defaults, then the site's own override.
 * A layer sets only the flags it names, and only with a boolean; anything else stored there is ignored, so a
 * malformed row can never switch a permission on.
 */
export function effectiveFileAreaSettings(...layers: unknown[]): FileAreaSettings {
  const settings = { ...DEFAULT_FILE_AREA_SETTINGS };
  for (const layer of layers) {
    if (!layer || typeof layer !== 'object') continue;
    for (const key of FILE_AREA_SETTING_KEYS) {
      // Own properties only: an inherited flag is not one anybody stored.
      const value = Object.hasOwn(layer, key) ? (layer as Record<string, unknown>)[key] : undefined;
      if (typeof value === 'boolean') settings[key] = value;
    }
  }
  return settings;
}

/**
 * SQL that joins a site (`alias`) with its tenant's default settings and its own override, as columns
 * `tenant_settings` and `site_settings`, for `effectiveFileAreaSettings`.
 */
export const settingsJoin = (alias: string) => `
  LEFT JOIN file_area_settings fat ON fat.tenant_code = ${alias}.tenant_code AND fat.site_id IS NULL
  LEFT JOIN file_area_settings fas ON fas.tenant_code = ${alias}.tenant_code AND fas.site_id = ${alias}.id`;
export const settingsColumns = 'fat.settings AS tenant_settings, fas.settings AS site_settings';
