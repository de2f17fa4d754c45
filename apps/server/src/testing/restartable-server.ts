import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '../db/seed/demo-data.ts';
import { type ServerProcess, serverProcessEnv, spawnServerProcess } from './server-process.ts';
import { signIn } from './sign-in.ts';
import { createThrowawayDatabase } from './test-database.ts';
import { freePort } from './test-server.ts';

/** A seeded server process to kill (`kill -9`) and start again on the same data folder and database. */
export interface RestartableServer {
  url: string;
  port: number;
  dataDir: string;
  /** Starts a process and signs in as `username`: its bearer and tus headers. */
  start(): Promise<{ server: ServerProcess; headers: Record<string, string> }>;
}

/**
 * For crash tests: a data folder and a throwaway database (PGlite, or one on DATABASE_URL's server), the demo seed,
 * and `UPLOAD_RATE_WINDOW_SECONDS=1` (replicas on PostgreSQL take a part for a dead PATCH's once it has not grown
 * for two windows). Everything it makes, processes included, is ended by `cleanups` in reverse.
 */
export async function restartableServer(
  username: string,
  cleanups: (() => Promise<void>)[],
): Promise<RestartableServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portico-crash-'));
  const database = await createThrowawayDatabase(dataDir);
  cleanups.push(async () => {
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...serverProcessEnv({ port, dataDir, databaseUrl: database.url }),
    SEED_DEMO: 'true',
    UPLOAD_RATE_WINDOW_SECONDS: '1',
  };
  return {
    url,
    port,
    dataDir,
    async start() {
      const server = spawnServerProcess(env);
      cleanups.push(() => server.kill());
      await server.running();
      const { accessToken } = await signIn(url, username, DEMO_PASSWORD);
      return { server, headers: { authorization: `Bearer ${accessToken}`, 'tus-resumable': '1.0.0' } };
    },
  };
}
