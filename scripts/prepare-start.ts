/**
 * `npm start`, before the server: the settings first, so a bad one stops everything at once with its one line
 * (not after ten seconds of building); then each front end is built only when its sources changed since its
 * last build, with the build's output kept to warnings. The server itself starts after this exits 0.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ConfigError, parseConfig } from '../apps/server/src/config.ts';

const root = path.resolve(import.meta.dirname, '..');

try {
  parseConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`portico: ${error.message}`);
  process.exit(1);
}

/** What a front end is built from: its own folder, the two shared packages and the lock file. */
const SHARED = ['packages/web-shell', 'packages/contracts', 'package-lock.json'];
const FRONT_ENDS = [
  { name: 'portal', dir: 'apps/portal' },
  { name: 'control panel', dir: 'apps/control-panel' },
];
const SKIPPED = new Set(['node_modules', 'dist', '.turbo', 'coverage']);
const STAMP = '.sources-sha256';

function* filesOf(relative: string): Generator<string> {
  const full = path.join(root, relative);
  if (statSync(full).isFile()) {
    yield relative;
    return;
  }
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) yield* filesOf(child);
    else if (entry.isFile()) yield child;
  }
}

/** One digest over every input's path and bytes, in a fixed order. */
function sourcesDigest(dir: string): string {
  const hash = createHash('sha256');
  for (const file of [dir, ...SHARED].flatMap((input) => [...filesOf(input)]).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

// Vite's command line, from its package folder (its exports do not name the bin).
const vite = path.join(
  path.dirname(createRequire(import.meta.url).resolve('vite/package.json')),
  'bin',
  'vite.js',
);

for (const { name, dir } of FRONT_ENDS) {
  const digest = sourcesDigest(dir);
  const stamp = path.join(root, dir, 'dist', STAMP);
  if (existsSync(path.join(root, dir, 'dist', 'index.html')) && existsSync(stamp)) {
    if (readFileSync(stamp, 'utf8').trim() === digest) continue;
  }
  const started = performance.now();
  process.stdout.write(`  Building the ${name}… `);
  const build = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: path.join(root, dir),
    encoding: 'utf8',
  });
  if (build.status !== 0) {
    process.stdout.write('failed\n');
    process.stderr.write(build.stdout + build.stderr);
    console.error(
      `portico: the ${name} did not build (above); fix it, or run \`npm run build\` to see more.`,
    );
    process.exit(1);
  }
  writeFileSync(stamp, `${digest}\n`);
  process.stdout.write(`done in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  // Warnings only; Vite's chunk table is for `npm run build`.
  const warnings = `${build.stdout}${build.stderr}`.trim();
  if (warnings) process.stdout.write(`${warnings}\n`);
}
