import { expect, it } from 'vitest';
import { testDatabaseKind, useTwoProcessDatabases } from '../testing/test-database.ts';
import { claimAndRun, RUNNER, runExclusively, startPeriodicJob } from './periodic-jobs.ts';

// Two handles on one database, as two server processes have (one on PGlite, which has one process).
const databases = useTwoProcessDatabases();
const first = () => databases.first();
const second = () => databases.second();

const runsOf = async (job: string) =>
  (
    await first().query<{ period_start: Date; runner: string; finished_at: Date | null }>(
      'SELECT period_start, runner, finished_at FROM job_runs WHERE job = $1 ORDER BY period_start',
      [job],
    )
  ).rows;

it('a job already running anywhere is not started again until it ends', async () => {
  let release!: () => void;
  const holding = runExclusively(first(), 'exclusive-test', () => new Promise<void>((r) => (release = r)));
  await new Promise((r) => setTimeout(r, 50));
  expect(await runExclusively(second(), 'exclusive-test', async () => 'ran')).toEqual({ ran: false });
  // Another job's name is another lock.
  expect(await runExclusively(second(), 'another-job', async () => 'ran')).toEqual({
    ran: true,
    value: 'ran',
  });
  release();
  expect(await holding).toEqual({ ran: true, value: undefined });
  expect(await runExclusively(second(), 'exclusive-test', async () => 'ran')).toEqual({
    ran: true,
    value: 'ran',
  });
});

it("a period's work runs once, whichever process tries first(), and is recorded with its runner", async () => {
  let runs = 0;
  const work = async () => {
    runs++;
  };
  const hour = 60 * 60 * 1000;
  const tries = await Promise.all([
    claimAndRun(first(), 'once-test', hour, work),
    claimAndRun(second(), 'once-test', hour, work),
    claimAndRun(first(), 'once-test', hour, work),
  ]);
  expect(tries.filter(Boolean)).toHaveLength(1);
  expect(runs).toBe(1);
  const [run, ...more] = await runsOf('once-test');
  expect(more).toEqual([]);
  expect(run?.runner).toBe(RUNNER);
  expect(run?.finished_at).toBeInstanceOf(Date);
  expect(run!.period_start.getTime() % hour).toBe(0);
});

it.skipIf(testDatabaseKind() === 'pglite')(
  'on PostgreSQL a run that fails records nothing, so a later try of the same period runs it',
  async () => {
    await expect(
      claimAndRun(first(), 'retry-test', 60 * 60 * 1000, async () => {
        throw new Error('process killed');
      }),
    ).rejects.toThrow('process killed');
    expect(await runsOf('retry-test')).toEqual([]);
    expect(await claimAndRun(second(), 'retry-test', 60 * 60 * 1000, async () => {})).toBe(true);
    expect(await runsOf('retry-test')).toHaveLength(1);
  },
);

it('timers on two processes run the work once per period, at each boundary', async () => {
  let runs = 0;
  const work = async () => {
    runs++;
  };
  const job = { name: 'timer-test', intervalMs: 400 };
  const timers = [startPeriodicJob(first(), job, work), startPeriodicJob(second(), job, work)];
  await new Promise((r) => setTimeout(r, 2100));
  await Promise.all(timers.map((t) => t.stop()));
  const periods = (await runsOf('timer-test')).map((r) => r.period_start.getTime());
  expect(runs).toBe(periods.length);
  expect(periods.length).toBeGreaterThanOrEqual(4);
  expect(periods.length).toBeLessThanOrEqual(6);
  // One run per period, and no period skipped between the first() and the last.
  for (let i = 1; i < periods.length; i++) expect(periods[i]! - periods[i - 1]!).toBe(400);
});
