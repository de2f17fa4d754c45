/** What repositories need from a connection or a transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Runs a script of several statements without parameters (migrations, seeding). */
  exec(sql: string): Promise<void>;
}

/**
 * PostgreSQL, whichever engine runs it. Requests touch tenant data only through `withTenant`, which runs as the
 * non-owner application role with `app.tenant` set for that transaction alone, so row-level security is a second
 * wall behind every repository's own filter. The owner connection is for migrations, seeding, the embedded
 * identity provider and lookups that are not tenant data (users, identities).
 */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  withTenant<T>(tenantCode: string, fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The role tenant-bound transactions run as; it owns nothing, so row-level security binds it. */
export const APP_ROLE = 'portico_app';

export async function bindTenant(tx: Queryable, tenantCode: string) {
  await tx.query(`SET LOCAL ROLE ${APP_ROLE}`);
  await tx.query(`SELECT set_config('app.tenant', $1, true)`, [tenantCode]);
}
