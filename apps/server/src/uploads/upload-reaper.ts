import { UPLOAD_AUDIT_ACTIONS } from '@portico/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { Database } from '../db/database.ts';
import type { JobContextBase, JobDefinition } from '../db/periodic-jobs.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { deleteExpiredTusUploads } from './tus-uploads.repository.ts';
import { deleteExpiredPendingUploads } from './uploads.repository.ts';
import { deleteBlobs } from './uploads.usecases.ts';

/** Uploads reaped per sweep; a backlog is worked off over the following sweeps. */
const BATCH = 500;

/**
 * Removes pending uploads older than `graceSeconds`, rows first (in one transaction, with an `upload.expire`
 * audit event each), then their blobs; and resumable (tus) uploads created longer ago, with their parts. It works across tenants, so it runs on the owner connection like the
 * migrations do. `SKIP LOCKED` leaves alone the uploads a save or discard holds right now, and lets replicas
 * sweep side by side. Answers how many were removed.
 */
export async function reapExpiredUploads(
  db: Database,
  blobs: BlobStore,
  graceSeconds: number,
  log: FastifyBaseLogger,
): Promise<number> {
  const expired = await db.transaction(async (tx) => {
    const rows = await deleteExpiredPendingUploads(tx, graceSeconds, BATCH);
    await recordAuditEvents(
      tx,
      rows.map((r) => ({
        tenantCode: r.tenant_code,
        siteId: r.site_id,
        userId: r.created_by,
        action: UPLOAD_AUDIT_ACTIONS.expire,
        detail: { referenceNumber: r.reference_number, fileName: r.file_name, size: Number(r.size) },
      })),
    );
    return rows;
  });
  // Resumable uploads older than the grace period, unfinished (their parts go too) or finished (their
  // `uploads` row, if not saved, is reaped above by its own age).
  const expiredTus = await db.transaction((tx) => deleteExpiredTusUploads(tx, graceSeconds, BATCH));
  await deleteBlobs(
    blobs,
    [...expired.map((r) => r.blob_key), ...expiredTus.flatMap((t) => t.partKeys)].map((blobKey) => ({
      blobKey,
    })),
    log,
  );
  return expired.length + expiredTus.filter((t) => !t.finished).length;
}

/**
 * Sweeps every quarter of the grace period (at least every second, at most every ten minutes), once per such
 * period across all processes (db/periodic-jobs.ts).
 */
export const uploadReaperJob: JobDefinition<UploadJobContext> = {
  name: 'upload-reaper',
  intervalMs: (config) => Math.min(Math.max((config.uploadGraceSeconds * 1000) / 4, 1000), 10 * 60_000),
  failure: 'expired uploads could not be removed',
  async run({ db, blobs, config, log }) {
    const count = await reapExpiredUploads(db, blobs, config.uploadGraceSeconds, log);
    if (count) log.info({ count }, 'expired uploads removed');
  },
};

/** What the uploads' jobs are given besides the database and the log. */
export interface UploadJobContext extends JobContextBase {
  blobs: BlobStore;
}
