import type { Database } from '../db/database.ts';
import type { JobDefinition } from '../db/periodic-jobs.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import type { UploadJobContext } from './upload-reaper.ts';
import { unreferencedBlobKeys } from './uploads.repository.ts';

/**
 * Blobs nothing points at (no file, no upload, no part of a resumable upload in progress, no quarantine). A blob is written before the row that names it, so a process that dies (or a
 * database that fails) between the two leaves a blob no row names, and one that dies mid-upload leaves a
 * half-written file in the store's temporary folder; a blob whose delete failed after its row went stays too.
 * Nobody can reach such bytes, but they fill the disk and linger in backups. This sweep removes them.
 *
 * Only what has not been written for `ORPHAN_AGE_MS` is considered: a put renames its blob right after its
 * last write and inserts its row straight after, and an upload in progress writes at least every request
 * timeout (one hour), so nothing this old is still on its way to a row.
 */
export const ORPHAN_AGE_MS = 2 * 60 * 60 * 1000;

/** Keys looked up per query. */
const BATCH = 500;

export interface OrphanSweep {
  orphans: number;
  abandonedWrites: number;
}

/** One sweep: every blob older than `ageMs` that no upload or file row names is deleted. Runs as the owner. */
export async function sweepOrphanBlobs(
  db: Database,
  blobs: BlobStore,
  ageMs = ORPHAN_AGE_MS,
): Promise<OrphanSweep> {
  const before = new Date(Date.now() - ageMs);
  // Half-written files go by the store's own age limit (TEMP_FILE_MAX_AGE_SECONDS), not the orphans' one.
  const abandonedWrites = await blobs.removeAbandonedWrites();
  let orphans = 0;
  let batch: string[] = [];
  const sweepBatch = async () => {
    const keys = await unreferencedBlobKeys(db, batch);
    batch = [];
    for (const key of keys) await blobs.delete(key);
    orphans += keys.length;
  };
  for await (const key of blobs.keysWrittenBefore(before)) {
    batch.push(key);
    if (batch.length === BATCH) await sweepBatch();
  }
  if (batch.length > 0) await sweepBatch();
  return { orphans, abandonedWrites };
}

/** How often the store is swept; the first sweep runs a minute after start, off the start-up path. */
const SWEEP_INTERVAL_MS = 6 * 60 * 60 * 1000;
const FIRST_SWEEP_MS = 60 * 1000;

/** Sweeps once per interval across all processes (db/periodic-jobs.ts). */
export const orphanBlobSweepJob: JobDefinition<UploadJobContext> = {
  name: 'orphan-blobs',
  intervalMs: SWEEP_INTERVAL_MS,
  firstAfterMs: FIRST_SWEEP_MS,
  failure: 'orphan blobs could not be swept',
  async run({ db, blobs, log }) {
    const { orphans, abandonedWrites } = await sweepOrphanBlobs(db, blobs);
    if (orphans || abandonedWrites) log.info({ orphans, abandonedWrites }, 'orphan blobs removed');
  },
};
