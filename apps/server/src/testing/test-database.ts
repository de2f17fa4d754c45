import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Which engine this test run uses: the Vitest project sets PORTICO_TEST_DB (pglite by default). */
export const testDatabaseKind = (): 'pglite' | 'postgres' =>
  process.env.PORTICO_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A database nobody else uses, dropped afterwards. On PostgreSQL that is a new database on the DATABASE_URL
 * server; on PGlite the caller's temporary DATA_DIR already is one, so there is nothing to create.
 */
export async function createThrowawayDatabase(): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  if (testDatabaseKind() === 'pglite') return { url: undefined, drop: async () => {} };
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
