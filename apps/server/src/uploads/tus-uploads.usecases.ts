import { randomBytes, randomUUID } from 'node:crypto';
import { pipeline, Readable } from 'node:stream';
import {
  MAX_FILE_NAME_LENGTH,
  TUS_METADATA_KEYS,
  TUS_UPLOAD_ID_PATTERN,
  TUS_UPLOADS_PATH,
  UPLOAD_REFERENCE_HEADER,
  type UploadedFile,
} from '@portico/contracts';
import { Server } from '@tus/server';
import { ERRORS, type Upload } from '@tus/utils';
import type { FastifyBaseLogger } from 'fastify';
import type { Caller } from '../auth/caller.ts';
import { AppError } from '../http/app-error.ts';
import { errorBody } from '../http/error-handler.ts';
import { storedFileName } from '../transfers/safe-file-name.ts';
import { currentTusCall, PorticoTusStore, type TusDeps, tusCalls } from './tus-store.ts';
import {
  deleteUnfinishedTusUpload,
  findTusUpload,
  findUploadedFile,
  markTusUploadFinished,
  type TusUpload,
} from './tus-uploads.repository.ts';
import { contentTypeOf, refusalOf, UploadMeter } from './upload-policy.ts';
import { invalidUpload, tooLarge, uploadsNotFound } from './uploads.errors.ts';
import { type ReceivedFile, tenantUploadLimit } from './uploads.repository.ts';
import { deleteBlobs, openUploadTarget, recordReceivedFiles, uploadedFileOf } from './uploads.usecases.ts';

const TUS_ID = new RegExp(TUS_UPLOAD_ID_PATTERN);
/** The media type of a tus PATCH body. */
export const TUS_BODY_TYPE = 'application/offset+octet-stream';

/**
 * The tus 1.0 server of `file-storage api/uploads/tus` (creation, termination, expiration). @tus/server speaks the
 * protocol (headers, offsets, expiry, locking within this process); `PorticoTusStore` keeps the state in the
 * database and the bytes in the blob store; the hooks below apply the same rules as a multipart upload before
 * the first byte is stored, and turn a finished upload into the same pending `uploads` row.
 */
export function createTusServer(deps: TusDeps): Server {
  return new Server({
    path: `/${TUS_UPLOADS_PATH}`,
    datastore: new PorticoTusStore(deps),
    // No maxSize: the creation's own check (checkCreation) knows the firm's lower limit and says it in the
    // multipart upload's words; a PATCH can never carry more than the Upload-Length checked there.
    // The upload's address is the creation's own path plus the id: whatever prefix or host served it.
    generateUrl: (req, { id }) => `${new URL(req.url).pathname.replace(/\/+$/, '')}/${id}`,
    getFileIdFromRequest: (_req, lastPath) => (lastPath && TUS_ID.test(lastPath) ? lastPath : undefined),
    namingFunction: () => randomBytes(16).toString('hex'),
    disableTerminationForFinishedUploads: true,
    // The tenant services answer no cross-origin requests; a token never goes to another origin's page.
    allowedOrigins: () => false,
    onUploadCreate: async (_req, upload) => ({ metadata: await checkCreation(deps, upload) }),
    onIncomingRequest: async (req, id) => {
      if (req.method === 'PATCH') await checkContinuation(deps, id);
    },
    onUploadFinish: async (_req, upload) => {
      const { caller } = currentTusCall();
      const file = await finishTusUpload(deps, caller, upload.id);
      return { headers: { [UPLOAD_REFERENCE_HEADER]: file.referenceNumber } };
    },
    onResponseError: (_req, error) => tusErrorAnswer(error),
  });
}

/**
 * What a multipart upload checks before its first byte, for a creation request: the site (visible, uploads
 * allowed), the name and the declared type (no programs), and the length (MAX_UPLOAD_BYTES, or the firm's own
 * lower limit). Answers the metadata as it is kept: the name as stored, the site id in lower case.
 */
async function checkCreation(deps: TusDeps, upload: Upload): Promise<Record<string, string | null>> {
  const { caller } = currentTusCall();
  const metadata = upload.metadata ?? {};
  const siteId = metadata[TUS_METADATA_KEYS.siteId] ?? '';
  const fileId = metadata[TUS_METADATA_KEYS.fileId] ?? undefined;
  const fileName = storedFileName(metadata[TUS_METADATA_KEYS.fileName] ?? '');
  const declaredType = metadata[TUS_METADATA_KEYS.fileType] ?? '';
  if (!fileName) {
    throw invalidUpload(
      `Upload-Metadata needs a "filename" of 1 to ${MAX_FILE_NAME_LENGTH} characters (and "siteId").`,
    );
  }
  const folderId = metadata[TUS_METADATA_KEYS.folderId] || undefined;
  const target = await openUploadTarget(deps, caller, { siteId, fileId, folderId });
  const refusal = refusalOf(fileName, declaredType, deps.config.uploadRefusedExtensions);
  if (refusal) throw new AppError('uploads.type_refused', refusal);
  if ((upload.size ?? 0) > target.maxBytes) throw tooLarge(target.maxBytes);
  return {
    ...metadata,
    [TUS_METADATA_KEYS.siteId]: target.siteId,
    ...(target.fileId ? { [TUS_METADATA_KEYS.fileId]: target.fileId } : {}),
    [TUS_METADATA_KEYS.fileName]: fileName,
    [TUS_METADATA_KEYS.fileType]: declaredType,
    [TUS_METADATA_KEYS.folderId]: target.folderId,
  };
}

/**
 * Before a PATCH's body is read: the upload is the caller's and its site still takes uploads from them (the
 * member may have been removed, or uploads switched off, since the creation). A refused PATCH stores nothing.
 */
async function checkContinuation(deps: TusDeps, id: string): Promise<void> {
  const { caller } = currentTusCall();
  const upload = await deps.db.withTenant(caller.tenantCode, (tx) => findTusUpload(tx, caller, id));
  if (!upload) throw ERRORS.FILE_NOT_FOUND;
  if (!upload.uploadId) await openUploadTarget(deps, caller, destinationOf(upload));
}

/** Where a tus upload goes: its site, or the next version of the file its metadata names. */
const destinationOf = (upload: TusUpload) => ({
  siteId: upload.siteId,
  fileId: upload.metadata[TUS_METADATA_KEYS.fileId] ?? undefined,
  folderId: upload.metadata[TUS_METADATA_KEYS.folderId] || undefined,
});

/**
 * Turns an upload whose offset reached its length into a pending upload, exactly as a multipart upload's: one
 * blob, its size and SHA-256, an `uploads` row with a reference number and a `upload.receive` audit event. A file
 * sent in one part is already that blob; parts are joined into a new blob (checked and hashed on the way) and
 * then removed. Finishing twice (a client that asks again after a lost answer) answers the same upload.
 */
export async function finishTusUpload(deps: TusDeps, caller: Caller, id: string): Promise<UploadedFile> {
  const { log } = currentTusCall();
  const upload = await deps.db.withTenant(caller.tenantCode, (tx) => findTusUpload(tx, caller, id));
  if (!upload) throw uploadsNotFound();
  if (upload.uploadId) return finishedFile(deps, caller, upload.uploadId);
  if (upload.offset !== upload.length) {
    throw new AppError(
      'uploads.incomplete',
      `The upload has ${upload.offset} of its ${upload.length} bytes.`,
    );
  }
  const joined = !(upload.partKeys.length === 1 && upload.wholeSha256);
  let received: ReceivedFile;
  try {
    received = joined ? await joinParts(deps, caller, upload) : asReceived(upload, upload.partKeys[0]!);
  } catch (error) {
    if (error instanceof AppError && error.code === 'uploads.type_refused') {
      await terminate(deps, caller, upload.id);
    }
    throw error;
  }
  const recorded = await deps.db
    .withTenant(caller.tenantCode, async (tx) => {
      const [pending] = await recordReceivedFiles(tx, deps, caller, destinationOf(upload), [received]);
      // Another request finished it first: this transaction's row goes with its rollback.
      if (!(await markTusUploadFinished(tx, caller, id, pending!.id))) throw new FinishedElsewhere();
      return pending!;
    })
    .catch(async (error: unknown) => {
      if (joined) await deleteBlobs(deps.blobs, [received], log);
      if (error instanceof FinishedElsewhere) return undefined;
      throw error;
    });
  if (!recorded) return finishTusUpload(deps, caller, id);
  deps.scanning.wake();
  if (joined) {
    await deleteBlobs(
      deps.blobs,
      upload.partKeys.map((blobKey) => ({ blobKey })),
      log,
    );
  }
  return uploadedFileOf(recorded);
}

class FinishedElsewhere extends Error {}

const asReceived = (upload: TusUpload, blobKey: string, sha256 = upload.wholeSha256!): ReceivedFile => ({
  blobKey,
  fileName: upload.fileName,
  contentType: contentTypeOf(upload.fileName, upload.declaredType),
  size: upload.length,
  sha256,
  folderId: upload.metadata[TUS_METADATA_KEYS.folderId] ?? null,
});

/** The parts, in order, into one new blob, through the same meter as a multipart file. */
async function joinParts(deps: TusDeps, caller: Caller, upload: TusUpload): Promise<ReceivedFile> {
  const blobKey = `${caller.tenantCode}/${randomUUID()}`;
  const meter = new UploadMeter(upload.length, deps.config.uploadRefusedExtensions);
  const parts = async function* () {
    for (const key of upload.partKeys) yield* await deps.blobs.get(key);
  };
  const { size } = await deps.blobs.put(
    blobKey,
    pipeline(Readable.from(parts(), { objectMode: false }), meter, () => {}),
  );
  if (size !== upload.length) {
    await deps.blobs.delete(blobKey);
    throw new Error(`tus upload ${upload.id}: its parts hold ${size} bytes, not ${upload.length}`);
  }
  return asReceived(upload, blobKey, meter.digest());
}

async function terminate(deps: TusDeps, caller: Caller, id: string) {
  const { log } = currentTusCall();
  const partKeys = await deps.db.withTenant(caller.tenantCode, (tx) =>
    deleteUnfinishedTusUpload(tx, caller, id),
  );
  await deleteBlobs(
    deps.blobs,
    (partKeys ?? []).map((blobKey) => ({ blobKey })),
    log,
  );
}

async function finishedFile(deps: TusDeps, caller: Caller, uploadId: string): Promise<UploadedFile> {
  const file = await deps.db.withTenant(caller.tenantCode, (tx) => findUploadedFile(tx, caller, uploadId));
  // Saved as a file or discarded since: the reference number is no longer the caller's to use.
  if (!file) throw uploadsNotFound();
  return file;
}

/**
 * `GET file-storage api/uploads/tus/{id}`: the finished upload as an UploadedFile (what a multipart upload
 * answers for it), finishing it first if its last part was stored but the server stopped before finishing.
 */
export async function readTusUpload(
  deps: TusDeps,
  caller: Caller,
  log: FastifyBaseLogger,
  id: string,
): Promise<UploadedFile> {
  return tusCalls.run({ caller, log }, async () => {
    const upload = await deps.db.withTenant(caller.tenantCode, (tx) => findTusUpload(tx, caller, id));
    if (!upload) throw uploadsNotFound();
    if (upload.uploadId) return finishedFile(deps, caller, upload.uploadId);
    return finishTusUpload(deps, caller, id);
  });
}

/** The largest file a tus upload of the firm may be: MAX_UPLOAD_BYTES, or the firm's own lower limit. */
export async function tusMaxSize(deps: TusDeps, tenantCode: string): Promise<number> {
  const tenantLimit = await deps.db.withTenant(tenantCode, (tx) => tenantUploadLimit(tx, tenantCode));
  return Math.min(deps.config.maxUploadBytes, tenantLimit ?? Infinity);
}

/**
 * The tus extensions this server does not speak, as @tus/server reports them (501, which would read as the
 * server's fault): the client's request is what cannot be served, so a 400 that says what to send instead.
 */
const UNSUPPORTED_EXTENSIONS = new Map<unknown, string>([
  [
    ERRORS.UNSUPPORTED_CREATION_DEFER_LENGTH_EXTENSION,
    'The tus creation-defer-length extension is not supported: declare Upload-Length when creating the ' +
      'upload, and send no Upload-Defer-Length, nor Upload-Length on a PATCH.',
  ],
  [
    ERRORS.UNSUPPORTED_CONCATENATION_EXTENSION,
    'The tus concatenation extension is not supported: send the file as one upload, without Upload-Concat.',
  ],
]);

/** tus's own errors and Portico's, as an answer with a stable code. */
function tusErrorAnswer(error: Error | { status_code: number; body: string }) {
  const { log } = currentTusCall();
  if (error instanceof AppError) {
    return { status_code: error.status, body: JSON.stringify(errorBody(error.code, error.message)) };
  }
  const unsupported = UNSUPPORTED_EXTENSIONS.get(error);
  if (unsupported) {
    log.info({ tusError: (error as { body: string }).body.trim() }, 'tus extension refused');
    return {
      status_code: 400,
      body: JSON.stringify(errorBody('uploads.tus_extension_unsupported', unsupported)),
    };
  }
  if ('status_code' in error && error.status_code < 500) {
    const code =
      {
        404: 'uploads.not_found',
        409: 'uploads.offset_conflict',
        410: 'uploads.expired',
        413: 'uploads.too_large',
      }[error.status_code] ?? 'uploads.invalid';
    return { status_code: error.status_code, body: JSON.stringify(errorBody(code, error.body.trim())) };
  }
  log.error({ err: error }, 'tus request failed');
  return {
    status_code: 500,
    body: JSON.stringify(errorBody('server.internal', 'Something went wrong on our side.')),
  };
}
