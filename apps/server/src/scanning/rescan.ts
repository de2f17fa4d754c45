import type { JobContextBase, JobDefinition } from '../db/periodic-jobs.ts';
import type { Scanner } from './scan-worker.ts';
import { requestRescan } from './scans.repository.ts';

/**
 * RESCAN_DAYS: once a day across all processes (db/periodic-jobs.ts), files last scanned that many days ago are
 * due again; the scan job rescans them with the signatures of the day and quarantines new hits.
 */
export const rescanJob: JobDefinition<JobContextBase & { scanner?: Scanner | undefined }> = {
  name: 'rescan',
  intervalMs: 24 * 60 * 60 * 1000,
  firstAfterMs: 5 * 60 * 1000,
  failure: 'the rescan could not be asked',
  async run({ db, scanner, config, log }) {
    // Off unless RESCAN_DAYS is set and a scanner is configured.
    if (!scanner || config.rescanDays <= 0) return;
    const due = await requestRescan(db, new Date(Date.now() - config.rescanDays * 24 * 60 * 60 * 1000));
    if (due) log.info({ due }, 'files due for a rescan (RESCAN_DAYS)');
    scanner.wake();
  },
};
