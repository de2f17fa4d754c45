import type { TimedResponse } from './http-client.ts';
import { readCpuMs } from './rss.ts';
import { gbPerSecond, median } from './settings.ts';

export interface Side {
  label: string;
  /** The server process, whose CPU time each run is charged. */
  pid: number;
  /** One timed transfer; throws if the answer is wrong. */
  run(): Promise<TimedResponse>;
}

/** A timed run and the CPU time its server process used meanwhile. */
export type Run = TimedResponse & { serverCpuMs: number };

export interface Comparison {
  portico: Run[];
  baseline: Run[];
  porticoGBps: number;
  baselineGBps: number;
  ratio: number;
}

/**
 * Runs both sides `repeat` times, alternating which goes first so drift (page cache, CPU frequency, a
 * neighbour's load) falls on both, with `between` (e.g. a disk sync) before every run. Throughput is `bytes`
 * (the file bytes, the same for both) over each run's wall time; the medians are compared.
 */
export async function compareThroughput(
  portico: Side,
  baseline: Side,
  options: { repeat: number; bytes: number; between?: () => Promise<void>; log(message: string): void },
): Promise<Comparison> {
  const runs = { portico: [] as Run[], baseline: [] as Run[] };
  for (let i = 0; i < options.repeat; i++) {
    const order: ['portico' | 'baseline', Side][] =
      i % 2 === 0
        ? [
            ['baseline', baseline],
            ['portico', portico],
          ]
        : [
            ['portico', portico],
            ['baseline', baseline],
          ];
    for (const [key, side] of order) {
      await options.between?.();
      const cpu0 = await readCpuMs(side.pid);
      const res = await side.run();
      const run = { ...res, serverCpuMs: (await readCpuMs(side.pid)) - cpu0 };
      runs[key].push(run);
      options.log(
        `run ${i + 1}/${options.repeat} ${side.label}: ${(res.ms / 1000).toFixed(2)} s, ` +
          `${gbPerSecond(options.bytes, res.ms).toFixed(3)} GB/s, server CPU ${(run.serverCpuMs / 1000).toFixed(2)} s`,
      );
    }
  }
  const porticoGBps = gbPerSecond(options.bytes, median(runs.portico.map((r) => r.ms)));
  const baselineGBps = gbPerSecond(options.bytes, median(runs.baseline.map((r) => r.ms)));
  return { ...runs, porticoGBps, baselineGBps, ratio: porticoGBps / baselineGBps };
}

export const gbps = (value: number) => `${value.toFixed(3)} GB/s`;
export const times = (runs: TimedResponse[]) => runs.map((r) => `${(r.ms / 1000).toFixed(2)} s`).join(', ');

/** Median server CPU time of the runs and what share of their wall time it was (100 % = one core busy). */
export const serverCpu = (runs: Run[]) => {
  const cpu = median(runs.map((r) => r.serverCpuMs));
  const busy = median(runs.map((r) => r.serverCpuMs / r.ms));
  return `${(cpu / 1000).toFixed(2)} s CPU (${(busy * 100).toFixed(0)} % of a core)`;
};

/** "server CPU 3.1 s vs 1.2 s per run": the medians of both sides, for a table's notes. */
export const cpuNote = (comparison: Comparison) =>
  `server CPU ${(median(comparison.portico.map((r) => r.serverCpuMs)) / 1000).toFixed(1)} s vs ` +
  `${(median(comparison.baseline.map((r) => r.serverCpuMs)) / 1000).toFixed(1)} s per run`;
