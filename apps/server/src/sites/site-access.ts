import type { FileAreaSettingKey, Site } from '@portico/contracts';
import type { TenantScope } from '../auth/tenant-scope.ts';
import type { Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import type { SiteSettingsCache } from './site-settings-cache.ts';

/**
 * fileAreaSettings gate what a site's clients may do. The firm's staff run the site (they publish to it and review
 * what arrives) and are not bound by them: a site closed to client uploads must still take the firm's files.
 */
export function assertClientAllowed(
  scope: TenantScope,
  site: Pick<Site, 'fileAreaSettings'>,
  flag: FileAreaSettingKey,
  refusal: string,
) {
  if (!scope.user.isStaff && !site.fileAreaSettings[flag]) throw new AppError('settings.forbidden', refusal);
}

/**
 * For a list of a site's files, once the site is known to be visible: clients need the site's `portalFilesView`
 * (its settings as the cache has them); the firm's staff always see the files, so their settings are not read.
 */
export async function assertClientsSeeFiles(
  tx: Queryable,
  scope: TenantScope,
  siteId: string,
  settings: SiteSettingsCache,
  refusal: string,
) {
  if (scope.user.isStaff) return;
  const fileAreaSettings = await settings.settingsOf(tx, scope.tenantCode, siteId);
  assertClientAllowed(scope, { fileAreaSettings }, 'portalFilesView', refusal);
}

/** What opening a site's file asks of a client: `portalFilesView` (the site's files shown at all), then `flag`. */
function assertMayOpenFile(scope: TenantScope, site: Site, flag: FileAreaSettingKey, refusal: string) {
  assertClientAllowed(
    scope,
    site,
    'portalFilesView',
    'Files are not shown for this site (portalFilesView is off).',
  );
  assertClientAllowed(scope, site, flag, refusal);
}

/** Clients need `portalFilesView` (which shows them the site's files at all) and `internalFilesDownload`. */
export const assertMayDownload = (scope: TenantScope, site: Site) =>
  assertMayOpenFile(
    scope,
    site,
    'internalFilesDownload',
    'Downloads are turned off for this site (internalFilesDownload).',
  );

/**
 * Clients need `portalFilesView` and `internalFilesView` to open a file's preview in the portal; downloading it is
 * `internalFilesDownload`'s, so a site may show its files without letting them be saved (the viewer then offers
 * no Download button; the bytes still reach the browser, which is what showing them means).
 */
export const assertMayPreview = (scope: TenantScope, site: Site) =>
  assertMayOpenFile(
    scope,
    site,
    'internalFilesView',
    'Previews are turned off for this site (internalFilesView).',
  );
