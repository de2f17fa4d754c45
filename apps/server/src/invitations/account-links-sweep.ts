import { sweepJob } from '../db/periodic-jobs.ts';
import { deleteOldAccountLinks } from './account-links.repository.ts';

/**
 * Removes links a day after they expired or were used, every hour, once per period across all processes
 * (db/periodic-jobs.ts). Runs as the owner.
 */
export const accountLinkSweepJob = sweepJob(
  'account-link-sweep',
  60 * 60_000,
  'old account links',
  deleteOldAccountLinks,
);
