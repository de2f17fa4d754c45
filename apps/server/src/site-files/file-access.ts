import type { Site } from '@portico/contracts';
import type { TenantScope } from '../auth/tenant-scope.ts';
import type { Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { heldFileSql } from '../scanning/scans.repository.ts';
import { authorize } from '../sites/access.ts';
import { findVisibleSite } from '../sites/sites.repository.ts';
import type { StoredFile } from '../transfers/stored-file.ts';

export type FileDirection = 'published' | 'submitted';

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
 * The live files of `direction` with these ids in one tenant, in the order asked, or `files.not_found` if any id
 * is not one (another tenant's, deleted, missing, or held by its virus scan: decision 43). Runs inside that tenant's transaction. `ids` must be
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
     WHERE tenant_code = $1 AND direction = $2 AND deleted_at IS NULL AND id = ANY($3::uuid[])
       AND NOT ${heldFileSql('files')}`,
    [tenantCode, direction, ids],
  );
  if (rows.length !== ids.length) throw fileNotFound();
  const byId = new Map(rows.map((r) => [r.id, toStoredFile(r)]));
  return ids.map((id) => byId.get(id)!);
}

/** What a caller does with the files they look up: what the sites' settings must allow. */
export type FileUse = 'download' | 'preview';

const ACTION_OF = { download: 'files.download', preview: 'files.preview' } as const;

/**
 * The files a caller may download (or preview): live files (as `findLiveFiles`) in sites the caller sees, any
 * other answering `files.not_found` whichever id failed and why, so that an id reveals nothing; then the sites'
 * settings must allow that use.
 */
export async function findDownloadableFiles(
  tx: Queryable,
  scope: TenantScope,
  direction: FileDirection,
  ids: readonly string[],
  use: FileUse = 'download',
): Promise<StoredFile[]> {
  const files = await findLiveFiles(tx, scope.tenantCode, direction, ids);
  const sites = new Map<string, Site>();
  for (const siteId of new Set(files.map((f) => f.siteId))) {
    sites.set(siteId, await findVisibleSite(tx, scope, siteId).catch(asFileNotFound));
  }
  // Every id is checked for visibility before any site's settings, so a 403 never confirms a foreign id.
  for (const site of sites.values()) authorize(scope, ACTION_OF[use], site);
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
