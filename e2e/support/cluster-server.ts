import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { parseConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/open-database.ts';
import { startCluster } from '../../apps/server/src/testing/cluster.ts';
import type { TestServer } from '../../apps/server/src/testing/test-server.ts';

/**
 * The specs' server as a cluster (E2E_CLUSTER=1): three server processes on a throwaway database of the
 * DATABASE_URL server and one s3rver store, behind nginx (apps/server/src/testing/cluster.ts). `url` is the
 * balancer's, so every page, sign-in step and API call of a spec goes through round robin; `db` is a connection
 * of the spec's own to the same database; `app` does not exist (the processes are other processes).
 */
export async function startClusterServer(env: Record<string, string>): Promise<TestServer> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('E2E_CLUSTER=1 needs DATABASE_URL (a PostgreSQL server)');
  const name = `portico_e2e_${Math.random().toString(16).slice(2, 10)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portico-e2e-cluster-'));
  const drop = async () => {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const cluster = await startCluster({ databaseUrl: url.href, env: { LOGIN_RATE_LIMIT: '1000', ...env } });
    const db = await openDatabase({ dataDir, databaseUrl: url.href });
    const close = async () => {
      await db.close();
      await cluster.close();
      await drop();
    };
    return {
      url: cluster.url,
      config: parseConfig({ ...cluster.env, PORT: String(cluster.processes[0]!.port), DATA_DIR: dataDir }),
      db,
      app: undefined as unknown as TestServer['app'],
      close,
      stop: close,
    };
  } catch (error) {
    await drop();
    throw error;
  }
}
