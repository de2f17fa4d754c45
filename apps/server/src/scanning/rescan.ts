import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import { startPeriodicJob } from '../db/periodic-jobs.ts';
import type { SweepTimer } from '../sweep-timer.ts';
import type { Scanner } from './scan-worker.ts';
import { requestRescan } from './scans.repository.ts';

/**
 * RESCAN_DAYS: once a day across all processes (db/periodic-jobs.ts), files last scanned that many days ago are
 * due again; the scan job rescans them with the signatures of the day and quarantines new hits.
 */
export function startRescanJob(
  db: Database,
  scanner: Scanner,
  days: number,
  log: FastifyBaseLogger,
): SweepTimer {
  return startPeriodicJob(
    db,
    {
      name: 'rescan',
      intervalMs: 24 * 60 * 60 * 1000,
      firstAfterMs: 5 * 60 * 1000,
      onError: (error) => log.error({ err: error }, 'the rescan could not be asked'),
    },
    async () => {
      const due = await requestRescan(db, new Date(Date.now() - days * 24 * 60 * 60 * 1000));
      if (due) log.info({ due }, 'files due for a rescan (RESCAN_DAYS)');
      scanner.wake();
    },
  );
}
