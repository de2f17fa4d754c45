import { FILE_DOWNLOAD_AUDIT_ACTION } from '@portico/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/caller.ts';
import { callerOf } from '../auth/current-user.ts';
import type { Database, Queryable } from '../db/database.ts';
import { folderChains } from '../folders/folders.repository.ts';
import { authorize, staffCallerOf } from '../sites/access.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import {
  countsAsDownload,
  type DownloadHeaders,
  planDownload,
  sendDownload,
  sendPlannedBody,
} from '../transfers/download.ts';
import { safeFileName } from '../transfers/safe-file-name.ts';
import type { StoredFile } from '../transfers/stored-file.ts';
import { sendZip, storedZipBody } from '../transfers/zip.ts';
import { readCrc32s, saveCrc32s } from './download-tickets.repository.ts';
import { type FileDirection, type FileUse, findDownloadableFiles, findLiveFiles } from './file-access.ts';

/**
 * Downloads and zips as both file services offer them (published files in file-management, submitted files in
 * the portal): the same checks, the same audit events, the same HTTP behaviour.
 */
export interface FileTransferDeps {
  db: Database;
  blobs: BlobStore;
}

/** Who is taking files out, and which files they may take. */
export interface FileLookup {
  caller: Caller;
  find(tx: Queryable, ids: readonly string[]): Promise<StoredFile[]>;
  /** Added to the detail of each download event. */
  auditDetail?: Record<string, unknown>;
}

/**
 * The files `scope` may take out of `direction`: as a client (or staff through the client routes), those of the
 * sites they see, under the sites' settings for `use`; with `staff`, any live file of the tenant, archived sites
 * included, whatever the clients' settings.
 */
export function filesOf(
  caller: Caller,
  direction: FileDirection,
  staff: boolean,
  use: FileUse = 'download',
): FileLookup {
  if (!staff) return { caller, find: (tx, ids) => findDownloadableFiles(tx, caller, direction, ids, use) };
  authorize(caller, 'files.anyOfTenant');
  return {
    caller,
    find: (tx, ids) => findLiveFiles(tx, caller.tenantCode, direction, ids),
    auditDetail: { staff: true },
  };
}

/** A client, or staff through the client routes: the sites they see, under the sites' settings for `use`. */
export const clientFiles = (
  request: FastifyRequest,
  direction: FileDirection,
  use: FileUse = 'download',
): FileLookup => filesOf(callerOf(request), direction, false, use);

/** The firm's staff: any live file of their tenant, archived sites included, whatever the clients' settings. */
export const staffFiles = (request: FastifyRequest, direction: FileDirection): FileLookup =>
  filesOf(staffCallerOf(request), direction, true);

/**
 * The files of a zip, each with the folders its entry sits in: the folder tree below the deepest folder all of them
 * share. A zip of a folder (its files and those below it) keeps the tree under it (`Q1/x.pdf`); files of one folder
 * or of the root are at the top, as before folders. The same files always make the same names, so a ticket's zip
 * keeps its layout from one range to the next.
 */
export async function zipFiles(
  tx: Queryable,
  lookup: Pick<FileLookup, 'caller' | 'find'>,
  ids: readonly string[],
): Promise<StoredFile[]> {
  const files = await lookup.find(tx, ids);
  const folderIds = [...new Set(files.map((f) => f.folderId).filter((id): id is string => Boolean(id)))];
  if (!folderIds.length) return files;
  const chains = await folderChains(tx, lookup.caller.tenantCode, folderIds);
  const chainOf = (file: StoredFile) => (file.folderId ? (chains.get(file.folderId) ?? []) : []);
  const all = files.map(chainOf);
  let shared = 0;
  while (all.every((chain) => chain.length > shared && chain[shared]!.id === all[0]![shared]!.id)) shared++;
  return files.map((file, i) => {
    const below = all[i]!.slice(shared).map((folder) => safeFileName(folder.name, 'folder'));
    return below.length ? { ...file, zipFolder: below.join('/') } : file;
  });
}

/** One file, by id, with ETag, Range and HEAD; a download that sends bytes from the start is audited. */
export async function serveFileDownload(
  deps: FileTransferDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  { caller, find, auditDetail }: FileLookup,
  fileId: string,
) {
  return serveOneFile(deps, request, reply, {
    tenantCode: caller.tenantCode,
    find: async (tx) => (await find(tx, [fileId.toLowerCase()]))[0]!,
    onDownload: (tx, file, range) =>
      recordAuditEvents(tx, [
        downloadEvent(caller, file, { via: 'download', ...(range ? { range } : {}), ...auditDetail }),
      ]),
  });
}

/** Who takes one file out, and what a download of it (bytes from the start) records. */
export interface OneFileDownload {
  tenantCode: string;
  find(tx: Queryable): Promise<StoredFile>;
  /** Runs in the lookup's transaction when the answer counts as a download (not HEAD, not a later range). */
  onDownload(tx: Queryable, file: StoredFile, range?: { start: number; end: number }): Promise<void>;
}

/**
 * The one download of a single file: the lookup and what a download records in one transaction, then the bytes
 * with ETag, Range and HEAD (the signed-in downloads, and a share link's page).
 */
export async function serveOneFile(
  { db, blobs }: FileTransferDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  download: OneFileDownload,
) {
  const head = request.method === 'HEAD';
  const { file, plan } = await db.withTenant(download.tenantCode, async (tx) => {
    const file = await download.find(tx);
    const plan = planDownload(request.headers as DownloadHeaders, file);
    if (!head && countsAsDownload(plan)) {
      const range = plan.kind === 'partial' ? { start: plan.start, end: plan.end } : undefined;
      await download.onDownload(tx, file, range);
    }
    return { file, plan };
  });
  return sendDownload(reply, blobs, file, plan, head);
}

const downloadEvent = (caller: Caller, file: StoredFile, detail: Record<string, unknown>) => ({
  tenantCode: caller.tenantCode,
  siteId: file.siteId,
  userId: caller.user.id,
  action: FILE_DOWNLOAD_AUDIT_ACTION,
  fileId: file.id,
  detail: { ...detail, fileName: file.fileName, size: file.size },
});

/**
 * Several files as one zip of stored entries (transfers/stored-zip.ts): exact Content-Length, ETag, Range and
 * HEAD, so a browser shows its progress and resumes it. The ids are checked on every request; a request that
 * sends the archive from its first byte writes one audit event per file. CRC-32s the zip computes are kept.
 */
export async function serveStoredZip(
  { db, blobs }: FileTransferDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  { caller, find, auditDetail }: FileLookup,
  fileIds: readonly string[],
  zipName: string,
) {
  const head = request.method === 'HEAD';
  const learned = new Map<string, number>();
  const { body, plan } = await db.withTenant(caller.tenantCode, async (tx) => {
    const files = await zipFiles(tx, { caller, find }, fileIds);
    const body = storedZipBody(blobs, files, zipName, await readCrc32s(tx, fileIds), (id, crc) =>
      learned.set(id, crc),
    );
    const plan = planDownload(request.headers as DownloadHeaders, body);
    if (!head && countsAsDownload(plan)) {
      await recordAuditEvents(
        tx,
        files.map((file) => downloadEvent(caller, file, { via: 'zip', zipName, ...auditDetail })),
      );
    }
    return { body, plan };
  });
  // Whether the zip ended or was cut off, what it computed is kept for the next range.
  reply.raw.once('close', () => {
    saveCrc32s(db, caller.tenantCode, learned).catch((error) =>
      reply.log.warn({ err: error }, 'the CRC-32s a zip computed could not be kept'),
    );
  });
  return sendPlannedBody(reply, body, plan, head);
}

/**
 * Several files as one zip named `{title} {YYYY-MM-DD}.zip`. Every id is checked before the first byte: one
 * that the caller may not see fails the whole request with 404. One audit event per file.
 */
export async function serveFileZip(
  { db, blobs }: FileTransferDeps,
  reply: FastifyReply,
  { caller, find, auditDetail }: FileLookup,
  fileIds: readonly string[],
  title: string,
) {
  const ids = [...new Set(fileIds.map((id) => id.toLowerCase()))];
  const zipName = `${title} ${new Date().toISOString().slice(0, 10)}.zip`;
  const files = await db.withTenant(caller.tenantCode, async (tx) => {
    const files = await zipFiles(tx, { caller, find }, ids);
    await recordAuditEvents(
      tx,
      files.map((file) => downloadEvent(caller, file, { via: 'zip', zipName, ...auditDetail })),
    );
    return files;
  });
  return sendZip(reply, blobs, files, zipName);
}
