import { randomUUID } from 'node:crypto';
import { pipeline, type Readable } from 'node:stream';
import {
  type DiscardUploadsBody,
  MAX_FILE_NAME_LENGTH,
  UPLOAD_AUDIT_ACTIONS,
  UPLOAD_FORM_FIELDS,
  type UploadedFile,
  type UploadResponse,
} from '@portico/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/caller.ts';
import type { Config } from '../config.ts';
import type { Database, Queryable } from '../db/database.ts';
import { requireSiteFolder } from '../folders/folders.usecases.ts';
import { AppError } from '../http/app-error.ts';
import type { ScanHook } from '../scanning/scan-intake.ts';
import { trackBlobScans } from '../scanning/scans.repository.ts';
import { requireAccess } from '../sites/access.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { storedFileName } from '../transfers/safe-file-name.ts';
import { contentTypeOf, refusalOf, UploadMeter } from './upload-policy.ts';
import type { UploadSlots } from './upload-slots.ts';
import { invalidUpload, uploadsNotFound } from './uploads.errors.ts';
import {
  deletePendingUploads,
  insertPendingUploads,
  type PendingUpload,
  type ReceivedFile,
  tenantUploadLimit,
} from './uploads.repository.ts';

export interface FileStorageDeps {
  db: Database;
  blobs: BlobStore;
  config: Pick<
    Config,
    | 'maxUploadBytes'
    | 'uploadRefusedExtensions'
    | 'uploadMinBytesPerSecond'
    | 'uploadRateWindowSeconds'
    | 'uploadGraceSeconds'
    | 'uploadMaxUnfinishedPerUser'
    | 'uploadMaxUnfinishedBytesPerUser'
    | 'databaseUrl'
    | 'blobStore'
  >;
  /** The uploads running in this process, per user and per address. */
  slots: UploadSlots;
  /** Every file that comes in is scanned before the other side sees it (decision 43). */
  scanning: ScanHook;
  /** An upload that names a file becomes its next version (decision 49). */
  versions: NewVersionHook;
}

/**
 * What the versions module does for an upload that names a file (`fileId`), given to this module by the routes so
 * that uploads need not know versions (they sit above it). Both run in the caller's tenant transaction.
 */
export interface NewVersionHook {
  /** The file's site, when the caller may add a version to it now (else 404, 403 or 409 `file.checked_out`). */
  siteOf(tx: Queryable, caller: Caller, fileId: string): Promise<string>;
  /** Makes the recorded upload the file's next version; answers its number. */
  record(tx: Queryable, caller: Caller, fileId: string, upload: PendingUpload): Promise<number>;
}

/** Where the files of one upload request go: a site, or with `fileId` the next version of one of its files. */
export interface UploadTarget {
  siteId: string;
  fileId?: string | undefined;
  maxBytes: number;
  /** The folder the files go into (a `folderId` field, or tus metadata); null: the root. */
  folderId: string | null;
}

/** What an upload request names as its destination (form fields, tus metadata), before it is checked. */
export interface UploadDestination {
  siteId?: string | undefined;
  folderId?: string | undefined;
  fileId?: string | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The form fields that name where an upload goes, before its files. */
export const DESTINATION_FIELDS: readonly (keyof UploadDestination)[] = [
  UPLOAD_FORM_FIELDS.siteId,
  UPLOAD_FORM_FIELDS.folderId,
  UPLOAD_FORM_FIELDS.fileId,
];

/**
 * The site (visible to the caller and open to uploads) and the folder the files go into (a live folder of that site,
 * else 404 `folders.not_found`; a client needs the site's folders on), or with `fileId` the file (one the caller may
 * add a version to: its site and place are the target's), and the largest file it takes; or why not.
 */
export async function openUploadTarget(
  deps: FileStorageDeps,
  caller: Caller,
  destination: UploadDestination,
): Promise<UploadTarget> {
  const { siteId = '', fileId, folderId } = destination;
  if (fileId !== undefined && !UUID.test(fileId))
    throw invalidUpload('The fileId field must be a file id (a UUID).');
  if (fileId === undefined && !UUID.test(siteId))
    throw invalidUpload('The siteId field must be a site id (a UUID).');
  if (folderId !== undefined && !UUID.test(folderId))
    throw invalidUpload('The folderId must be a folder id (a UUID).');
  if (fileId !== undefined && folderId !== undefined)
    throw invalidUpload('A new version stays where its file is: send fileId without folderId.');
  return deps.db.withTenant(caller.tenantCode, async (tx) => {
    const target = await assertMayUpload(tx, deps, caller, {
      siteId,
      fileId: fileId?.toLowerCase(),
      folderId: folderId?.toLowerCase(),
    });
    const tenantLimit = await tenantUploadLimit(tx, caller.tenantCode);
    return { ...target, maxBytes: Math.min(deps.config.maxUploadBytes, tenantLimit ?? Infinity) };
  });
}

/**
 * The site must be one the caller sees (else 404) and allow uploads (else 403); a new version needs the file to be
 * one the caller may update instead (`files.update`), and a siteId sent with it must be the file's site.
 */
async function assertMayUpload(
  tx: Queryable,
  deps: Pick<FileStorageDeps, 'versions'>,
  caller: Caller,
  { siteId, fileId, folderId }: UploadDestination,
): Promise<Omit<UploadTarget, 'maxBytes'>> {
  if (fileId) {
    const fileSite = await deps.versions.siteOf(tx, caller, fileId);
    if (siteId && siteId.toLowerCase() !== fileSite) {
      throw invalidUpload('The siteId field names another site than the file’s: leave it out.');
    }
    return { siteId: fileSite, fileId, folderId: null };
  }
  const site = await requireAccess(tx, caller, 'files.upload', { siteId: siteId! });
  if (folderId) await requireSiteFolder(tx, caller, site, folderId);
  return { siteId: siteId!.toLowerCase(), folderId: folderId ?? null };
}

/** One file of an upload as it arrives: the name and type the client gave, and its bytes. */
export interface IncomingFile {
  filename: string;
  mimetype: string;
  file: Readable;
}

/**
 * Streams one incoming file to a new blob of the server's own naming while counting and hashing it; refuses a
 * missing name, a refused type (by name or first bytes) and a file over the target's limit, whatever the client
 * claimed. What it stored is the caller's to delete if the request fails later.
 */
export async function receiveFile(
  deps: FileStorageDeps,
  caller: Caller,
  target: UploadTarget,
  part: IncomingFile,
): Promise<ReceivedFile> {
  const fileName = storedFileName(fromFormDataEscapes(part.filename));
  if (!fileName) throw invalidUpload(`Each file needs a name of 1 to ${MAX_FILE_NAME_LENGTH} characters.`);
  const refusal = refusalOf(fileName, part.mimetype, deps.config.uploadRefusedExtensions);
  if (refusal) throw new AppError('uploads.type_refused', refusal);
  // The key is the server's own: a name can neither choose nor reach another blob.
  const blobKey = `${caller.tenantCode}/${randomUUID()}`;
  const meter = new UploadMeter(target.maxBytes, deps.config.uploadRefusedExtensions);
  // pipeline, not pipe: a client that goes away destroys the part, which must fail the blob write behind it.
  const body = pipeline(part.file, meter, () => {});
  await deps.blobs.put(blobKey, body);
  return {
    blobKey,
    fileName,
    contentType: contentTypeOf(fileName, part.mimetype),
    size: meter.size,
    sha256: meter.digest(),
    folderId: target.folderId,
  };
}

/**
 * Browsers send a file name in multipart/form-data with `"`, CR and LF written as `%22`, `%0D` and `%0A`
 * (HTML's form encoding); busboy leaves them so. Undone here, so the name kept is the one the person sees.
 */
const FORM_DATA_ESCAPES: Record<string, string> = { '%22': '"', '%0D': '\r', '%0A': '\n' };
const fromFormDataEscapes = (name: string) =>
  name.replace(/%22|%0D|%0A/g, (code) => FORM_DATA_ESCAPES[code]!);

/** The received files as the caller's pending uploads to the target, in one transaction: the upload's answer. */
export async function recordUploads(
  deps: FileStorageDeps,
  caller: Caller,
  target: UploadTarget,
  received: readonly ReceivedFile[],
): Promise<UploadResponse> {
  return deps.db.withTenant(caller.tenantCode, async (tx) => ({
    files: (await recordReceivedFiles(tx, deps, caller, target, received)).map(uploadedFileOf),
  }));
}

/**
 * Files whose bytes are in the blob store become pending uploads of the caller, each audited as received: the
 * one ending of a multipart upload and of a resumable (tus) one. The site is checked again, since the bytes may
 * have taken long enough for the membership or the settings to change. Each blob's scan is recorded with it
 * (`intake`: scanning, or unscanned when scanning is off). An upload that names a file becomes its next version
 * in the same transaction (decision 49): saved at once, so nothing is left to save or to reap.
 */
export async function recordReceivedFiles(
  tx: Queryable,
  deps: Pick<FileStorageDeps, 'versions' | 'scanning'>,
  caller: Caller,
  target: { siteId: string; fileId?: string | undefined; folderId?: string | null | undefined },
  received: readonly ReceivedFile[],
): Promise<PendingUpload[]> {
  const { siteId, fileId } = target;
  await assertMayUpload(tx, deps, caller, { siteId, fileId, folderId: target.folderId ?? undefined });
  const uploads = await insertPendingUploads(tx, caller, siteId, received);
  await trackBlobScans(tx, caller, siteId, uploads, deps.scanning.intake);
  await recordAuditEvents(
    tx,
    uploads.map((u) => ({
      tenantCode: caller.tenantCode,
      siteId,
      userId: caller.user.id,
      action: UPLOAD_AUDIT_ACTIONS.receive,
      detail: { referenceNumber: u.referenceNumber, fileName: u.fileName, size: u.size, sha256: u.sha256 },
    })),
  );
  if (!fileId) return uploads;
  return Promise.all(
    uploads.map(async (u) => ({ ...u, fileId, version: await deps.versions.record(tx, caller, fileId, u) })),
  );
}

/** What the answer says of a pending upload (of a version upload: the file and the version it became). */
export const uploadedFileOf = (u: PendingUpload): UploadedFile => ({
  referenceNumber: u.referenceNumber,
  fileName: u.fileName,
  size: u.size,
  sha256: u.sha256,
  contentType: u.contentType,
  ...(u.fileId ? { fileId: u.fileId, version: u.version } : {}),
});

/**
 * `DELETE file-storage api/files`: removes pending uploads of the caller to a site, all or none: if any
 * reference is not theirs, pending and of that site, nothing is removed (404). Needs `internalFilesDelete`.
 */
export async function discardUploads(
  deps: FileStorageDeps,
  caller: Caller,
  body: DiscardUploadsBody,
  log: FastifyBaseLogger,
) {
  const referenceNumbers = [...new Set(body.referenceNumbers)];
  const discarded = await deps.db.withTenant(caller.tenantCode, async (tx) => {
    const site = await requireAccess(tx, caller, 'uploads.discard', { siteId: body.siteId });
    const deleted = await deletePendingUploads(tx, caller, site.id, referenceNumbers);
    if (deleted.length !== referenceNumbers.length) throw uploadsNotFound();
    await recordAuditEvents(
      tx,
      deleted.map((u) => ({
        tenantCode: caller.tenantCode,
        siteId: site.id,
        userId: caller.user.id,
        action: UPLOAD_AUDIT_ACTIONS.discard,
        detail: { referenceNumber: u.referenceNumber, fileName: u.fileName, size: u.size },
      })),
    );
    return deleted;
  });
  // After the commit: a blob delete that fails leaves an orphan blob at worst, never a row without its blob.
  await deleteBlobs(deps.blobs, discarded, log);
}

/** Deletes blobs whose rows are gone or were never written; a failure is logged and leaves an orphan blob. */
export async function deleteBlobs(
  blobs: BlobStore,
  files: readonly { blobKey: string }[],
  log: FastifyBaseLogger,
) {
  await Promise.all(
    files.map((file) =>
      blobs
        .delete(file.blobKey)
        .catch((error) => log.warn({ err: error, blobKey: file.blobKey }, 'blob not deleted')),
    ),
  );
}
