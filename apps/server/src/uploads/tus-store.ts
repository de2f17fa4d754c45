import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { finished, PassThrough, pipeline, type Readable } from 'node:stream';
import { TUS_METADATA_KEYS } from '@portico/contracts';
import { DataStore, ERRORS, Upload } from '@tus/utils';
import type { FastifyBaseLogger } from 'fastify';
import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import {
  appendTusPart,
  countUnfinishedTusUploads,
  deleteUnfinishedTusUpload,
  findTusUpload,
  insertTusUpload,
  startWritingTusPart,
  stopWritingTusPart,
  type TusUpload,
} from './tus-uploads.repository.ts';
import { UploadMeter } from './upload-policy.ts';
import { tooManyUnfinished, unfinishedTooLarge } from './uploads.errors.ts';
import { deleteBlobs, type FileStorageDeps } from './uploads.usecases.ts';

/** Who a tus request is from: @tus/server calls its store without the request, so the route sets it here. */
export interface TusCall {
  caller: Caller;
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
 * keeps — then moves the offset in one statement that checks where it started (`appendTusPart`); on the file
 * store the part is written where it stays and named in the row first, so a kill -9 keeps what had arrived
 * (`storePart`, `salvage`, migration 0017, decision 42). A first part
 * is checked and hashed as it arrives (`UploadMeter`): a program is refused before any of it is kept, and a file
 * sent in one part needs no second pass. Every read is bound to the caller, so another user's or tenant's id
 * answers 404 like one that never existed.
 */
export class PorticoTusStore extends DataStore {
  private readonly deps: TusDeps;
  /** Uploads whose PATCH this process is writing now. */
  private readonly writing = new Set<string>();

  constructor(deps: TusDeps) {
    super();
    this.deps = deps;
    this.extensions = [...TUS_EXTENSIONS];
  }

  /** Called after `onUploadCreate` checked the site and the file, whose metadata it normalised. */
  override async create(upload: Upload): Promise<Upload> {
    const { caller } = currentTusCall();
    const metadata = upload.metadata ?? {};
    const row = await this.deps.db.withTenant(caller.tenantCode, async (tx) => {
      await assertUnderUnfinishedCaps(tx, caller, this.deps.config, upload.size!);
      return insertTusUpload(tx, caller, {
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
    const { caller, log } = currentTusCall();
    const partKeys = await this.deps.db.withTenant(caller.tenantCode, (tx) =>
      deleteUnfinishedTusUpload(tx, caller, id),
    );
    if (!partKeys) throw ERRORS.FILE_NOT_FOUND;
    await deleteBlobs(
      this.deps.blobs,
      partKeys.map((blobKey) => ({ blobKey })),
      log,
    );
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const { caller, log } = currentTusCall();
    // Watched before anything is awaited: a body that fails meanwhile (its client gone) must still end the part.
    const arrived = keepWhatArrives(stream);
    const upload = await this.find(id);
    if (upload.uploadId) throw ERRORS.INVALID_OFFSET;
    const blobKey = `${caller.tenantCode}/${randomUUID()}`;
    // The first bytes decide whether the file is a program; later parts are only stored.
    const meter =
      offset === 0 ? new UploadMeter(upload.length, this.deps.config.uploadRefusedExtensions) : undefined;
    const body = meter ? pipeline(arrived, meter, () => {}) : arrived;
    let size: number;
    try {
      ({ size } = await this.storePart(id, offset, blobKey, body));
    } catch (error) {
      if (error instanceof AppError && error.code === 'uploads.type_refused') await this.remove(id);
      throw error;
    }
    if (size === 0) {
      await this.deps.blobs.delete(blobKey);
      await this.deps.db.withTenant(caller.tenantCode, (tx) => stopWritingTusPart(tx, caller, id, blobKey));
      return offset;
    }
    const wholeSha256 = meter && size === upload.length ? meter.digest() : undefined;
    const newOffset = await this.deps.db.withTenant(caller.tenantCode, (tx) =>
      appendTusPart(tx, caller, id, { startOffset: offset, size, blobKey, wholeSha256 }),
    );
    if (newOffset === undefined) {
      // Another request moved the offset first (or the upload went): this part is nobody's.
      await deleteBlobs(this.deps.blobs, [{ blobKey }], log);
      throw ERRORS.INVALID_OFFSET;
    }
    return newOffset;
  }

  /**
   * Stores a PATCH's bytes as one part. Where the blob store can keep bytes as they arrive, the part is written
   * under its final key, named in the row first: a crash then keeps what had arrived (`salvage`). Otherwise the
   * part is put whole and a crash loses it.
   */
  private async storePart(id: string, offset: number, blobKey: string, body: Readable) {
    const { blobs, db } = this.deps;
    if (!blobs.putProgressively) return blobs.put(blobKey, body);
    const { caller } = currentTusCall();
    const named = await db.withTenant(caller.tenantCode, (tx) =>
      startWritingTusPart(tx, caller, id, offset, blobKey),
    );
    if (!named) {
      body.resume();
      throw ERRORS.INVALID_OFFSET;
    }
    this.writing.add(id);
    try {
      return await blobs.putProgressively(blobKey, body);
    } catch (error) {
      await blobs.delete(blobKey).catch(() => {});
      await db.withTenant(caller.tenantCode, (tx) => stopWritingTusPart(tx, caller, id, blobKey));
      throw error;
    } finally {
      this.writing.delete(id);
    }
  }

  /**
   * The part a dead PATCH was writing, kept as far as it got: a crash (kill -9) loses only what had not reached
   * the file yet (the writer's last batch, at most a MiB or two). A part is a dead one's when no PATCH of this
   * process writes it and, unless this process is the data's only user (PGlite and the file store), it has not
   * grown for two UPLOAD_RATE_WINDOW_SECONDS (a live PATCH slower than that is cut off anyway).
   */
  private async salvage(row: TusUpload): Promise<boolean> {
    const key = row.writingKey;
    if (!key || this.writing.has(row.id)) return false;
    const { blobs, db, config } = this.deps;
    const info = await blobs.stat(key);
    const alone = !config.databaseUrl && config.blobStore === 'fs';
    const idleMs = info?.modifiedAt ? Date.now() - info.modifiedAt.getTime() : Infinity;
    if (!alone && idleMs < 2 * config.uploadRateWindowSeconds * 1000) return false;
    const { caller, log } = currentTusCall();
    const size = Math.min(info?.size ?? 0, row.length - row.offset);
    const kept = await db.withTenant(caller.tenantCode, async (tx) => {
      if (size <= 0) return void (await stopWritingTusPart(tx, caller, row.id, key));
      return appendTusPart(tx, caller, row.id, {
        startOffset: row.offset,
        size,
        blobKey: key,
        wholeSha256: undefined,
      });
    });
    if (kept === undefined) await blobs.delete(key).catch(() => {});
    else log.info({ uploadId: row.id, kept: size }, 'tus: the part of an interrupted PATCH was kept');
    return true;
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
    const { caller } = currentTusCall();
    const read = () => this.deps.db.withTenant(caller.tenantCode, (tx) => findTusUpload(tx, caller, id));
    let row = await read();
    if (row && (await this.salvage(row))) row = await read();
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
  caller: Caller,
  config: TusDeps['config'],
  length: number,
) {
  const { uploadGraceSeconds, uploadMaxUnfinishedPerUser, uploadMaxUnfinishedBytesPerUser } = config;
  const unfinished = await countUnfinishedTusUploads(tx, caller, uploadGraceSeconds);
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
