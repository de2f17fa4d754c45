import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type { Database, Queryable } from '../db/database.ts';
import { openDatabase } from '../db/open-database.ts';
import { copyPgliteTemplate } from './pglite-template.ts';

/** Which engine this test run uses: the Vitest project sets PORTICO_TEST_DB (pglite by default). */
export const testDatabaseKind = (): 'pglite' | 'postgres' =>
  process.env.PORTICO_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A database nobody else uses, dropped afterwards. On PostgreSQL that is a new database on the DATABASE_URL
 * server; on PGlite the caller's temporary DATA_DIR already is one, so there is nothing to create, and given that
 * folder it starts as a copy of the run's migrated template rather than empty (`pglite-template.ts`). Without the
 * folder a server process on PGlite starts from nothing (initdb and every migration in WebAssembly, 8 s or more on
 * a loaded runner): only `main.test.ts` asks for that, to keep the cold start proven.
 */
export async function createThrowawayDatabase(
  pgliteDataDir?: string,
): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  if (testDatabaseKind() === 'pglite') {
    if (pgliteDataDir) await copyPgliteTemplate(pgliteDataDir);
    return { url: undefined, drop: async () => {} };
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('PORTICO_TEST_DB=postgres needs DATABASE_URL');
  const name = `portico_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * A migrated database of the engine under test, in a temporary data folder (and, on PostgreSQL, a throwaway
 * database); `close` closes it and removes both.
 */
export async function openTestDatabase(): Promise<{ db: Database; close(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portico-db-'));
  const throwaway = await createThrowawayDatabase(dataDir);
  const db = await openDatabase({ dataDir, databaseUrl: throwaway.url });
  return {
    db,
    async close() {
      await db.close();
      await throwaway.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * `openTestDatabase` for a test file or `describe`: opened before its tests, closed after them. Call the answer
 * inside tests for the database.
 */
export function useTestDatabase(): () => Database {
  let opened: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  beforeAll(async () => {
    opened = await openTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await opened?.close();
  });
  return () => {
    if (!opened) throw new Error('the test database is opened in beforeAll');
    return opened.db;
  };
}

/**
 * Two handles on one migrated database, as two server processes have: on PostgreSQL two pools on one throwaway
 * database; on PGlite one handle twice (PGlite has a single process). Call the answers inside tests.
 */
export function useTwoProcessDatabases(): { first: () => Database; second: () => Database } {
  let dataDir: string | undefined;
  let throwaway: Awaited<ReturnType<typeof createThrowawayDatabase>> | undefined;
  let handles: [Database, Database] | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portico-two-'));
    throwaway = await createThrowawayDatabase(dataDir);
    const first = await openDatabase({ dataDir, databaseUrl: throwaway.url });
    handles = [first, throwaway.url ? await openDatabase({ dataDir, databaseUrl: throwaway.url }) : first];
  }, 60_000);
  afterAll(async () => {
    if (handles && handles[1] !== handles[0]) await handles[1].close();
    await handles?.[0].close();
    await throwaway?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  const handle = (i: 0 | 1) => () => {
    if (!handles) throw new Error('the databases are opened in beforeAll');
    return handles[i];
  };
  return { first: handle(0), second: handle(1) };
}

/** A migration's SQL, by its file name. */
export const readMigration = (name: string) =>
  readFile(new URL(`../db/migrations/${name}`, import.meta.url), 'utf8');

/**
 * A migration's upgrade test: in a schema of its own, replays the migrations up to `through` (included), writes
 * `data` as a database that stopped there holds it, then runs `migration`; `read` answers what the test checks,
 * in the same transaction.
 */
export async function upgradeWithData<T>(
  db: Database,
  upgrade: { through: string; data: string; migration: string },
  read: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const schema = `upgrade_${upgrade.migration.slice(0, 4)}`;
    await tx.exec(`CREATE SCHEMA ${schema}; SET LOCAL search_path TO ${schema}`);
    const names = (await readdir(new URL('../db/migrations/', import.meta.url))).filter((n) =>
      n.endsWith('.sql'),
    );
    for (const name of names.sort()) if (name <= upgrade.through) await tx.exec(await readMigration(name));
    await tx.exec(upgrade.data);
    await tx.exec(await readMigration(upgrade.migration));
    return read(tx);
  });
}
