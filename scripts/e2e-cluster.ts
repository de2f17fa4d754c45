/**
 * `npm run test:e2e:cluster`, the last step of `npm test`: the browser suite as issue 17 found it (sign-in, the
 * portal's shell and files, the control panel, the API docs) again, through a cluster (3 server processes on one
 * PostgreSQL and one s3rver store, behind Debian's nginx). The specs added since stay single-process in CI, which
 * must finish within 30 minutes on 2 cores; `npm run test:e2e:cluster -- --all` runs every spec through it. It
 * needs `DATABASE_URL` and nginx, as CI has them; without them it says so and passes, so that `npm test` stays the
 * one command everywhere.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const missing = [!process.env.DATABASE_URL && 'DATABASE_URL', !existsSync(NGINX) && NGINX].filter(Boolean);
if (missing.length > 0) {
  process.stdout.write(`browser specs through a cluster: skipped (needs ${missing.join(' and ')})\n`);
  process.exit(0);
}
const vitest = path.join(
  path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
  'vitest.mjs',
);
const SPECS = [
  'e2e/sign-in.spec.ts',
  'e2e/portal-shell.spec.ts',
  'e2e/portal-files.spec.ts',
  'e2e/control-panel.spec.ts',
  'e2e/api-docs.spec.ts',
];
const specs = process.argv.includes('--all') ? [] : SPECS;
const run = spawnSync(process.execPath, [vitest, 'run', '--config', 'e2e/vitest.config.ts', ...specs], {
  stdio: 'inherit',
  env: { ...process.env, E2E_CLUSTER: '1' },
  cwd: path.resolve(import.meta.dirname, '..'),
});
process.exit(run.status ?? 1);
