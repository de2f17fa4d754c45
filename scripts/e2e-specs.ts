/**
 * `npm run test:e2e:specs`, a step of `npm test`: the browser specs in `e2e/` (two spec files at a time, each with
 * a server of its own), then once more, alone, the spec files that failed, when no more than three did (decision
 * 71). A spec file that fails twice fails the run. One that passes the second time is named at the end as flaky,
 * and the first run's failure stays in the log above, with what its pages showed (failed-pages-reporter.ts): the
 * flake is reported, not hidden, and does not throw away a whole run for a test no one could make fail again.
 * Where the next step of `npm test` runs the cluster's specs (`CLUSTER_SPECS`: `DATABASE_URL` set, nginx
 * installed), this step leaves them to it, saying so (decision 76); `--all`, or naming spec files, runs them here
 * too. Other arguments are passed to vitest (file filters, `-t`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLUSTER_SPECS, clusterMissing } from './cluster-specs.ts';

/** More failures than this at once are no flake: they are reported as they are, without a second run. */
const MAX_RERUN = 3;

const root = path.resolve(import.meta.dirname, '..');
const vitest = path.join(
  path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
  'vitest.mjs',
);
const folder = mkdtempSync(path.join(tmpdir(), 'portico-e2e-'));

interface JsonReport {
  testResults: { name: string; status: string }[];
}

/** Runs vitest on the browser specs; answers its exit status and the spec files that did not pass. */
function runSpecs(args: string[], report: string): { status: number; failed: string[] } {
  const run = spawnSync(
    process.execPath,
    [
      vitest,
      'run',
      '--config',
      'e2e/vitest.config.ts',
      // The config's reporters, and a JSON report that says which files failed.
      '--reporter=default',
      '--reporter=./e2e/support/failed-pages-reporter.ts',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...args,
    ],
    { stdio: 'inherit', cwd: root },
  );
  const status = run.status ?? 1;
  if (!existsSync(report)) return { status, failed: [] };
  const { testResults } = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
  const failed = testResults
    .filter((result) => result.status !== 'passed')
    .map((result) => path.relative(root, result.name));
  return { status, failed };
}

/** The spec files the cluster step will run, left out here unless asked for (`--all`, or files named). */
function leftToTheCluster(args: string[]): string[] {
  if (args.includes('--all') || args.some((arg) => arg.endsWith('.spec.ts'))) return [];
  if (clusterMissing().length > 0) return [];
  return CLUSTER_SPECS;
}

function main(): number {
  const given = process.argv.slice(2);
  const apart = leftToTheCluster(given);
  if (apart.length > 0)
    process.stdout.write(
      `browser specs: ${apart.join(', ')} run through the cluster in the next step (\`npm run test:e2e:cluster\`), not here\n`,
    );
  const args = [...given.filter((arg) => arg !== '--all'), ...apart.map((file) => `--exclude=${file}`)];
  const first = runSpecs(args, path.join(folder, 'first.json'));
  if (first.status === 0) return 0;
  if (first.failed.length === 0 || first.failed.length > MAX_RERUN) return first.status;
  // The filters that are not files (`-t name`) apply to the second run too.
  const options = args.filter((arg) => !arg.endsWith('.spec.ts'));
  process.stdout.write(
    `\n--- ${first.failed.length} spec file(s) failed: running them once more, by themselves: ${first.failed.join(', ')}\n\n`,
  );
  const second = runSpecs([...options, ...first.failed], path.join(folder, 'second.json'));
  if (second.status === 0)
    process.stdout.write(
      `\n--- FLAKY: failed on the first run and passed on the second: ${first.failed.join(', ')}. ` +
        'The first failure and what its pages showed are above; a flake is a bug to find.\n',
    );
  return second.status;
}

let status = 1;
try {
  status = main();
} finally {
  rmSync(folder, { recursive: true, force: true });
}
process.exit(status);
