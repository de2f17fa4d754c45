import type { FastifyBaseLogger } from 'fastify';
import { checkoutExpiryJob } from './checkouts/checkouts.usecases.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { type JobDefinition, jobRunsSweepJob, periodOf, startJob } from './db/periodic-jobs.ts';
import { rateLimitSweepJob } from './http/database-rate-limit-store.ts';
import { idempotencyKeySweepJob } from './idempotency/idempotency-sweep.ts';
import { accountLinkSweepJob } from './invitations/account-links-sweep.ts';
import type { MailTransport } from './mail/mail-transport.ts';
import { mailOutboxJob } from './mail/mail-worker.ts';
import { requestReminderJob } from './requests/request-reminders.ts';
import { quarantineSweepJob } from './scanning/quarantine.usecases.ts';
import { rescanJob } from './scanning/rescan.ts';
import type { Scanner } from './scanning/scan-worker.ts';
import { downloadTicketSweepJob } from './site-files/download-tickets.usecases.ts';
import type { BlobStore } from './storage/blob-store.ts';
import { trashRetentionJob } from './trash/trash.usecases.ts';
import { orphanBlobSweepJob } from './uploads/orphan-blobs.ts';
import { uploadReaperJob } from './uploads/upload-reaper.ts';
import { urlUploadSweepJob } from './uploads/url-uploads.usecases.ts';

/** What the composition root gives every job; each job's declaration says which part it uses. */
export interface JobContext {
  db: Database;
  blobs: BlobStore;
  config: Config;
  log: FastifyBaseLogger;
  mailTransport: MailTransport;
  /** The malware scanner (clamd), absent when CLAMD_URL is not set. */
  scanner?: Scanner | undefined;
}

/**
 * Everything the server does in the background, in one list (papra's `tasks.definitions.ts` is the model): each
 * job is declared beside its module (name, period, handler) and started and stopped here alone. Each runs once
 * per period across all processes (db/periodic-jobs.ts); `/metrics` and the start-up log list them. The one
 * consumer of a queue, the malware scanner (scanning/scan-worker.ts: woken by each upload, claims scans with
 * leases so every process takes a share), is started and stopped beside this list in `main.ts`.
 */
export const JOBS: readonly JobDefinition<JobContext>[] = [
  mailOutboxJob, // mail/mail-worker.ts: sends the outbox (decision 34)
  requestReminderJob, // requests/request-reminders.ts: document request reminders (decision 36)
  uploadReaperJob, // uploads/upload-reaper.ts: pending uploads past their grace period
  orphanBlobSweepJob, // uploads/orphan-blobs.ts: blobs no row names
  downloadTicketSweepJob, // site-files/download-tickets.usecases.ts
  accountLinkSweepJob, // invitations/account-links-sweep.ts
  idempotencyKeySweepJob, // idempotency/idempotency-sweep.ts
  rateLimitSweepJob, // http/database-rate-limit-store.ts
  quarantineSweepJob, // scanning/quarantine.usecases.ts: quarantined bytes after QUARANTINE_DAYS (decision 43)
  rescanJob, // scanning/rescan.ts: files due for a rescan after RESCAN_DAYS (off unless set)
  trashRetentionJob, // trash/trash.usecases.ts: the sites' trash after TRASH_RETENTION_DAYS (decision 48)
  checkoutExpiryJob, // checkouts/checkouts.usecases.ts: check-outs past CHECKOUT_HOURS (decision 50)
  urlUploadSweepJob, // uploads/url-uploads.usecases.ts: jobs of uploads from a link a day after their end
  jobRunsSweepJob, // db/periodic-jobs.ts: the record of runs itself
];

/** A job's name and period, as `/metrics` and the start-up log show them. */
export interface JobSummary {
  name: string;
  intervalMs: number;
}

export const summariesOf = (config: Config): JobSummary[] =>
  JOBS.map((job) => ({ name: job.name, intervalMs: periodOf(job, config) }));

/** Starts every job of the list; `stop` stops them all and waits for the runs in progress. */
export function startJobs(context: JobContext) {
  const timers = JOBS.map((job) => startJob(job, context));
  return {
    async stop() {
      await Promise.all(timers.map((timer) => timer.stop()));
    },
  };
}
