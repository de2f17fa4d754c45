import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';
import { openDatabase } from './db/open-database.ts';
import { copyPgliteTemplate } from './testing/pglite-template.ts';
import { spawnServerProcess } from './testing/server-process.ts';
import { createThrowawayDatabase, testDatabaseKind } from './testing/test-database.ts';
import { freePort } from './testing/test-server.ts';
import { within } from './testing/within.ts';

const PREPARE_START = new URL('../../../scripts/prepare-start.ts', import.meta.url).pathname;

interface Run {
  child: ChildProcess;
  dataDir: string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * `node apps/server/src/main.ts` as `npm start` runs it, with only the given settings and a fresh DATA_DIR: empty,
 * so that on PGlite the server creates and migrates its database (the cold start the other tests' copies of the
 * migrated template skip), unless `migrated` asks for that copy where the cold start is not what a test is about.
 */
async function runServer(env: Record<string, string>, { migrated = false } = {}): Promise<Run> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portico-main-'));
  if (migrated && testDatabaseKind() === 'pglite' && !env.DATABASE_URL) await copyPgliteTemplate(dataDir);
  const server = spawnServerProcess({ DATA_DIR: dataDir, ...env });
  cleanups.push(async () => {
    await server.kill();
    await rm(dataDir, { recursive: true, force: true });
  });
  return { ...server, dataDir: env.DATA_DIR ?? dataDir };
}

/**
 * Settings that have a server process (and its PGlite process) write the address of every module it loads, as it
 * loads it, to a file `read` answers line by line (a resolve hook given by NODE_OPTIONS).
 */
async function moduleLog() {
  const folder = await mkdtemp(path.join(tmpdir(), 'portico-modules-'));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  const log = path.join(folder, 'modules.log');
  const hook = path.join(folder, 'hook.mjs');
  await writeFile(
    hook,
    `import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
registerHooks({
  resolve(specifier, context, next) {
    const resolved = next(specifier, context);
    appendFileSync(${JSON.stringify(log)}, resolved.url + '\\n');
    return resolved;
  },
});
`,
  );
  return {
    env: { NODE_OPTIONS: `--import=${pathToFileURL(hook).href}` },
    read: async () => (await readFile(log, 'utf8').catch(() => '')).split('\n').filter(Boolean),
  };
}

/** Resolves once the server printed its banner; fails if it exits first. */
async function running(run: Run) {
  while (!run.stdout().includes('is running')) {
    if (run.child.exitCode !== null) throw new Error(`the server exited: ${run.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** "pid (comm) state ppid …" of a live process, or undefined once it is gone or a zombie nobody reaped. */
async function processStat(pid: number) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // The command may hold spaces and parentheses, so split after the last ')'.
  const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return stat && state !== 'Z' ? { ppid: Number(ppid) } : undefined;
}

/** The PGlite process the server `pid` forked. */
async function pgliteHostOf(pid: number): Promise<number> {
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry) || (await processStat(Number(entry)))?.ppid !== pid) continue;
    const command = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (command.includes('pglite-host.ts')) return Number(entry);
  }
  throw new Error(`server ${pid} has no PGlite process`);
}

// A child process starts its own database (PGlite takes seconds on 2 busy cores) and seeds the demo.
describe('npm start, before the server', () => {
  test('checks the settings first: a bad one stops it at once with its line, before any build', async () => {
    const started = performance.now();
    const run = spawn(process.execPath, [PREPARE_START], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: 'eighty' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    run.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    run.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const [code] = await once(run, 'exit');
    expect(code).toBe(1);
    expect(stderr.trimEnd().split('\n')).toEqual([
      'portico: PORT="eighty" is invalid: expected an integer from 0 to 65535',
    ]);
    expect(stdout).toBe('');
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('the server process', { timeout: 90_000 }, () => {
  test.each([
    ['PORT', '80a'],
    ['DATABASE_URL', 'mysql://db.internal/portico'],
    ['OIDC_ISSUER', 'http://login.example.com'],
    ['OIDC_ISSUER', 'https://acme-admin.okta.com'],
  ])('with %s=%s it exits 1 with one line on stderr naming the variable', async (variable, value) => {
    const run = await runServer({ [variable]: value });
    const { code } = await within(15_000, run.exited, 'exiting');
    expect(code).toBe(1);
    const lines = run.stderr().trimEnd().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^portico: ${variable}=".*" is invalid: expected `)),
    ]);
    expect(lines[0]).toContain(JSON.stringify(value));
    expect(run.stdout()).toBe('');
  });

  test('a database it cannot reach stops it at start with one line on stderr', async () => {
    const run = await runServer({ DATABASE_URL: 'postgres://portico@127.0.0.1:1/portico' });
    const { code } = await within(30_000, run.exited, 'exiting');
    expect(code).toBe(1);
    expect(run.stderr().trimEnd().split('\n')).toEqual([
      expect.stringMatching(
        /^portico: DATABASE_URL="postgres:\/\/portico@127\.0\.0\.1:1\/portico" cannot be reached \(ECONNREFUSED\)/,
      ),
    ]);
  });

  test('an unreachable external issuer stops it at start with one line, unless told to start anyway', async () => {
    const issuer = `http://127.0.0.1:${await freePort()}/realms/portico`;
    const run = await runServer({ OIDC_ISSUER: issuer, LOG_LEVEL: 'warn' });
    const { code } = await within(30_000, run.exited, 'exiting');
    expect(code).toBe(1);
    expect(run.stderr().trimEnd().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^portico: OIDC_ISSUER="${issuer}" cannot be used: .+ Set OIDC_STARTUP_CHECK=retry to start anyway\\.$`,
        ),
      ),
    ]);
    expect(run.stdout()).toBe('');

    const port = await freePort();
    const database = await createThrowawayDatabase();
    cleanups.push(() => database.drop());
    const anyway = await runServer(
      {
        OIDC_ISSUER: issuer,
        OIDC_STARTUP_CHECK: 'retry',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ...(database.url ? { DATABASE_URL: database.url } : {}),
      },
      { migrated: true },
    );
    await within(60_000, running(anyway), 'starting anyway');
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({
      status: 'not_ready',
      checks: { database: 'ok', blobStore: 'ok', issuer: 'failed' },
    });
  });

  test('with NODE_ENV=production it seeds no demo, even when npm start asks for one (SEED_DEMO=auto)', async () => {
    const port = await freePort();
    const database = await createThrowawayDatabase();
    cleanups.push(() => database.drop());
    const run = await runServer(
      {
        NODE_ENV: 'production',
        SECRET_KEY: 'a-test-secret-key-of-at-least-32-characters',
        SEED_DEMO: 'auto',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ...(database.url ? { DATABASE_URL: database.url } : {}),
      },
      { migrated: true },
    );
    await within(60_000, running(run), 'starting');
    expect(run.stdout()).not.toContain('Demo accounts');
    run.child.kill('SIGTERM');
    await within(30_000, run.exited, 'stopping');
    const db = await openDatabase({ dataDir: run.dataDir, databaseUrl: database.url });
    try {
      const counts = await db.query<{ tenants: number; accounts: number; files: number }>(
        `SELECT (SELECT count(*) FROM tenants)::int AS tenants, (SELECT count(*) FROM idp_accounts)::int AS accounts,
                (SELECT count(*) FROM files)::int AS files`,
      );
      expect(counts.rows[0]).toEqual({ tenants: 0, accounts: 0, files: 0 });
    } finally {
      await db.close();
    }
  });

  test('a port in use stops it at start with one line on stderr', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => taken.close(() => resolve())));
    const { port } = taken.address() as { port: number };
    const database = await createThrowawayDatabase();
    cleanups.push(() => database.drop());
    const run = await runServer(
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ...(database.url ? { DATABASE_URL: database.url } : {}),
      },
      { migrated: true },
    );
    const { code } = await within(60_000, run.exited, 'exiting');
    expect(code).toBe(1);
    expect(run.stderr().trimEnd().split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^portico: failed to start: .*EADDRINUSE.*${port}`)),
    ]);
  });

  test('starts with good settings, answers /healthz, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const database = await createThrowawayDatabase();
    cleanups.push(() => database.drop());
    const url = `http://127.0.0.1:${port}`;
    const modules = await moduleLog();
    const run = await runServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      ...modules.env,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    });

    await within(60_000, running(run), 'starting');

    // The banner tells a person where everything is and how to sign in, and that the demo accounts exist.
    expect(run.stdout()).toContain('Listening on    127.0.0.1:');
    expect(run.stdout()).toContain(`Portal          ${url}/`);
    expect(run.stdout()).toContain('Demo accounts exist');
    expect(run.stdout()).toContain(`OpenID issuer   ${url}/oidc (embedded)`);
    expect(run.stdout()).toMatch(/bob\s+\/ portico/);
    // Without CLAMD_URL files are not scanned, and the banner says so once.
    expect(run.stdout().match(/Virus scanning {2}off: files are not scanned for malware/g)).toHaveLength(1);
    // …and ends with what to do next.
    expect(run.stdout().trimEnd().split('\n').at(-1)).toBe(
      `  Next: open ${url}/ and sign in as alice (password portico). Ctrl+C stops Portico.`,
    );

    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });

    // Running on the file store, it has loaded none of the libraries only some firms or people need: the AWS SDK
    // (BLOB_STORE=s3), passkeys' verifier, the password checker (decision 89). The log is read: fastify is in it.
    const loaded = await modules.read();
    expect(loaded.some((url) => url.includes('/node_modules/fastify/'))).toBe(true);
    expect(
      loaded.filter((url) => /\/node_modules\/(@aws-sdk|@simplewebauthn\/server|@zxcvbn-ts)\//.test(url)),
    ).toEqual([]);

    run.child.kill('SIGTERM');
    const { code, signal } = await within(10_000, run.exited, 'stopping after SIGTERM');
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(run.stderr()).toBe('');
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });

  test.skipIf(testDatabaseKind() !== 'pglite' || !existsSync('/proc/self/stat'))(
    'killed outright, its PGlite process ends within seconds, and a restart at once runs on the same data',
    async () => {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const env = { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, LOG_LEVEL: 'warn' };
      const run = await runServer(env);
      await within(60_000, running(run), 'starting');
      const host = await pgliteHostOf(run.child.pid!);

      // No SIGTERM, no shutdown: the server is gone at once (OOM killer, kill -9, a crashed container).
      run.child.kill('SIGKILL');
      await run.exited;
      const ended = (async () => {
        while (await processStat(host)) await new Promise((resolve) => setTimeout(resolve, 50));
      })();
      await within(5_000, ended, 'the PGlite process ending with its server');

      // Started again straight away on the same data folder, nothing of the first is in its way.
      const again = await runServer({ ...env, DATA_DIR: run.dataDir });
      await within(60_000, running(again), 'starting again');
      const health = await fetch(`${url}/healthz`);
      expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });
    },
  );
});
