/**
 * `npm run test:e2e:cluster`, the last step of `npm test`: the browser specs of `CLUSTER_SPECS` (the suite as
 * issue 17 found it) through a cluster (3 server processes on one PostgreSQL and one s3rver store, behind Debian's
 * nginx); the step before it, `test:e2e:specs`, runs them only where this one cannot. The specs added since stay
 * single-process in CI, which must finish within 30 minutes on 2 cores; `npm run test:e2e:cluster -- --all` runs
 * every spec through it. It needs `DATABASE_URL` and nginx, as CI has them; without them it says so and passes, so
 * that `npm test` stays the one command everywhere.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { CLUSTER_SPECS, clusterMissing } from './cluster-specs.ts';

const missing = clusterMissing();
if (missing.length > 0) {
  process.stdout.write(`browser specs through a cluster: skipped (needs ${missing.join(' and ')})\n`);
  process.exit(0);
}
const vitest = path.join(
  path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
  'vitest.mjs',
);
const specs = process.argv.includes('--all') ? [] : CLUSTER_SPECS;
const run = spawnSync(process.execPath, [vitest, 'run', '--config', 'e2e/vitest.config.ts', ...specs], {
  stdio: 'inherit',
  env: { ...process.env, E2E_CLUSTER: '1' },
  cwd: path.resolve(import.meta.dirname, '..'),
});
process.exit(run.status ?? 1);
