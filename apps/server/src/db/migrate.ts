import { readdir, readFile } from 'node:fs/promises';
import { APP_ROLE, type Database } from './database.ts';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

/**
 * Applies the numbered `migrations/NNNN_name.sql` files not yet applied, each in its own transaction, under an
 * advisory lock so that replicas starting together do not race. The same files run on PGlite and PostgreSQL.
 */
export async function migrate(db: Database): Promise<string[]> {
  await ensureAppRole(db);
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(7426)');
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name),
    );
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await readFile(new URL(file, MIGRATIONS_DIR), 'utf8');
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
    // Tables added by any migration are reachable by the application role; row-level security decides the rows.
    await tx.query(`GRANT USAGE ON SCHEMA public TO ${APP_ROLE}`);
    return applied;
  });
}

/** The role is cluster-wide on PostgreSQL: create it once, tolerating another database having just done so. */
async function ensureAppRole(db: Database) {
  await db.exec(`
    DO $$ BEGIN
      IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
        CREATE ROLE ${APP_ROLE} NOLOGIN;
      END IF;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END $$;
    DO $$ BEGIN
      EXECUTE format('GRANT ${APP_ROLE} TO %I', current_user);
    EXCEPTION WHEN OTHERS THEN NULL;
    END $$;`);
}
