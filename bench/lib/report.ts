import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type BenchSettings, REPO_DIR, RESULTS_DIR } from './settings.ts';

export type Status = 'pass' | 'fail' | 'endpoint missing' | 'error';

/** One row of the results table plus what the detail section says about it. */
export interface BenchResult {
  name: string;
  title: string;
  portico: string;
  baseline: string;
  ratio: string;
  target: string;
  status: Status;
  notes: string;
  /** Markdown lines for the detail section: every run, what was checked. */
  details: string[];
  seconds: number;
  /** What the Portico server ran on: `PGlite` or `PostgreSQL host:port`. */
  database: string;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

const git = (args: string[]) => {
  try {
    return execFileSync('git', args, {
      cwd: REPO_DIR,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return '';
  }
};

/** The 1-minute load average, which says how much else the machine was doing. */
export const loadAverage = () => os.loadavg()[0]!.toFixed(1);

export function renderReport(
  results: BenchResult[],
  settings: BenchSettings,
  started: Date,
  loadAtStart: string,
): string {
  const commit = git(['rev-parse', '--short', 'HEAD']);
  const dirty = git(['status', '--porcelain']) ? ' (with uncommitted changes)' : '';
  const cpus = os.cpus();
  const lines = [
    `# Portico benchmarks, ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Node ${process.version} · ${os.platform()} ${os.release()} · ${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'} · ` +
      `${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB RAM · commit ${commit || 'unknown'}${dirty}`,
    `BENCH_SCALE=${settings.scale} · ${settings.repeat} timed runs per side (median shown) · ` +
      `${settings.loadSeconds} s of load per endpoint · server LOG_LEVEL=${settings.logLevel}` +
      (settings.scale === 1 ? '' : ' · **scaled run: the targets are only meaningful at BENCH_SCALE=1**'),
    `Load average (1 min) ${loadAtStart} at the start, ${loadAverage()} at the end, on ${cpus.length} cores: ` +
      'anything above about 1 means other work shared the CPUs with this run.',
    '',
    '| benchmark | database | Portico | baseline | ratio | target | result | notes |',
    '|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${cell(r.title)} | ${cell(r.database)} | ${cell(r.portico)} | ${cell(r.baseline)} | ${cell(r.ratio)} | ${cell(r.target)} | ` +
        `${r.status === 'pass' ? 'pass' : r.status === 'fail' ? '**fail**' : `**${r.status}**`} | ${cell(r.notes)} |`,
    ),
    '',
    'Throughput is decimal GB/s of file bytes (10⁹ bytes per second); ratio is Portico ÷ baseline. ' +
      'See bench/README.md for what each row compares and the caveats.',
    '',
  ];
  for (const r of results) {
    lines.push(
      `## ${r.title} (\`${r.name}\`, ${r.seconds.toFixed(0)} s)`,
      '',
      `- Database: ${r.database}${r.database === 'PGlite' ? ' (in the server process, in the work folder)' : ' (a throwaway database `bench_…`, created for this benchmark and dropped afterwards)'}.`,
      ...r.details,
      '',
    );
  }
  return lines.join('\n');
}

/** Writes `results/<date>[-<suffix>].md` and `results/latest.md`; returns the dated file's path. */
export async function writeReport(markdown: string, started: Date, suffix: string): Promise<string> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${started.toISOString().slice(0, 10)}${suffix}.md`);
  await writeFile(file, markdown);
  await writeFile(path.join(RESULTS_DIR, 'latest.md'), markdown);
  return file;
}
