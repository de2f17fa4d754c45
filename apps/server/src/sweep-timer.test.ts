import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { startSweepTimer } from './sweep-timer.ts';

it('sweeps first after its delay, then on every interval, never two at once, and stop waits for one running', async () => {
  let started = 0;
  let running = 0;
  let most = 0;
  let finished = 0;
  const timer = startSweepTimer(
    async () => {
      started++;
      running++;
      most = Math.max(most, running);
      await sleep(45); // longer than the interval: ticks meanwhile are skipped
      running--;
      finished++;
    },
    { intervalMs: 20, firstAfterMs: 60 },
  );
  await sleep(40);
  expect(started).toBe(0);
  await sleep(150);
  expect(started).toBeGreaterThanOrEqual(2);
  await timer.stop();
  expect(finished).toBe(started);
  expect(most).toBe(1);
  const after = started;
  await sleep(80);
  expect(started).toBe(after);
});
