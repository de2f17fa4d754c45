import type { Database } from '../db/database.ts';
import { sweepJob } from '../db/periodic-jobs.ts';
import { deleteKeysWrittenBefore } from './idempotency.repository.ts';

/** How long a key answers repeats: far longer than any client retries the same action. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Removes the keys older than their lifetime; a repeat after that runs as a new request. Answers how many. */
export const sweepExpiredIdempotencyKeys = (db: Database) =>
  deleteKeysWrittenBefore(db, new Date(Date.now() - IDEMPOTENCY_KEY_LIFETIME_MS));

/** Sweeps once an hour across all processes (db/periodic-jobs.ts). */
export const idempotencyKeySweepJob = sweepJob(
  'idempotency-keys',
  60 * 60_000,
  'expired idempotency keys',
  sweepExpiredIdempotencyKeys,
);
