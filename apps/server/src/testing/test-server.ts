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
}

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
 * seeded with the demo. `env` overrides any setting by its environment variable name.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portico-test-'));
  const database = await createThrowawayDatabase();
  const port = await freePort();
  const config = parseConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const started = await startServer(config, {
    quiet: true,
    logger: process.env.TEST_LOGS ? undefined : false,
  });
  return {
    url: config.publicUrl,
    config,
    app: started.app,
    db: started.db,
    async close() {
      await started.app.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
