import { readdir, readFile, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { keepNodeCompileCache } from '../scripts/node-compile-cache.ts';
import { assignedToMeBenchmark } from './benchmarks/assigned-to-me.ts';
import { browserDownloadBenchmark } from './benchmarks/browser-download.ts';
import { downloadBenchmark } from './benchmarks/download.ts';
import { controlPanelFirstScreenBenchmark, portalFirstScreenBenchmark } from './benchmarks/first-screen.ts';
import { foldersBenchmark } from './benchmarks/folders.ts';
import { listBenchmark } from './benchmarks/list.ts';
import { passkeyBenchmark } from './benchmarks/passkey.ts';
import { requestsListBenchmark } from './benchmarks/requests-list.ts';
import { scanUploadBenchmark } from './benchmarks/scan-upload.ts';
import { tagsBenchmark } from './benchmarks/tags.ts';
import { tusUploadBenchmark } from './benchmarks/tus-upload.ts';
import { twoStepBenchmark } from './benchmarks/two-step.ts';
import { uploadBenchmark } from './benchmarks/upload.ts';
import { uploadRssBenchmark } from './benchmarks/upload-rss.ts';
import { versionUploadBenchmark } from './benchmarks/version-upload.ts';
import { zipBenchmark } from './benchmarks/zip.ts';
import { type Benchmark, EndpointMissing } from './lib/benchmark.ts';
import { type BenchResult, loadAverage, renderReport, writeReport } from './lib/report.ts';
import { databaseLabel, readSettings, WORK_DIR, workFolder } from './lib/settings.ts';

/**
 * `npm run bench [-- name…]`: runs the benchmarks (all, or those named) one after the other, each against a
 * baseline in the same run, and writes bench/results/<date>.md and bench/results/latest.md.
 */
const BENCHMARKS: Benchmark[] = [
  uploadBenchmark,
  tusUploadBenchmark,
  versionUploadBenchmark,
  downloadBenchmark,
  browserDownloadBenchmark,
  zipBenchmark,
  listBenchmark,
  foldersBenchmark,
  tagsBenchmark,
  assignedToMeBenchmark,
  requestsListBenchmark,
  uploadRssBenchmark,
  scanUploadBenchmark,
  portalFirstScreenBenchmark,
  controlPanelFirstScreenBenchmark,
  twoStepBenchmark,
  passkeyBenchmark,
];

/** The last lines the servers logged, kept for the report before the work folder goes. */
async function serverLogTails(dir: string): Promise<string[]> {
  const lines: string[] = [];
  for (const name of (await readdir(dir).catch(() => [])).filter((n) => n.endsWith('.log'))) {
    const text = await readFile(path.join(dir, name), 'utf8').catch(() => '');
    const tail = text.trim().split('\n').filter(Boolean).slice(-15);
    if (tail.length) lines.push(`${name}:`, ...tail.map((l) => `  ${l.slice(0, 400)}`));
  }
  return lines;
}

async function main() {
  const names = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const unknown = names.filter((n) => !BENCHMARKS.some((b) => b.name === n));
  if (unknown.length) {
    console.error(
      `unknown benchmark ${unknown.join(', ')}; known: ${BENCHMARKS.map((b) => b.name).join(', ')}`,
    );
    process.exit(2);
  }
  if (Number(process.versions.node.split('.')[0]) < 24) {
    console.error(
      `bench: Node ${process.version}; run it with npm run bench (Node 24 from the devDependencies)`,
    );
    process.exit(2);
  }
  const settings = readSettings();
  // The servers start as `npm start` starts them: from Node's compiled code where an earlier start left it.
  keepNodeCompileCache();
  const selected = names.length ? BENCHMARKS.filter((b) => names.includes(b.name)) : BENCHMARKS;
  const started = new Date();
  const loadAtStart = loadAverage();
  const results: BenchResult[] = [];
  let interrupted = false;
  process.once('SIGINT', () => {
    interrupted = true;
    console.error('bench: interrupted; finishing the current benchmark, then cleaning up');
  });

  for (const benchmark of selected) {
    if (interrupted) break;
    const log = (message: string) => console.error(`[${benchmark.name}] ${message}`);
    const work = await workFolder(benchmark.name);
    const t0 = performance.now();
    log(`start (BENCH_SCALE=${settings.scale}, ${databaseLabel(settings)})`);
    const base = {
      name: benchmark.name,
      title: benchmark.title,
      target: benchmark.target,
      database: databaseLabel(settings),
    };
    try {
      const outcome = await benchmark.run({ settings, dir: work.dir, log });
      results.push({
        ...base,
        ...outcome,
        status: outcome.pass ? 'pass' : 'fail',
        seconds: (performance.now() - t0) / 1000,
      });
    } catch (error) {
      const missing = error instanceof EndpointMissing;
      const message = error instanceof Error ? error.message : String(error);
      const logs = missing ? [] : await serverLogTails(work.dir);
      const stack =
        error instanceof Error && error.stack && !logs.length ? error.stack : message.split('\n')[0];
      log(missing ? message : `error: ${stack}`);
      for (const line of logs) log(line);
      results.push({
        ...base,
        portico: '—',
        baseline: '—',
        ratio: '—',
        status: missing ? 'endpoint missing' : 'error',
        notes: message.split('\n')[0]!.slice(0, 200),
        details: [
          `- ${missing ? 'Not measured' : 'Failed'}: ${message.split('\n')[0]}`,
          ...(logs.length ? ['', '```', ...logs, '```'] : []),
        ],
        seconds: (performance.now() - t0) / 1000,
      });
    } finally {
      if (process.env.BENCH_KEEP_WORK) log(`kept ${work.dir} (BENCH_KEEP_WORK)`);
      else await work.dispose();
    }
    const last = results.at(-1)!;
    log(
      `${last.status}: ${last.portico} vs ${last.baseline} (${last.ratio}) in ${last.seconds.toFixed(0)} s`,
    );
  }
  // Only if empty: another run may be using it.
  await rmdir(WORK_DIR).catch(() => {});

  const partial = names.length ? `-${selected.map((b) => b.name).join('-')}` : '';
  const scaled = settings.scale === 1 ? '' : `-scale${settings.scale}`;
  const onPostgres = settings.databaseUrl ? '-postgres' : '';
  const markdown = renderReport(results, settings, started, loadAtStart);
  const file = await writeReport(markdown, started, `${partial}${scaled}${onPostgres}`);
  process.stdout.write(`${markdown}\nwritten to ${file} and bench/results/latest.md\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
