import { TENANT_CODE_PATTERN } from '@portico/contracts';

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
  /**
   * Like `withTenant` for work that only reads, which the database enforces (a write fails). Each statement
   * sees the latest committed data, as each statement of a READ COMMITTED transaction does anyway, so an engine
   * may run every statement in a short transaction of its own rather than hold a connection for the whole
   * callback (PGlite, decision 17, has only one).
   */
  readTenant<T>(tenantCode: string, fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The role tenant-bound transactions run as; it owns nothing, so row-level security binds it. */
export const APP_ROLE = 'portico_app';

const TENANT_CODE = new RegExp(TENANT_CODE_PATTERN);

/**
 * Role and tenant as settings, in one statement (`role` is the setting SET ROLE changes): for the transaction
 * alone, or for the whole session. It has no parameters, so a driver can send it in the same round trip as
 * BEGIN; the tenant code is a literal only because it is checked against the tenant-code pattern (letters,
 * digits and dashes) first, and anything else is refused.
 */
function tenantSettingsSql(tenantCode: string, scope: 'transaction' | 'session'): string {
  if (!TENANT_CODE.test(tenantCode)) throw new Error(`not a tenant code: ${JSON.stringify(tenantCode)}`);
  const local = scope === 'transaction';
  return `SELECT set_config('role', '${APP_ROLE}', ${local}), set_config('app.tenant', '${tenantCode}', ${local})`;
}

/** The statement that binds a transaction to a tenant (`SET LOCAL ROLE` and the tenant). */
export const bindTenantSql = (tenantCode: string) => tenantSettingsSql(tenantCode, 'transaction');

export async function bindTenant(tx: Queryable, tenantCode: string) {
  await tx.exec(bindTenantSql(tenantCode));
}

/**
 * A whole session bound read-only to a tenant, for an engine that runs every statement of `readTenant` on its
 * own (the PGlite process); `UNBIND_SESSION_SQL` undoes it before anything else runs on that session.
 */
export const readOnlySessionSql = (tenantCode: string) =>
  `SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY; ${tenantSettingsSql(tenantCode, 'session')}`;
export const UNBIND_SESSION_SQL =
  'RESET ROLE; RESET app.tenant; SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE';

/** The same, for a transaction that may only read. */
export const readOnlyTenantSql = (tenantCode: string) =>
  `SET TRANSACTION READ ONLY; ${bindTenantSql(tenantCode)}`;
