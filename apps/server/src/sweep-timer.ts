export interface SweepTimer {
  /** Stops the timers and waits for a sweep in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `sweep` every `intervalMs`, the first time after `firstAfterMs`, on unref'd timers, so it never keeps the
 * process alive; sweeps never overlap (a tick while one runs is skipped). `sweep` handles its own errors.
 */
export function startSweepTimer(
  sweep: () => Promise<void>,
  { intervalMs, firstAfterMs = intervalMs }: { intervalMs: number; firstAfterMs?: number },
): SweepTimer {
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= sweep().finally(() => {
      running = undefined;
    });
  };
  const first = setTimeout(() => {
    tick();
    timer = setInterval(tick, intervalMs);
    timer.unref();
  }, firstAfterMs);
  let timer: NodeJS.Timeout | undefined;
  first.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
