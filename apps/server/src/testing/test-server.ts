import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Config, parseConfig } from '../config.ts';
import { startServer } from '../main.ts';
import { createThrowawayDatabase } from './test-database.ts';

export interface TestServer {
  url: string;
  config: Config;
  app: Awaited<ReturnType<typeof startServer>>['app'];
  db: Awaited<ReturnType<typeof startServer>>['db'];
  /** Stops the server, then removes its data folder and database. */
  close(): Promise<void>;
  /** Stops the server but keeps its data folder and database, for `startTestServer(env, { restartOf })`. */
  stop(): Promise<void>;
}

export interface TestServerOptions {
  /**
   * A stopped server whose data folder, database and port to start on again, as a restart of the same
   * deployment would: same issuer, same signing keys, same provider sessions. Closing the new server cleans up.
   */
  restartOf?: TestServer;
  /**
   * A running server to stand beside as another process of the same deployment, as the cluster's three do: the
   * same database and public address, its own port and data folder, nothing seeded. PostgreSQL only (PGlite is
   * one process's database). Closing it removes its data folder; the database stays the first server's.
   */
  peerOf?: TestServer;
  /** Fastify logger options, e.g. `{ level: 'info', stream }` to read what the server logs. */
  logger?: object;
}

/** What `restartOf` needs from the first server, kept out of the public shape. */
const resources = new WeakMap<TestServer, { dataDir: string; database: ThrowawayDatabase }>();
type ThrowawayDatabase = Awaited<ReturnType<typeof createThrowawayDatabase>>;

/** Asks the kernel for a free port; the server binds it right after, so collisions are practically nil. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The real server, as `npm start` builds it, on a free port with its own data folder and throwaway database,
 * seeded with the demo (unless `SEED_DEMO: 'false'`). `env` overrides any setting by its environment variable name.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const previous = options.restartOf && resources.get(options.restartOf);
  if (options.restartOf && !previous) throw new Error('restartOf: not a server from startTestServer');
  const peerOf = options.peerOf;
  if (peerOf && !peerOf.config.databaseUrl)
    throw new Error('peerOf: two processes share a PostgreSQL database, not PGlite');
  const port = options.restartOf?.config.port ?? (await freePort());
  const dataDir =
    previous?.dataDir ??
    (peerOf ? `${peerOf.config.dataDir}-peer-${port}` : await mkdtemp(path.join(tmpdir(), 'portico-test-')));
  // A peer's database is the first server's to drop.
  const database = peerOf ? undefined : (previous?.database ?? (await createThrowawayDatabase(dataDir)));
  const databaseUrl = peerOf ? peerOf.config.databaseUrl : database?.url;
  const config = parseConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: peerOf?.url ?? `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // The demo is what the tests sign in as; a test of an empty firm sets SEED_DEMO=false.
    SEED_DEMO: peerOf ? 'false' : 'true',
    // Tests sign in many times a minute from one address; the limit's own test sets it low again.
    LOGIN_RATE_LIMIT: '1000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const started = await startServer(config, {
    quiet: true,
    logger: options.logger ?? (process.env.TEST_LOGS ? undefined : false),
  });
  let stopped: Promise<void> | undefined;
  const server: TestServer = {
    // A peer answers on its own port, behind the public address it shares.
    url: peerOf ? `http://127.0.0.1:${port}` : config.publicUrl,
    config,
    app: started.app,
    db: started.db,
    stop() {
      stopped ??= started.app.close();
      return stopped;
    },
    async close() {
      await server.stop();
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  if (database) resources.set(server, { dataDir, database });
  return server;
}
