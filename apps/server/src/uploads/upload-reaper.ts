import { UPLOAD_AUDIT_ACTIONS } from '@portico/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { Database } from '../db/database.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { type SweepTimer, startSweepTimer } from '../sweep-timer.ts';
import { deleteBlobs } from './uploads.usecases.ts';

/** Uploads reaped per sweep; a backlog is worked off over the following sweeps. */
const BATCH = 500;

interface ExpiredRow {
  tenant_code: string;
  site_id: string;
  created_by: string;
  reference_number: string;
  blob_key: string;
  file_name: string;
  size: number | string;
}

/**
 * Removes pending uploads older than `graceSeconds`, rows first (in one transaction, with an `upload.expire`
 * audit event each), then their blobs. It works across tenants, so it runs on the owner connection like the
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
    const { rows } = await tx.query<ExpiredRow>(
      `DELETE FROM uploads
       WHERE id IN (SELECT id FROM uploads
                    WHERE state = 'pending' AND created_at < now() - make_interval(secs => $1)
                    ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING tenant_code, site_id, created_by, reference_number, blob_key, file_name, size`,
      [graceSeconds, BATCH],
    );
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
  await deleteBlobs(
    blobs,
    expired.map((r) => ({ blobKey: r.blob_key })),
    log,
  );
  return expired.length;
}

/**
 * Sweeps every quarter of the grace period (at least every second, at most every ten minutes) on a timer
 * (sweep-timer.ts).
 */
export function startUploadReaper(
  db: Database,
  blobs: BlobStore,
  graceSeconds: number,
  log: FastifyBaseLogger,
): SweepTimer {
  const intervalMs = Math.min(Math.max((graceSeconds * 1000) / 4, 1000), 10 * 60_000);
  return startSweepTimer(
    () =>
      reapExpiredUploads(db, blobs, graceSeconds, log)
        .then((count) => {
          if (count) log.info({ count }, 'expired uploads removed');
        })
        .catch((error) => log.error({ err: error }, 'expired uploads could not be removed')),
    { intervalMs },
  );
}
