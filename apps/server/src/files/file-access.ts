import type { FileAreaSettingKey, Site } from '@portico/contracts';
import type { TenantScope } from '../auth/current-user.ts';
import type { Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import type { SiteSettingsCache } from '../services/portal/site-settings-cache.ts';
import { findVisibleSite } from '../services/portal/sites.repository.ts';

export type FileDirection = 'published' | 'submitted';

/** What a download or a zip needs of a file row. */
export interface StoredFile {
  id: string;
  siteId: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  blobKey: string;
  createdAt: Date;
}

interface StoredFileRow {
  id: string;
  site_id: string;
  file_name: string;
  content_type: string;
  size: number | string;
  sha256: string;
  blob_key: string;
  created_at: Date | string;
}

export const fileNotFound = () =>
  new AppError('files.not_found', 'There is no such file, or it is not shared with you.');

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

/** Clients need `portalFilesView` (which shows them the site's files at all) and `internalFilesDownload`. */
export function assertMayDownload(scope: TenantScope, site: Site) {
  assertClientAllowed(
    scope,
    site,
    'portalFilesView',
    'Files are not shown for this site (portalFilesView is off).',
  );
  assertClientAllowed(
    scope,
    site,
    'internalFilesDownload',
    'Downloads are turned off for this site (internalFilesDownload).',
  );
}

/**
 * The live files of `direction` with these ids in one tenant, in the order asked, or `files.not_found` if any id
 * is not one (another tenant's, deleted, missing). Runs inside that tenant's transaction. `ids` must be
 * distinct and lower-case.
 */
export async function findLiveFiles(
  tx: Queryable,
  tenantCode: string,
  direction: FileDirection,
  ids: readonly string[],
): Promise<StoredFile[]> {
  const { rows } = await tx.query<StoredFileRow>(
    `SELECT id, site_id, file_name, content_type, size, sha256, blob_key, created_at
     FROM files
     WHERE tenant_code = $1 AND direction = $2 AND deleted_at IS NULL AND id = ANY($3::uuid[])`,
    [tenantCode, direction, ids],
  );
  if (rows.length !== ids.length) throw fileNotFound();
  const byId = new Map(rows.map((r) => [r.id, toStoredFile(r)]));
  return ids.map((id) => byId.get(id)!);
}

/**
 * The files a caller may download: live files (as `findLiveFiles`) in sites the caller sees, any other answering
 * `files.not_found` whichever id failed and why, so that an id reveals nothing; then the sites' settings must
 * allow downloads.
 */
export async function findDownloadableFiles(
  tx: Queryable,
  scope: TenantScope,
  direction: FileDirection,
  ids: readonly string[],
): Promise<StoredFile[]> {
  const files = await findLiveFiles(tx, scope.tenantCode, direction, ids);
  const sites = new Map<string, Site>();
  for (const siteId of new Set(files.map((f) => f.siteId))) {
    sites.set(siteId, await findVisibleSite(tx, scope, siteId).catch(asFileNotFound));
  }
  // Every id is checked for visibility before any site's settings, so a 403 never confirms a foreign id.
  for (const site of sites.values()) assertMayDownload(scope, site);
  return files;
}

function asFileNotFound(error: unknown): never {
  if (error instanceof AppError && error.code === 'sites.not_found') throw fileNotFound();
  throw error;
}

const toStoredFile = (row: StoredFileRow): StoredFile => ({
  id: row.id,
  siteId: row.site_id,
  fileName: row.file_name,
  contentType: row.content_type,
  size: Number(row.size),
  sha256: row.sha256,
  blobKey: row.blob_key,
  createdAt: new Date(row.created_at),
});
