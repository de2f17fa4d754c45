import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';

/** The bench folder and where its scratch data lives (git-ignored, removed after each benchmark). */
export const BENCH_DIR = path.resolve(import.meta.dirname, '..');
export const REPO_DIR = path.resolve(BENCH_DIR, '..');
export const WORK_DIR = path.join(BENCH_DIR, 'work');
export const RESULTS_DIR = path.join(BENCH_DIR, 'results');

export const GiB = 1024 ** 3;
export const MiB = 1024 ** 2;

const positiveNumber = (name: string, fallback: number) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name}=${raw}: expected a positive number`);
  return value;
};

/**
 * What every benchmark reads from the environment. `BENCH_SCALE` shrinks the data (sizes, file and row counts,
 * load duration) for a quick check; the targets only mean something at 1.
 */
export interface BenchSettings {
  scale: number;
  /** Timed repetitions of each side of a throughput comparison; the median is reported. */
  repeat: number;
  /** Seconds of autocannon load per endpoint in the list benchmark. */
  loadSeconds: number;
  /** Server log level during the run: what an operator would run in production, not debug. */
  logLevel: string;
  /**
   * `BENCH_DATABASE_URL`: a PostgreSQL server on which each Portico server gets a throwaway database
   * (created, then dropped), as production runs with DATABASE_URL; unset, PGlite in the work folder.
   */
  databaseUrl: string | undefined;
}

/** What the report says a row ran on: PGlite, or the PostgreSQL server (password hidden). */
export const databaseLabel = (settings: Pick<BenchSettings, 'databaseUrl'>) => {
  if (!settings.databaseUrl) return 'PGlite';
  const url = new URL(settings.databaseUrl);
  return `PostgreSQL ${url.hostname}:${url.port || '5432'}`;
};

export function readSettings(): BenchSettings {
  const scale = positiveNumber('BENCH_SCALE', 1);
  return {
    scale,
    repeat: Math.max(1, Math.round(positiveNumber('BENCH_REPEAT', 5))),
    loadSeconds: positiveNumber('BENCH_SECONDS', Math.max(3, Math.round(10 * Math.min(1, scale)))),
    logLevel: process.env.BENCH_LOG_LEVEL || 'warn',
    databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
  };
}

/** A fresh folder for one benchmark's data; `dispose` removes it whatever happened. */
export async function workFolder(name: string): Promise<{ dir: string; dispose(): Promise<void> }> {
  const dir = path.join(WORK_DIR, `${name}-${process.pid}-${Date.now().toString(36)}`);
  await mkdir(dir, { recursive: true });
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
}

export const formatBytes = (bytes: number) => {
  if (bytes >= GiB) return `${(bytes / GiB).toFixed(2)} GiB`;
  if (bytes >= MiB) return `${(bytes / MiB).toFixed(1)} MiB`;
  return `${bytes} B`;
};

/** Decimal GB/s, as disk and network throughput are usually quoted. */
export const gbPerSecond = (bytes: number, ms: number) => bytes / 1e9 / (ms / 1000);

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
