import type { Site } from '@portico/contracts';
import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { authorize, type SiteAccessAction } from '../sites/access.ts';
import { findVisibleSite } from '../sites/sites.repository.ts';
import type { StoredFile } from '../transfers/stored-file.ts';
import {
  type FileDirection,
  type FileTargetRow,
  findFileTargetRow,
  findFileTargetRows,
  findLiveFileRows,
  type StoredFileRow,
  toStoredFile,
} from './file-rows.repository.ts';

export type { FileDirection, StoredFileRow };
export { toStoredFile };

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
  const rows = await findLiveFileRows(tx, tenantCode, direction, ids);
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
  caller: Caller,
  direction: FileDirection,
  ids: readonly string[],
  use: FileUse = 'download',
): Promise<StoredFile[]> {
  const files = await findLiveFiles(tx, caller.tenantCode, direction, ids);
  const sites = new Map<string, Site>();
  for (const siteId of new Set(files.map((f) => f.siteId))) {
    sites.set(siteId, await findVisibleSite(tx, caller, siteId).catch(asFileNotFound));
  }
  // Every id is checked for visibility before any site's settings, so a 403 never confirms a foreign id.
  for (const site of sites.values()) authorize(caller, ACTION_OF[use], site);
  return files;
}

function asFileNotFound(error: unknown): never {
  if (error instanceof AppError && error.code === 'sites.not_found') throw fileNotFound();
  throw error;
}

/** A live file someone is about to act on (rename, move, copy, delete, a new version, check-out…), as locked. */
export interface FileTarget {
  id: string;
  siteId: string;
  direction: FileDirection;
  title: string;
  fileName: string;
  folderId: string | null;
  version: number;
  createdBy: string | null;
  /** Who holds it checked out, while that lasts (an expired check-out reads as none). */
  checkedOutBy: string | null;
  checkedOutUntil: Date | null;
  /** The holder's name as this firm knows them. */
  checkedOutName: string | null;
  site: Site;
}

/**
 * The one way to reach a file to act on it (decision 46): the live file `fileId` of the caller's tenant, in a site
 * the caller sees (else 404 `files.not_found`, whatever the reason), that `action` allows (else 403
 * `settings.forbidden`, or `auth.staff_only`). With `lock`, the file's row is locked `FOR UPDATE` until the
 * transaction ends: two changes of one file (two new versions, a rename during a check-out) run one after the other.
 * A file held by its virus scan is not there yet.
 */
export async function requireFileAccess(
  tx: Queryable,
  caller: Caller,
  action: SiteAccessAction,
  fileId: string,
  options: { lock?: boolean } = {},
): Promise<FileTarget> {
  const row = await findFileTargetRow(tx, caller.tenantCode, fileId, options.lock ?? false);
  if (!row) throw fileNotFound();
  const site = await findVisibleSite(tx, caller, row.site_id).catch(asFileNotFound);
  authorize(caller, action, site);
  return toFileTarget(row, site);
}

function toFileTarget(row: FileTargetRow, site: Site): FileTarget {
  const until = row.checked_out_until === null ? null : new Date(row.checked_out_until);
  return {
    id: row.id,
    siteId: row.site_id,
    direction: row.direction,
    title: row.title,
    fileName: row.file_name,
    folderId: row.folder_id,
    version: row.version,
    createdBy: row.created_by,
    checkedOutBy: until ? row.checked_out_by : null,
    checkedOutUntil: until,
    checkedOutName: until ? row.checked_out_name : null,
    site,
  };
}

/**
 * `requireFileAccess` for many files at once (the bulk actions of issue 27 item 10): one statement reads (and with
 * `lock`, locks in id order) every file, each site is checked once, and the answer is all of them in the order asked
 * or the first refusal — 404 `files.not_found` when any id is not a live file of a site the caller sees (checked for
 * every id before any flag, so a 403 never confirms a foreign id), else 403 from the first site whose flags refuse.
 * `fileIds` must be distinct.
 */
export async function requireFilesAccess(
  tx: Queryable,
  caller: Caller,
  action: SiteAccessAction,
  fileIds: readonly string[],
  options: { lock?: boolean } = {},
): Promise<FileTarget[]> {
  const ids = fileIds.map((id) => id.toLowerCase());
  const rows = await findFileTargetRows(tx, caller.tenantCode, ids, options.lock ?? false);
  if (rows.length !== new Set(ids).size) throw fileNotFound();
  const sites = new Map<string, Site>();
  for (const siteId of new Set(rows.map((r) => r.site_id))) {
    sites.set(siteId, await findVisibleSite(tx, caller, siteId).catch(asFileNotFound));
  }
  for (const site of sites.values()) authorize(caller, action, site);
  const byId = new Map(rows.map((r) => [r.id, toFileTarget(r, sites.get(r.site_id)!)]));
  return ids.map((id) => byId.get(id)!);
}
