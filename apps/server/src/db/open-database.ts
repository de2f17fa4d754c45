import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { openPgliteProcessDatabase } from './pglite-process/pglite-process-database.ts';
import { openPostgresDatabase } from './postgres-database.ts';

/**
 * A real server when DATABASE_URL is set, PGlite in DATA_DIR otherwise (in a process of its own); migrated before
 * anyone uses it.
 */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  let db: Database;
  if (config.databaseUrl) {
    db = await openPostgresDatabase(config.databaseUrl);
  } else {
    const dir = path.join(config.dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    db = await openPgliteProcessDatabase(dir);
  }
  await migrate(db);
  return db;
}
