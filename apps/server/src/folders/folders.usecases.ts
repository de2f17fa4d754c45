import {
  type CreateFolderBody,
  FOLDER_AUDIT_ACTIONS,
  type Folder,
  type FolderList,
  type Site,
  type UpdateFolderBody,
} from '@portico/contracts';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/caller.ts';
import type { Database, Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { authorize, requireAccess } from '../sites/access.ts';
import { findVisibleSite } from '../sites/sites.repository.ts';
import { folderNotFound } from './folders.errors.ts';
import {
  type FolderRow,
  findCheckedOutInSubtree,
  findChildFolder,
  findLiveFolder,
  insertFolder,
  isSelfOrAncestorOf,
  listFolders,
  lockSiteTree,
  siblingNameTaken,
  trashFolderTree,
  updateFolder,
} from './folders.repository.ts';

/**
 * Folders (issue 26, decisions 46 and 47): one tree per site. Staff create, rename, move and delete; a client who is
 * a member of the site may list and create folders (and upload into them) while the site's
 * `fileAreaFolderStructure` is on. Every change is an audit event.
 */

const nameTaken = (name: string) =>
  new AppError('name.taken', `A folder named "${name}" is already there; choose another name.`);

/** A name as kept: trimmed, and not blank once trimmed (the schema refuses the rest: `/`, `\`, `.`, `..`). */
function folderName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed || trimmed === '.' || trimmed === '..') {
    throw new AppError('request.invalid', 'A folder needs a name: not blank, not "." or "..".');
  }
  return trimmed;
}

const toFolder = (row: FolderRow): Folder => ({ id: row.id, name: row.name, parentId: row.parentId });

/** `GET folders?siteId=`: every live folder of a site the caller sees, when they may see its folders. */
export async function listSiteFolders(db: Database, caller: Caller, siteId: string): Promise<FolderList> {
  return db.readTenant(caller.tenantCode, async (tx) => {
    await requireAccess(tx, caller, 'folders.list', { siteId });
    const records = await listFolders(tx, caller.tenantCode, siteId);
    return { records, totalRecordCount: records.length };
  });
}

/**
 * The live folder `folderId` of the site, else 404 `folders.not_found` (another site's, another tenant's, in the
 * trash or missing alike); with `lock` its row is locked until the transaction ends (`share`: it cannot go to the
 * trash while files or folders are put in it). For a client, the site's folders must be on (`folders.list`).
 */
export async function requireSiteFolder(
  tx: Queryable,
  caller: Caller,
  site: { id: string; fileAreaSettings?: Site['fileAreaSettings'] },
  folderId: string,
  options: { lock?: 'update' | 'share' } = {},
): Promise<FolderRow> {
  authorize(caller, 'folders.list', site.fileAreaSettings && { fileAreaSettings: site.fileAreaSettings });
  const folder = await findLiveFolder(tx, caller.tenantCode, folderId, { siteId: site.id, ...options });
  if (!folder) throw folderNotFound();
  return folder;
}

/** `POST folders`: a new folder under `parentId` (or the root); 409 `name.taken` if a sibling has the name. */
export async function createFolder(db: Database, caller: Caller, body: CreateFolderBody): Promise<Folder> {
  const name = folderName(body.name);
  return db.withTenant(caller.tenantCode, async (tx) => {
    const site = await requireAccess(tx, caller, 'folders.create', { siteId: body.siteId });
    const parentId = body.parentId ?? null;
    if (parentId) await requireSiteFolder(tx, caller, site, parentId, { lock: 'share' });
    if (await siblingNameTaken(tx, caller.tenantCode, site.id, parentId, name)) throw nameTaken(name);
    const folder = await insertFolder(tx, caller.tenantCode, {
      siteId: site.id,
      parentId,
      name,
      createdBy: caller.user.id,
    });
    await audit(tx, caller, folder, FOLDER_AUDIT_ACTIONS.create, { parentId });
    return toFolder(folder);
  });
}

/**
 * The folder at `path` below the site's root (`['2025', 'Q1']`), each level found by name (in any case) or created
 * as `createFolder` creates one, in the caller's transaction: what the command line's `publish` of a tree uses.
 * Answers null for an empty path (the root).
 */
export async function ensureFolderPath(
  tx: Queryable,
  caller: Caller,
  siteId: string,
  path: readonly string[],
): Promise<string | null> {
  let parentId: string | null = null;
  for (const segment of path) {
    const name = folderName(segment);
    const found: FolderRow | undefined = await findChildFolder(tx, caller.tenantCode, siteId, parentId, name);
    const folder: FolderRow =
      found ??
      (await insertFolder(tx, caller.tenantCode, { siteId, parentId, name, createdBy: caller.user.id }));
    if (!found) await audit(tx, caller, folder, FOLDER_AUDIT_ACTIONS.create, { parentId });
    parentId = folder.id;
  }
  return parentId;
}

/**
 * A folder someone is about to change: live, of the caller's tenant, in a site they see (else 404
 * `folders.not_found`, whatever the reason), and the caller staff (else 403 `auth.staff_only`), locked.
 */
async function folderToManage(tx: Queryable, caller: Caller, id: string) {
  const folder = await findLiveFolder(tx, caller.tenantCode, id);
  if (!folder) throw folderNotFound();
  const site = await findVisibleSite(tx, caller, folder.siteId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'sites.not_found') throw folderNotFound();
    throw error;
  });
  authorize(caller, 'folders.manage', site);
  await lockSiteTree(tx, caller.tenantCode, folder.siteId);
  // Read again under the tree's lock: a move or deletion that committed meanwhile is seen.
  const locked = await findLiveFolder(tx, caller.tenantCode, id, { lock: 'update' });
  if (!locked) throw folderNotFound();
  return { folder: locked, site };
}

/**
 * `PATCH folders/{id}`: a new name and/or parent. Moving is one UPDATE of the folder's row, whatever it holds;
 * into itself or below itself is refused with 400 `folders.cycle`, a name taken among the new siblings with 409
 * `name.taken`.
 */
export async function changeFolder(
  db: Database,
  caller: Caller,
  id: string,
  body: UpdateFolderBody,
): Promise<Folder> {
  return db.withTenant(caller.tenantCode, async (tx) => {
    const { folder, site } = await folderToManage(tx, caller, id);
    const name = body.name === undefined ? folder.name : folderName(body.name);
    const parentId = body.parentId === undefined ? folder.parentId : body.parentId;
    const moved = parentId !== folder.parentId;
    if (moved && parentId) {
      if (parentId === folder.id || (await isSelfOrAncestorOf(tx, caller.tenantCode, folder.id, parentId))) {
        throw new AppError(
          'folders.cycle',
          'A folder cannot be moved into itself or into a folder below it.',
        );
      }
      await requireSiteFolder(tx, caller, site, parentId, { lock: 'share' });
    }
    if (await siblingNameTaken(tx, caller.tenantCode, site.id, parentId, name, folder.id))
      throw nameTaken(name);
    const changed = await updateFolder(tx, caller.tenantCode, folder.id, { name, parentId });
    if (name !== folder.name) {
      await audit(tx, caller, changed, FOLDER_AUDIT_ACTIONS.rename, { from: folder.name, to: name });
    }
    if (moved) {
      await audit(tx, caller, changed, FOLDER_AUDIT_ACTIONS.move, { from: folder.parentId, to: parentId });
    }
    return toFolder(changed);
  });
}

/**
 * `DELETE folders/{id}`: the folder and everything under it go to the site's trash (decision 46), unless a file
 * in it is checked out by someone else (409 `file.checked_out`). Each file taken along gets a `file.delete` event
 * naming the folder, so its history shows it.
 */
export async function deleteFolder(db: Database, caller: Caller, id: string): Promise<void> {
  await db.withTenant(caller.tenantCode, async (tx) => {
    const { folder } = await folderToManage(tx, caller, id);
    const held = await findCheckedOutInSubtree(tx, caller.tenantCode, folder.id, caller.user.id);
    if (held) {
      const until = held.until.toISOString().replace('T', ' ').slice(0, 16);
      throw new AppError(
        'file.checked_out',
        `${held.holder ?? 'Someone'} has checked "${held.fileName}" out until ${until} UTC; the folder cannot be deleted until it is checked in.`,
      );
    }
    const trashed = await trashFolderTree(tx, caller.tenantCode, folder.id, caller.user.id);
    await audit(tx, caller, folder, FOLDER_AUDIT_ACTIONS.delete, {
      files: trashed.files.length,
      folders: trashed.folders,
    });
    await recordAuditEvents(
      tx,
      trashed.files.map((file) => ({
        tenantCode: caller.tenantCode,
        siteId: file.siteId,
        userId: caller.user.id,
        action: FOLDER_AUDIT_ACTIONS.fileTrashed,
        fileId: file.id,
        detail: { fileName: file.fileName, withFolder: folder.id, folderName: folder.name },
      })),
    );
  });
}

function audit(
  tx: Queryable,
  caller: Caller,
  folder: FolderRow,
  action: string,
  detail: Record<string, unknown>,
) {
  return recordAuditEvents(tx, [
    {
      tenantCode: caller.tenantCode,
      siteId: folder.siteId,
      userId: caller.user.id,
      action,
      detail: { folderId: folder.id, name: folder.name, ...detail },
    },
  ]);
}
