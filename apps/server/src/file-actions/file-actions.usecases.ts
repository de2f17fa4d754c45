import { randomUUID } from 'node:crypto';
import {
  type BulkDeleteBody,
  type BulkMoveBody,
  type BulkResult,
  type CopiedFile,
  type CopyFileBody,
  FILE_ACTION_AUDIT_ACTIONS,
  SUGGESTED_NAME_PATH,
  type UpdatedFile,
  type UpdateFileBody,
} from '@portico/contracts';
import { type AuditRecord, recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/caller.ts';
import { assertNotCheckedOutByOther } from '../checkouts/checkout-guard.ts';
import type { Database, Queryable } from '../db/database.ts';
import { requireSiteFolder } from '../folders/folders.usecases.ts';
import { AppError } from '../http/app-error.ts';
import { type FileTarget, requireFileAccess, requireFilesAccess } from '../site-files/file-access.ts';
import { authorize } from '../sites/access.ts';
import { notifyFollowers } from '../subscriptions/subscriptions.usecases.ts';
import { freeName, storedFileName } from '../transfers/safe-file-name.ts';
import { refusalOf } from '../uploads/upload-policy.ts';
import {
  clashingNames,
  type FilePlace,
  insertCopy,
  lockPlace,
  markFilesDeleted,
  updateFilePlace,
} from './file-actions.repository.ts';

/**
 * Rename, move, copy and delete of one file of a site (issue 26, decision 48). Each reaches the file through
 * `requireFileAccess` (404 unless the caller sees it, 403 unless its flag allows), locked, and each but a copy
 * refuses a file someone else has checked out. A file's name is its file name; a name is unique, ignoring case,
 * among the live files of the same direction in one folder, and a clash answers 409 `name.taken` with a free name.
 */

export interface FileActionSettings {
  refusedExtensions: readonly string[];
  /** NOTIFY_BATCH_SECONDS: a file copied or moved into a followed folder is mailed in its batch (decision 59). */
  notifyBatchSeconds: number;
}

/** The followers of the folder a file was copied or moved into (subscriptions, decision 59). */
async function tellFollowers(
  tx: Queryable,
  caller: Caller,
  file: FileTarget,
  moved:
    | { id: string; title: string; folderId: string | null }
    | { id: string; title: string; folderId: string | null }[],
  kind: 'copied' | 'moved',
  batchSeconds: number,
) {
  await notifyFollowers(
    tx,
    caller,
    file.site,
    Array.isArray(moved) ? moved : [moved],
    {
      kind,
      key: `file.${kind}:${randomUUID()}`,
      submitted: file.direction === 'submitted',
      ...(kind === 'moved' ? { movedFrom: file.folderId } : {}),
    },
    batchSeconds,
  );
}

/** 409 `name.taken`, naming a free name in the message and in `details` (`suggestedName`). */
export const nameTaken = (name: string, suggestion: string) =>
  new AppError('name.taken', `A file named "${name}" is already there. "${suggestion}" is free.`, [
    { path: SUGGESTED_NAME_PATH, message: suggestion },
  ]);

/** A name as it is stored (as an upload's is), or 400 when it is blank, too long or of a refused type. */
function checkedName(raw: string, settings: FileActionSettings): string {
  const name = storedFileName(raw);
  if (!name)
    throw new AppError('request.invalid', 'A file name may not be blank or longer than 1024 characters.');
  const refusal = refusalOf(name, '', settings.refusedExtensions);
  if (refusal) throw new AppError('request.invalid', refusal);
  return name;
}

/**
 * `folderId` if it is a live folder of the file's site (null, the root, always is), locked against going to the trash
 * meanwhile; else 404 `folders.not_found`. The folders module's one check (`requireSiteFolder`).
 */
async function liveFolder(tx: Queryable, caller: Caller, file: FileTarget, folderId: string | null) {
  if (folderId !== null) await requireSiteFolder(tx, caller, file.site, folderId, { lock: 'share' });
  return folderId;
}

/** Refuses `name` in `place` when another live file there has it, offering the first free " (n)" form. */
export async function assertNameFree(tx: Queryable, place: FilePlace, name: string, exceptId: string | null) {
  await lockPlace(tx, place);
  const clashes = await clashingNames(tx, place, name, exceptId);
  if (clashes.size > 0) throw nameTaken(name, freeName(name, clashes));
}

/** A title follows the name when it was the name (nobody gave it one of its own). */
const titleAfter = (file: Pick<FileTarget, 'title' | 'fileName'>, name: string) =>
  file.title === file.fileName ? name : file.title;

const event = (caller: Caller, file: FileTarget, action: string, detail: Record<string, unknown>) =>
  ({
    tenantCode: caller.tenantCode,
    siteId: file.siteId,
    userId: caller.user.id,
    action,
    fileId: file.id,
    detail,
  }) satisfies AuditRecord;

/**
 * `PATCH files/{id}`: a new name (`files.rename`) and/or another folder of the same site (`files.move`, both
 * flags when both change). Nothing changed answers the file as it is, and records nothing.
 */
export async function updateFile(
  db: Database,
  caller: Caller,
  fileId: string,
  body: UpdateFileBody,
  settings: FileActionSettings,
): Promise<UpdatedFile> {
  return db.withTenant(caller.tenantCode, async (tx) => {
    const renaming = body.name !== undefined;
    const file = await requireFileAccess(tx, caller, renaming ? 'files.rename' : 'files.move', fileId, {
      lock: true,
    });
    if (renaming && body.folderId !== undefined) authorize(caller, 'files.move', file.site);
    assertNotCheckedOutByOther(caller, file);
    const name = body.name === undefined ? file.fileName : checkedName(body.name, settings);
    const folderId =
      body.folderId === undefined || body.folderId === file.folderId
        ? file.folderId
        : await liveFolder(tx, caller, file, body.folderId);
    const answer = { id: file.id, title: titleAfter(file, name), fileName: name, folderId };
    await recordAuditEvents(tx, await placeFile(tx, caller, file, name, folderId));
    if (folderId !== file.folderId) {
      const moved = { id: file.id, title: answer.title, folderId };
      await tellFollowers(tx, caller, file, moved, 'moved', settings.notifyBatchSeconds);
    }
    return answer;
  });
}

/**
 * Gives a locked, checked file `name` in `folderId` (a live folder of its site, checked by the caller): refuses a
 * name another live file there has (409 `name.taken`), then answers the events to record (a rename, a move, both or
 * none). The one rule of a rename or move, for one file (`updateFile`) and for many (`moveFiles`).
 */
async function placeFile(
  tx: Queryable,
  caller: Caller,
  file: FileTarget,
  name: string,
  folderId: string | null,
): Promise<AuditRecord[]> {
  if (name === file.fileName && folderId === file.folderId) return [];
  const title = titleAfter(file, name);
  const place = { tenantCode: caller.tenantCode, siteId: file.siteId, direction: file.direction, folderId };
  await assertNameFree(tx, place, name, file.id);
  await updateFilePlace(tx, caller.tenantCode, file.id, { fileName: name, title, folderId });
  const events: AuditRecord[] = [];
  if (name !== file.fileName) {
    events.push(
      event(caller, file, FILE_ACTION_AUDIT_ACTIONS.rename, { from: file.fileName, to: name, title }),
    );
  }
  if (folderId !== file.folderId) {
    events.push(
      event(caller, file, FILE_ACTION_AUDIT_ACTIONS.move, {
        fromFolderId: file.folderId,
        toFolderId: folderId,
        fileName: name,
      }),
    );
  }
  return events;
}

/**
 * `POST files/move` (`files.move` of their site): every file named into `folderId` of their one site, in one
 * transaction, or none (the first refusal answers: 404, 403, a file checked out by someone else 409
 * `file.checked_out`, a name taken in the folder 409 `name.taken` naming that file). Files already there count as
 * moved and record nothing. The rows are locked in id order (`requireFilesAccess`), so two bulk actions never
 * deadlock.
 */
export async function moveFiles(
  db: Database,
  caller: Caller,
  body: BulkMoveBody,
  settings: Pick<FileActionSettings, 'notifyBatchSeconds'>,
): Promise<BulkResult> {
  return db.withTenant(caller.tenantCode, async (tx) => {
    const files = await requireFilesAccess(tx, caller, 'files.move', body.fileIds, { lock: true });
    const first = files[0]!;
    if (files.some((f) => f.siteId !== first.siteId)) {
      throw new AppError('request.invalid', 'The files to move at once must all be of one site.');
    }
    for (const file of files) assertNotCheckedOutByOther(caller, file);
    const folderId = await liveFolder(tx, caller, first, body.folderId);
    const events: AuditRecord[] = [];
    for (const file of files) events.push(...(await placeFile(tx, caller, file, file.fileName, folderId)));
    await recordAuditEvents(tx, events);
    // The followers of the folder they went into (decision 59), once per folder they came from.
    const from = new Map<string | null, FileTarget[]>();
    for (const file of files.filter((f) => f.folderId !== folderId)) {
      from.set(file.folderId, [...(from.get(file.folderId) ?? []), file]);
    }
    for (const group of from.values()) {
      const moved = group.map((f) => ({ id: f.id, title: f.title, folderId }));
      await tellFollowers(tx, caller, group[0]!, moved, 'moved', settings.notifyBatchSeconds);
    }
    return { count: files.length };
  });
}

/**
 * `POST files/{id}/copy` (`files.copy`): a new file of the same site and direction in `folderId`, sharing the
 * source's stored bytes and starting its own history. Reading a file checked out by someone else is allowed, so is
 * copying it (its current version). The copy is recorded in both files' histories.
 */
export async function copyFile(
  db: Database,
  caller: Caller,
  fileId: string,
  body: CopyFileBody,
  settings: FileActionSettings,
): Promise<CopiedFile> {
  return db.withTenant(caller.tenantCode, async (tx) => {
    const file = await requireFileAccess(tx, caller, 'files.copy', fileId, { lock: true });
    const folderId = await liveFolder(tx, caller, file, body.folderId);
    const name = body.name === undefined ? file.fileName : checkedName(body.name, settings);
    const place = { tenantCode: caller.tenantCode, siteId: file.siteId, direction: file.direction, folderId };
    await assertNameFree(tx, place, name, null);
    const title = titleAfter(file, name);
    const id = await insertCopy(tx, caller.tenantCode, file.id, {
      fileName: name,
      title,
      folderId,
      userId: caller.user.id,
    });
    await recordAuditEvents(tx, [
      event(caller, file, FILE_ACTION_AUDIT_ACTIONS.copy, {
        copyId: id,
        toFolderId: folderId,
        fileName: name,
      }),
      event(caller, { ...file, id }, FILE_ACTION_AUDIT_ACTIONS.copy, {
        sourceId: file.id,
        fromFolderId: file.folderId,
        fileName: name,
        title,
      }),
    ]);
    await tellFollowers(tx, caller, file, { id, title, folderId }, 'copied', settings.notifyBatchSeconds);
    return { id };
  });
}

/**
 * `DELETE files/{id}` (`files.delete`): to the site's trash, where staff may restore it; nothing is destroyed.
 */
export async function deleteFile(db: Database, caller: Caller, fileId: string): Promise<void> {
  await db.withTenant(caller.tenantCode, async (tx) => {
    const file = await requireFileAccess(tx, caller, 'files.delete', fileId, { lock: true });
    await trashFiles(tx, caller, [file]);
  });
}

/**
 * `POST files/delete` (`files.delete` of each file's site): every file named to its site's trash in one
 * transaction, or none (404, 403, or 409 `file.checked_out` for the first refused).
 */
export async function deleteFiles(db: Database, caller: Caller, body: BulkDeleteBody): Promise<BulkResult> {
  return db.withTenant(caller.tenantCode, async (tx) => {
    const files = await requireFilesAccess(tx, caller, 'files.delete', body.fileIds, { lock: true });
    await trashFiles(tx, caller, files);
    return { count: files.length };
  });
}

/** The one rule of a delete, for one file or many (locked, checked): none checked out by someone else, then all to the trash. */
async function trashFiles(tx: Queryable, caller: Caller, files: readonly FileTarget[]) {
  for (const file of files) assertNotCheckedOutByOther(caller, file);
  await markFilesDeleted(
    tx,
    caller.tenantCode,
    files.map((f) => f.id),
    caller.user.id,
  );
  await recordAuditEvents(
    tx,
    files.map((file) =>
      event(caller, file, FILE_ACTION_AUDIT_ACTIONS.delete, {
        title: file.title,
        fileName: file.fileName,
        folderId: file.folderId,
      }),
    ),
  );
}
