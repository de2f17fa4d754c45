import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { SweepTimer } from '../sweep-timer.ts';
import type { Database, Queryable } from './database.ts';

/** The first key of every job lock (the second is the job name's hash); migrations use 7426 alone. */
const JOB_LOCK_SPACE = 7427;

/** Which process ran a job, as recorded in `job_runs.runner`. */
export const RUNNER = `${hostname()}:${process.pid}`;

/** Jobs running in this process, for PGlite (one process per database, so no other process can hold one). */
const runningHere = new Set<string>();

/**
 * Runs `fn` unless the job of this name is already running in any process on this database; answers whether
 * it ran. On PostgreSQL the guard is `pg_try_advisory_xact_lock` in a transaction held open on a connection of
 * its own while `fn` runs (`fn` uses the database as usual, on other connections); a process that dies loses
 * its connection and so its lock. With PGlite the process is the database's only user, so a set in memory does.
 * `fn` receives where to record what must commit only if the run completes (the transaction on PostgreSQL).
 */
export async function runExclusively<T>(
  db: Database,
  job: string,
  fn: (record: Queryable) => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  if (db.kind === 'pglite') {
    if (runningHere.has(job)) return { ran: false };
    runningHere.add(job);
    try {
      return { ran: true, value: await fn(db) };
    } finally {
      runningHere.delete(job);
    }
  }
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_xact_lock($1, hashtext($2)) AS locked',
      [JOB_LOCK_SPACE, job],
    );
    if (!rows[0]?.locked) return { ran: false as const };
    return { ran: true as const, value: await fn(tx) };
  });
}

export interface PeriodicJob {
  /** Names the job in `job_runs` and its lock. */
  name: string;
  /** The period: its work runs once per period across all processes. */
  intervalMs: number;
  /** An extra first try this long after start (the period's work, if no process did it yet). */
  firstAfterMs?: number;
  /** Told when a try fails outside `work` (the database unreachable, say); the next period tries again. */
  onError?: (error: unknown) => void;
}

/**
 * Runs `work` once per period of `intervalMs` across every process on this database. Periods are counted from
 * the epoch on the database's clock; each process tries right after each boundary (plus a little jitter, so
 * they do not all ask at once), and the one whose insert of `(job, period_start)` into `job_runs` succeeds runs
 * the period's work; the others find the row and skip. The insert and the work run under `runExclusively`, so a
 * run that outlasts its period is never joined by another; on PostgreSQL the row commits with the run, so a
 * run cut short by a killed process leaves no row and a later try of the same period runs it again. Timers are
 * unref'd; `work` handles its own errors.
 */
export function startPeriodicJob(db: Database, job: PeriodicJob, work: () => Promise<void>): SweepTimer {
  const { name, intervalMs, onError = () => {} } = job;
  let running: Promise<void> | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tryPeriod = () => {
    running ??= claimAndRun(db, name, intervalMs, work)
      .then(() => {}, onError)
      .finally(() => {
        running = undefined;
      });
  };
  const scheduleNext = () => {
    if (stopped) return;
    const jitter = Math.random() * Math.min(intervalMs / 10, 2000);
    timer = setTimeout(
      () => {
        tryPeriod();
        scheduleNext();
      },
      intervalMs - (Date.now() % intervalMs) + jitter,
    );
    timer.unref();
  };
  const first = job.firstAfterMs === undefined ? undefined : setTimeout(tryPeriod, job.firstAfterMs);
  first?.unref();
  scheduleNext();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearTimeout(timer);
      await running;
    },
  };
}

/** One try: claims the current period and runs its work, unless it is claimed or the job runs elsewhere. */
export async function claimAndRun(
  db: Database,
  name: string,
  intervalMs: number,
  work: () => Promise<void>,
): Promise<boolean> {
  const outcome = await runExclusively(db, name, async (record) => {
    const { rows } = await record.query<{ period_start: Date }>(
      `INSERT INTO job_runs (job, period_start, runner)
       VALUES ($1, to_timestamp(floor(extract(epoch FROM clock_timestamp()) * 1000 / $2) * $2 / 1000.0), $3)
       ON CONFLICT DO NOTHING RETURNING period_start`,
      [name, intervalMs, RUNNER],
    );
    const claimed = rows[0];
    if (!claimed) return false;
    await work();
    await record.query(
      'UPDATE job_runs SET finished_at = clock_timestamp() WHERE job = $1 AND period_start = $2',
      [name, claimed.period_start],
    );
    return true;
  });
  return outcome.ran && outcome.value;
}

/** Runs older than this are deleted by the `job-runs-sweep` job: the table is a record, not an archive. */
export const JOB_RUN_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** What every job is given: the database, the settings and the log, and what its own context adds. */
export interface JobContextBase {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
}

/**
 * A background job as its module declares it (name, period, handler); the composition root's list (`jobs.ts`)
 * starts and stops them all. `run` does one period's work and logs what it did; a failure is logged as `failure`
 * and the next period tries again.
 */
export interface JobDefinition<Context extends JobContextBase = JobContextBase> {
  name: string;
  /** The period, or how the settings make it. */
  intervalMs: number | ((config: Config) => number);
  /** An extra first try this long after start (the period's work, if no process did it yet). */
  firstAfterMs?: number;
  /** What the log says when a run fails. */
  failure: string;
  run(context: Context): Promise<void>;
}

/**
 * A job that removes what has had its day: `sweep` answers how many rows it removed, logged at debug as
 * "`what` removed"; a failure is "`what` could not be removed".
 */
export const sweepJob = (
  name: string,
  intervalMs: number,
  what: string,
  sweep: (db: Database) => Promise<number>,
): JobDefinition => ({
  name,
  intervalMs,
  failure: `${what} could not be removed`,
  async run({ db, log }) {
    const removed = await sweep(db);
    if (removed) log.debug({ removed }, `${what} removed`);
  },
});

/** The period of `job` under these settings. */
export const periodOf = (job: Pick<JobDefinition, 'intervalMs'>, config: Config) =>
  typeof job.intervalMs === 'number' ? job.intervalMs : job.intervalMs(config);

/** Starts one declared job: its work once per period across all processes (`startPeriodicJob`). */
export function startJob<Context extends JobContextBase>(
  job: JobDefinition<Context>,
  context: Context,
): SweepTimer {
  const onError = (error: unknown) => context.log.error({ err: error }, job.failure);
  return startPeriodicJob(
    context.db,
    {
      name: job.name,
      intervalMs: periodOf(job, context.config),
      ...(job.firstAfterMs === undefined ? {} : { firstAfterMs: job.firstAfterMs }),
      onError,
    },
    () => job.run(context).catch(onError),
  );
}

/** Keeps `job_runs` small: deletes the rows of runs older than `JOB_RUN_RETENTION_MS`, once a day. */
export const jobRunsSweepJob: JobDefinition = {
  name: 'job-runs-sweep',
  intervalMs: 24 * 60 * 60 * 1000,
  failure: 'old job runs could not be removed',
  async run({ db }) {
    await db.query('DELETE FROM job_runs WHERE started_at < now() - make_interval(secs => $1)', [
      JOB_RUN_RETENTION_MS / 1000,
    ]);
  },
};
