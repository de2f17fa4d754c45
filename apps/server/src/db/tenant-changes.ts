import type { Database } from './database.ts';

/** The PostgreSQL channel on which a process says that a tenant's cached access rules or settings changed. */
export const TENANT_CHANGES_CHANNEL = 'portico_tenant_changes';

/**
 * Tells every other process on this database that the tenant changed (its sites, members or settings), once the
 * change is committed. PostgreSQL delivers the message to the listening connections of all processes within
 * milliseconds; a PGlite database has one process, so there is nobody to tell.
 */
export async function announceTenantChange(db: Database, tenantCode: string): Promise<void> {
  if (db.kind === 'pglite') return;
  await db.query('SELECT pg_notify($1, $2)', [TENANT_CHANGES_CHANNEL, tenantCode]);
}

/**
 * Calls `forget` with each tenant another process announces, and `forgetAll` when the listening connection was
 * lost and came back (messages may have been missed meanwhile). Without a listening connection (PGlite, or
 * while PostgreSQL is unreachable) the caches' own lifetime bounds how stale an entry can be.
 */
export async function listenForTenantChanges(
  db: Database,
  forget: (tenantCode: string) => void,
  forgetAll: () => void,
): Promise<{ close(): Promise<void> }> {
  if (!db.listen) return { close: async () => {} };
  return db.listen(TENANT_CHANGES_CHANNEL, forget, forgetAll);
}
