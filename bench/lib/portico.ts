import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { DEMO_PASSWORD } from '../../apps/server/src/db/seed/demo-data.ts';
import { SERVER_NODE_FLAGS } from '../../apps/server/src/node-flags.ts';
import { signIn } from '../../apps/server/src/testing/sign-in.ts';
import { type Child, freePort, serverNodeArgs, startChild } from './processes.ts';
import { BENCH_DIR } from './settings.ts';

export interface Portico {
  url: string;
  /** The server process, for /proc/<pid>/status. */
  pid: number;
  dataDir: string;
  /** The blob store's folder: a blob with key `k` is the file `blobDir/k`. */
  blobDir: string;
  /** SQL as the database owner, run by the server process on its own database. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** The server's own view of its memory (`process.memoryUsage()`), in bytes. */
  memory(): Promise<NodeJS.MemoryUsage>;
  /** A real access token: the authorization-code + PKCE sign-in a browser does, over HTTP. */
  signIn(username: string): Promise<string>;
  stop(): Promise<void>;
}

/** Runs one statement on the PostgreSQL server of `adminUrl` (CREATE/DROP DATABASE cannot run in a pool's transaction). */
async function adminQuery(adminUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A database of its own on the `BENCH_DATABASE_URL` server, as the postgres test project does
 * (`apps/server/src/testing/test-database.ts`): `CREATE DATABASE bench_<random>`, dropped by `drop`.
 */
async function throwawayDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * The real Portico server (embedded provider, demo seed) in a child process with its data in `dir`: on PGlite in
 * that folder, or, with `databaseUrl`, on a throwaway database of that PostgreSQL server, dropped by `stop`.
 */
export async function startPortico(
  dir: string,
  options: {
    logLevel: string;
    databaseUrl?: string | undefined;
    /** More settings for this server (e.g. CLAMD_URL). */
    env?: Record<string, string>;
    /** Names its data folder and log in `dir`, for a benchmark that runs two Porticos; default `portico`. */
    name?: string;
  },
): Promise<Portico> {
  const name = options.name ?? 'portico';
  const dataDir = path.join(dir, `${name}-data`);
  await mkdir(dataDir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const database = options.databaseUrl ? await throwawayDatabase(options.databaseUrl) : undefined;
  let child: Child;
  try {
    ({ child } = await startChild(path.join(BENCH_DIR, 'lib', 'portico-child.ts'), {
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        LOG_LEVEL: options.logLevel,
        LOGIN_RATE_LIMIT: '1000',
        // Room for the 1 GiB uploads whatever the default limit becomes.
        MAX_UPLOAD_BYTES: String(4 * 1024 ** 3),
        DATABASE_URL: database?.url ?? '',
        OIDC_ISSUER: '',
        SEED_DEMO: 'true',
        ...options.env,
      },
      logFile: path.join(dir, `${name}.log`),
      execArgv: [...SERVER_NODE_FLAGS, ...serverNodeArgs()],
    }));
  } catch (error) {
    await database?.drop().catch(() => {});
    throw error;
  }
  const server = portico(child, url, dataDir);
  if (!database) return server;
  return {
    ...server,
    async stop() {
      try {
        await server.stop();
      } finally {
        await database.drop();
      }
    },
  };
}

function portico(child: Child, url: string, dataDir: string): Portico {
  return {
    url,
    pid: child.pid,
    dataDir,
    blobDir: path.join(dataDir, 'blobs'),
    async query<T>(sql: string, params?: unknown[]) {
      const answer = await child.request<{ rows: T[] }>({ type: 'query', sql, params });
      return answer.rows;
    },
    async memory() {
      return (await child.request<{ memory: NodeJS.MemoryUsage }>({ type: 'memory' })).memory;
    },
    async signIn(username: string) {
      return (await signIn(url, username, DEMO_PASSWORD)).accessToken;
    },
    stop: () => child.stop(),
  };
}
