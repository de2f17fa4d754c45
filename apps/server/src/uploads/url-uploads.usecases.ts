import { randomUUID } from 'node:crypto';
import { pipeline, Transform, type TransformCallback } from 'node:stream';
import { URL_UPLOAD_AUDIT_ACTION, type UrlUploadBody, type UrlUploadJob } from '@portico/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/caller.ts';
import type { Config } from '../config.ts';
import { sweepJob } from '../db/periodic-jobs.ts';
import { requireSiteFolder } from '../folders/folders.usecases.ts';
import { AppError } from '../http/app-error.ts';
import { requireAccess } from '../sites/access.ts';
import { storedFileName } from '../transfers/safe-file-name.ts';
import { contentTypeOf, refusalOf, UploadMeter } from './upload-policy.ts';
import { tooLarge } from './uploads.errors.ts';
import { tenantUploadLimit } from './uploads.repository.ts';
import { type FileStorageDeps, recordReceivedFiles } from './uploads.usecases.ts';
import { checkHost, checkUrl, fileNameOf, openUrl, type UrlFetchPolicy } from './url-fetch.ts';
import {
  countFetchingUrlUploads,
  deleteUrlUploadsUpdatedBefore,
  findUrlUpload,
  insertUrlUpload,
  markUrlUploadDone,
  markUrlUploadFailed,
  updateUrlUploadProgress,
} from './url-uploads.repository.ts';

/**
 * "Upload from a link" (issue 27 item 7, decision 52): the server fetches a web address into the blob store and
 * records it as a pending upload of the caller, exactly as a multipart upload ends (same size limit, refused
 * types by name, declared type and content, virus scan, `upload.receive` audit), so the page then saves its
 * reference number like any upload's. What can be judged before fetching (scheme, the host's addresses) is
 * refused at once with 400 `url.refused`; the rest ends the job `failed` with its code. The job's state is in
 * the database, so any server process answers it.
 */

export interface UrlUploadDeps extends Pick<FileStorageDeps, 'db' | 'blobs' | 'scanning' | 'versions'> {
  config: Pick<
    Config,
    | 'maxUploadBytes'
    | 'uploadRefusedExtensions'
    | 'uploadMaxConcurrentPerUser'
    | 'urlUploadAllowHttp'
    | 'urlUploadAllowedHosts'
    | 'urlUploadTimeoutSeconds'
  >;
  log: FastifyBaseLogger;
}

const PROGRESS_EVERY_MS = 500;

const policyOf = (config: UrlUploadDeps['config']): UrlFetchPolicy => ({
  allowHttp: config.urlUploadAllowHttp,
  allowedHosts: config.urlUploadAllowedHosts,
});

/** A job is taken for dead once it was not updated for the fetch's whole time limit and a minute more. */
const staleSecondsOf = (config: UrlUploadDeps['config']) => config.urlUploadTimeoutSeconds + 60;

/** `POST file-storage api/uploads/from-url`: checks, records the job and starts the fetch; answers its id. */
export async function startUrlUpload(
  deps: UrlUploadDeps,
  caller: Caller,
  body: UrlUploadBody,
): Promise<{ jobId: string }> {
  const { db, config } = deps;
  const siteId = body.siteId.toLowerCase();
  const folderId = body.folderId?.toLowerCase() ?? null;
  const maxBytes = await db.withTenant(caller.tenantCode, async (tx) => {
    const site = await requireAccess(tx, caller, 'files.uploadFromUrl', { siteId });
    if (folderId) await requireSiteFolder(tx, caller, site, folderId);
    const running = await countFetchingUrlUploads(
      tx,
      caller.tenantCode,
      caller.user.id,
      staleSecondsOf(config),
    );
    if (running >= config.uploadMaxConcurrentPerUser) {
      throw new AppError(
        'uploads.too_many_concurrent',
        'You have too many uploads from links running at once; wait for one to finish.',
      );
    }
    return Math.min(config.maxUploadBytes, (await tenantUploadLimit(tx, caller.tenantCode)) ?? Infinity);
  });
  // The address is judged before any job exists: a refusal is the request's answer (400), not a job's.
  const url = checkUrl(body.url, policyOf(config));
  // A refused address is the request's answer; a name that does not resolve (now) is the job's to report.
  await checkHost(url, policyOf(config)).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'url.refused') throw error;
  });
  const id = await db.withTenant(caller.tenantCode, (tx) =>
    insertUrlUpload(tx, {
      tenantCode: caller.tenantCode,
      siteId,
      folderId,
      userId: caller.user.id,
      url: url.href,
    }),
  );
  runUrlUpload(deps, caller, { id, siteId, folderId, url, maxBytes }).catch((error) =>
    deps.log.error({ err: error, jobId: id }, 'an upload from a link could not record its end'),
  );
  return { jobId: id };
}

/** The caller's own job; another's, or none, answers 404 `uploads.not_found`. */
export async function readUrlUpload(
  deps: UrlUploadDeps,
  caller: Caller,
  jobId: string,
): Promise<UrlUploadJob> {
  const job = await deps.db.readTenant(caller.tenantCode, (tx) =>
    findUrlUpload(tx, caller.tenantCode, caller.user.id, jobId.toLowerCase(), staleSecondsOf(deps.config)),
  );
  if (!job) throw new AppError('uploads.not_found', 'There is no such upload from a link of yours.');
  return job;
}

/** Counts the bytes as they pass, and writes the count to the job now and then. */
class Progress extends Transform {
  bytes = 0;
  private last = 0;
  private readonly report: (bytes: number) => void;
  constructor(report: (bytes: number) => void) {
    super();
    this.report = report;
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    const now = Date.now();
    if (now - this.last >= PROGRESS_EVERY_MS) {
      this.last = now;
      this.report(this.bytes);
    }
    done(null, chunk);
  }
}

interface RunningJob {
  id: string;
  siteId: string;
  folderId: string | null;
  url: URL;
  maxBytes: number;
}

async function runUrlUpload(deps: UrlUploadDeps, caller: Caller, job: RunningJob): Promise<void> {
  const { db, blobs, config } = deps;
  const tenantCode = caller.tenantCode;
  const timeoutMs = config.urlUploadTimeoutSeconds * 1000;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let blobKey: string | undefined;
  try {
    const { response, url } = await openUrl(job.url, policyOf(config), controller.signal);
    const declaredLength = Number(response.headers['content-length']);
    const bytesExpected = Number.isSafeInteger(declaredLength) && declaredLength >= 0 ? declaredLength : null;
    if (bytesExpected !== null && bytesExpected > job.maxBytes) {
      response.destroy();
      throw tooLarge(job.maxBytes);
    }
    const fileName = storedFileName(fileNameOf(response, url)) ?? 'download';
    const declaredType = String(response.headers['content-type'] ?? '');
    const refusal = refusalOf(fileName, declaredType, config.uploadRefusedExtensions);
    if (refusal) {
      response.destroy();
      throw new AppError('uploads.type_refused', refusal);
    }
    await db.withTenant(tenantCode, (tx) =>
      updateUrlUploadProgress(tx, tenantCode, job.id, { bytesReceived: 0, bytesExpected, fileName }),
    );
    const progress = new Progress((bytes) => {
      db.withTenant(tenantCode, (tx) =>
        updateUrlUploadProgress(tx, tenantCode, job.id, { bytesReceived: bytes }),
      ).catch((error) => deps.log.warn({ err: error, jobId: job.id }, 'upload progress not written'));
    });
    const meter = new UploadMeter(job.maxBytes, config.uploadRefusedExtensions);
    blobKey = `${tenantCode}/${randomUUID()}`;
    await blobs.put(
      blobKey,
      pipeline(response, progress, meter, () => {}),
    );
    const received = {
      blobKey,
      fileName,
      contentType: contentTypeOf(fileName, declaredType),
      size: meter.size,
      sha256: meter.digest(),
    };
    await db.withTenant(tenantCode, async (tx) => {
      // The site is asked again: the fetch may have taken long enough for a membership or a flag to change.
      await requireAccess(tx, caller, 'files.uploadFromUrl', { siteId: job.siteId });
      const [upload] = await recordReceivedFiles(
        tx,
        deps,
        caller,
        { siteId: job.siteId, folderId: job.folderId },
        [{ ...received, folderId: job.folderId }],
      );
      await recordAuditEvents(tx, [
        {
          tenantCode,
          siteId: job.siteId,
          userId: caller.user.id,
          action: URL_UPLOAD_AUDIT_ACTION,
          detail: {
            url: job.url.href,
            finalUrl: url.href,
            referenceNumber: upload!.referenceNumber,
            size: received.size,
          },
        },
      ]);
      await markUrlUploadDone(tx, tenantCode, job.id, {
        referenceNumber: upload!.referenceNumber,
        size: received.size,
        fileName,
      });
    });
    deps.scanning.wake();
  } catch (error) {
    if (blobKey) {
      await blobs.delete(blobKey).catch((e) => deps.log.warn({ err: e, blobKey }, 'blob not deleted'));
    }
    const failure =
      error instanceof AppError
        ? { code: error.code, message: error.message }
        : controller.signal.aborted
          ? {
              code: 'url.fetch_failed',
              message: `The fetch took longer than ${config.urlUploadTimeoutSeconds} seconds and was stopped.`,
            }
          : {
              code: 'url.fetch_failed',
              message: `The file could not be fetched (${(error as Error).message}).`,
            };
    await db.withTenant(tenantCode, (tx) => markUrlUploadFailed(tx, tenantCode, job.id, failure));
  } finally {
    clearTimeout(timer);
  }
}

/** A job's row is kept a day after its last change (the page has long read it by then), then swept. */
const KEPT_MS = 24 * 3_600_000;

/** Sweeps old jobs of "Upload from a link" every hour, once per period across all processes. */
export const urlUploadSweepJob = sweepJob('url-upload-sweep', 3_600_000, 'old uploads from a link', (db) =>
  deleteUrlUploadsUpdatedBefore(db, new Date(Date.now() - KEPT_MS)),
);
