import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import { startPeriodicJob } from '../db/periodic-jobs.ts';
import type { SweepTimer } from '../sweep-timer.ts';
import { deleteKeysWrittenBefore } from './idempotency.repository.ts';

/** How long a key answers repeats: far longer than any client retries the same action. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Removes the keys older than their lifetime; a repeat after that runs as a new request. Answers how many. */
export const sweepExpiredIdempotencyKeys = (db: Database) =>
  deleteKeysWrittenBefore(db, new Date(Date.now() - IDEMPOTENCY_KEY_LIFETIME_MS));

/** Sweeps once an hour across all processes (db/periodic-jobs.ts). */
export function startIdempotencyKeySweeper(db: Database, log: FastifyBaseLogger): SweepTimer {
  return startPeriodicJob(
    db,
    {
      name: 'idempotency-keys',
      intervalMs: 60 * 60_000,
      onError: (error) => log.error({ err: error }, 'expired idempotency keys could not be removed'),
    },
    () =>
      sweepExpiredIdempotencyKeys(db)
        .then((removed) => {
          if (removed) log.debug({ removed }, 'expired idempotency keys removed');
        })
        .catch((error) => log.error({ err: error }, 'expired idempotency keys could not be removed')),
  );
}
