import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import { startPeriodicJob } from '../db/periodic-jobs.ts';
import type { SweepTimer } from '../sweep-timer.ts';
import { deleteOldAccountLinks } from './account-links.repository.ts';

/**
 * Removes links a day after they expired or were used, every hour, once per period across all processes
 * (db/periodic-jobs.ts). Runs as the owner.
 */
export function startAccountLinkSweeper(db: Database, log: FastifyBaseLogger): SweepTimer {
  return startPeriodicJob(
    db,
    {
      name: 'account-link-sweep',
      intervalMs: 60 * 60_000,
      onError: (error) => log.error({ err: error }, 'old account links could not be removed'),
    },
    () =>
      deleteOldAccountLinks(db)
        .then((removed) => {
          if (removed) log.debug({ removed }, 'old account links removed');
        })
        .catch((error) => log.error({ err: error }, 'old account links could not be removed')),
  );
}
