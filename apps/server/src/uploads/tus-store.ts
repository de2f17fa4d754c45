import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { finished, PassThrough, pipeline, type Readable } from 'node:stream';
import { TUS_METADATA_KEYS } from '@portico/contracts';
import { DataStore, ERRORS, Upload } from '@tus/utils';
import type { FastifyBaseLogger } from 'fastify';
import type { TenantScope } from '../auth/tenant-scope.ts';
import type { Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import {
  appendTusPart,
  countUnfinishedTusUploads,
  deleteUnfinishedTusUpload,
  findTusUpload,
  insertTusUpload,
  type TusUpload,
} from './tus-uploads.repository.ts';
import { UploadMeter } from './upload-policy.ts';
import { tooManyUnfinished, unfinishedTooLarge } from './uploads.errors.ts';
import { deleteBlobs, type FileStorageDeps } from './uploads.usecases.ts';

/** Who a tus request is from: @tus/server calls its store without the request, so the route sets it here. */
export interface TusCall {
  scope: TenantScope;
  log: FastifyBaseLogger;
}

export const tusCalls = new AsyncLocalStorage<TusCall>();

export function currentTusCall(): TusCall {
  const call = tusCalls.getStore();
  if (!call) throw new Error('a tus store call outside a tus request');
  return call;
}

export type TusDeps = FileStorageDeps;

/** The tus 1.0 extensions this server speaks; not creation-defer-length nor concatenation. */
export const TUS_EXTENSIONS = ['creation', 'creation-with-upload', 'termination', 'expiration'] as const;

/**
 * @tus/server's store, over Portico's blob store and the `tus_uploads` table (migration 0010): nothing of an
 * upload lives in this process, so any server on the same database and blob store can continue it, and a
 * server killed mid-PATCH restarts knowing the offset it answered. Each PATCH stores what it carried as one blob
 * (a part) — all that arrived, also when the connection broke, since tus resumes from the offset the server
 * keeps — then moves the offset in one statement that checks where it started (`appendTusPart`). A first part
 * is checked and hashed as it arrives (`UploadMeter`): a program is refused before any of it is kept, and a file
 * sent in one part needs no second pass. Every read is bound to the caller, so another user's or tenant's id
 * answers 404 like one that never existed.
 */
export class PorticoTusStore extends DataStore {
  private readonly deps: TusDeps;

  constructor(deps: TusDeps) {
    super();
    this.deps = deps;
    this.extensions = [...TUS_EXTENSIONS];
  }

  /** Called after `onUploadCreate` checked the site and the file, whose metadata it normalised. */
  override async create(upload: Upload): Promise<Upload> {
    const { scope } = currentTusCall();
    const metadata = upload.metadata ?? {};
    const row = await this.deps.db.withTenant(scope.tenantCode, async (tx) => {
      await assertUnderUnfinishedCaps(tx, scope, this.deps.config, upload.size!);
      return insertTusUpload(tx, scope, {
        id: upload.id,
        siteId: metadata[TUS_METADATA_KEYS.siteId]!,
        fileName: metadata[TUS_METADATA_KEYS.fileName]!,
        declaredType: metadata[TUS_METADATA_KEYS.fileType] ?? '',
        metadata,
        length: upload.size!,
      });
    });
    upload.creation_date = row.createdAt.toISOString();
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const row = await this.find(id);
    return new Upload({
      id,
      size: row.length,
      offset: row.offset,
      metadata: row.metadata,
      creation_date: row.createdAt.toISOString(),
    });
  }

  /** Termination: an unfinished upload goes with its parts; a finished one is discarded as a pending upload. */
  override async remove(id: string): Promise<void> {
    const { scope, log } = currentTusCall();
    const partKeys = await this.deps.db.withTenant(scope.tenantCode, (tx) =>
      deleteUnfinishedTusUpload(tx, scope, id),
    );
    if (!partKeys) throw ERRORS.FILE_NOT_FOUND;
    await deleteBlobs(
      this.deps.blobs,
      partKeys.map((blobKey) => ({ blobKey })),
      log,
    );
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const { scope, log } = currentTusCall();
    // Watched before anything is awaited: a body that fails meanwhile (its client gone) must still end the part.
    const arrived = keepWhatArrives(stream);
    const upload = await this.find(id);
    if (upload.uploadId) throw ERRORS.INVALID_OFFSET;
    const blobKey = `${scope.tenantCode}/${randomUUID()}`;
    // The first bytes decide whether the file is a program; later parts are only stored.
    const meter =
      offset === 0 ? new UploadMeter(upload.length, this.deps.config.uploadRefusedExtensions) : undefined;
    const body = meter ? pipeline(arrived, meter, () => {}) : arrived;
    let size: number;
    try {
      ({ size } = await this.deps.blobs.put(blobKey, body));
    } catch (error) {
      if (error instanceof AppError && error.code === 'uploads.type_refused') await this.remove(id);
      throw error;
    }
    if (size === 0) {
      await this.deps.blobs.delete(blobKey);
      return offset;
    }
    const wholeSha256 = meter && size === upload.length ? meter.digest() : undefined;
    const newOffset = await this.deps.db.withTenant(scope.tenantCode, (tx) =>
      appendTusPart(tx, scope, id, { startOffset: offset, size, blobKey, wholeSha256 }),
    );
    if (newOffset === undefined) {
      // Another request moved the offset first (or the upload went): this part is nobody's.
      await deleteBlobs(this.deps.blobs, [{ blobKey }], log);
      throw ERRORS.INVALID_OFFSET;
    }
    return newOffset;
  }

  /** Unfinished uploads expire UPLOAD_GRACE_SECONDS after their creation. */
  override getExpiration(): number {
    return this.deps.config.uploadGraceSeconds * 1000;
  }

  /** The upload reaper removes expired uploads, once for every server on the database (upload-reaper.ts). */
  override async deleteExpired(): Promise<number> {
    return 0;
  }

  private async find(id: string): Promise<TusUpload> {
    const { scope } = currentTusCall();
    const row = await this.deps.db.withTenant(scope.tenantCode, (tx) => findTusUpload(tx, scope, id));
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return row;
  }
}

/**
 * The caps on a user's unfinished uploads (UPLOAD_MAX_UNFINISHED_PER_USER and _BYTES_PER_USER): without them one
 * client could start uploads by the hundred, each declaring the largest file, and hold their rows for a day.
 */
async function assertUnderUnfinishedCaps(
  tx: Queryable,
  scope: TenantScope,
  config: TusDeps['config'],
  length: number,
) {
  const { uploadGraceSeconds, uploadMaxUnfinishedPerUser, uploadMaxUnfinishedBytesPerUser } = config;
  const unfinished = await countUnfinishedTusUploads(tx, scope, uploadGraceSeconds);
  if (unfinished.count >= uploadMaxUnfinishedPerUser) throw tooManyUnfinished(uploadMaxUnfinishedPerUser);
  if (unfinished.bytes + length > uploadMaxUnfinishedBytesPerUser) {
    throw unfinishedTooLarge(uploadMaxUnfinishedBytesPerUser);
  }
}

/**
 * The body of a PATCH up to where it stopped: a client that goes away (or is cut off as too slow) ends it
 * rather than failing it, so the bytes that did arrive are kept as a part and the client resumes after them.
 * `finished` also reports a body that failed or was destroyed before this was called: an `error` listener added
 * then never fires, the part never ended, and @tus/server, which waits for the store, held the upload's lock for
 * good (every later HEAD and PATCH of the upload then waited for it and failed).
 */
function keepWhatArrives(source: Readable): Readable {
  const kept = new PassThrough();
  finished(source, { writable: false }, (error) => {
    if (!error) return;
    source.unpipe(kept);
    kept.end();
  });
  source.pipe(kept);
  return kept;
}
