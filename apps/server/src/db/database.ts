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
  /**
   * Calls `onMessage` with the payload of every `NOTIFY` on `channel` from any process on this database, on a
   * connection of its own that reconnects when lost (`onReconnect` then says that messages may have been missed).
   * PostgreSQL only: a PGlite database has one process, which needs no messages from itself.
   */
  listen?(
    channel: string,
    onMessage: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<{ close(): Promise<void> }>;
  close(): Promise<void>;
  /** Connections of the engine's pools, for /metrics; an engine without a pool (PGlite) has none. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

/**
 * PostgreSQL's refusal to run a prepared statement whose result columns changed since it was prepared (a table
 * it reads changed shape, SQLSTATE 0A000): prepare it again.
 */
export const isStalePreparedStatement = (error: unknown) =>
  error instanceof Error &&
  (error as { code?: unknown }).code === '0A000' &&
  error.message.includes('cached plan must not change result type');

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

/**
 * Reads run on the plan PostgreSQL made once for a prepared statement, whatever its parameters. Every read the
 * server makes is driven by an index whose leading columns are the tenant and the site, so a plan for particular
 * values would be the same plan at the price of planning it again; left to choose, PostgreSQL replans the list
 * page on every run, because a generic plan cannot know the LIMIT (bench/, `list`; decision 20).
 */
const GENERIC_PLANS = 'plan_cache_mode = force_generic_plan';

/**
 * A whole session bound read-only to a tenant, for `readTenant` running every statement on its own: the PGlite
 * process's one session, PostgreSQL's read connections. `UNBIND_SESSION_SQL` undoes it before anything else runs
 * on that session (PGlite; PostgreSQL's read connections never run anything else).
 */
export const readOnlySessionSql = (tenantCode: string) =>
  `SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY; SET ${GENERIC_PLANS}; ${tenantSettingsSql(tenantCode, 'session')}`;
export const UNBIND_SESSION_SQL =
  'RESET ROLE; RESET app.tenant; RESET plan_cache_mode; SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE';
