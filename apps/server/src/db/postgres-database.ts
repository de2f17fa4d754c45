import { createHash } from 'node:crypto';
import pg from 'pg';
import { ConfigError } from '../config.ts';
import {
  bindTenantSql,
  type Database,
  isStalePreparedStatement,
  type Queryable,
  readOnlySessionSql,
} from './database.ts';

// int8 counts and sums as numbers: they stay far below 2^53 here, and both engines then agree on types.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * Statements with parameters run as named prepared statements: node-postgres parses each once per connection and
 * later only binds and executes it, so PostgreSQL skips parsing, and planning too once it keeps a generic plan
 * (reads always do, database.ts). The server's SQL comes from a few dozen templates; past `MAX_NAMED` distinct
 * texts (which only a bug would reach) statements run unnamed rather than fill every connection.
 */
const MAX_NAMED = 1000;
const names = new Map<string, string>();

function statement(sql: string, values: unknown[] | undefined): pg.QueryConfig {
  // Without parameters node-postgres uses the simple protocol, which runs scripts of several statements.
  if (!values?.length) return { text: sql };
  let name = names.get(sql);
  if (!name && names.size < MAX_NAMED) {
    name = `portico_${createHash('sha256').update(sql).digest('base64url').slice(0, 24)}`;
    names.set(sql, name);
  }
  return name ? { name, text: sql, values } : { text: sql, values };
}

/**
 * Runs a statement, prepared. A table it reads may have changed shape since a connection prepared it (a
 * migration while the server runs): PostgreSQL then refuses it, so the text gets a new name, prepared afresh,
 * and a statement outside a transaction is tried once more (inside one, the transaction has already failed).
 */
async function runPrepared(
  client: pg.Pool | pg.PoolClient,
  sql: string,
  values: unknown[] | undefined,
  retry: boolean,
) {
  try {
    return await client.query(statement(sql, values));
  } catch (error) {
    if (!isStalePreparedStatement(error)) throw error;
    names.set(sql, `${names.get(sql) ?? 'portico_'}_`);
    if (!retry) throw error;
    return client.query(statement(sql, values));
  }
}

export async function openPostgresDatabase(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10, idleTimeoutMillis: 30_000 });
  /**
   * Connections for `readTenant` alone. Each stays bound, for its whole session, read-only to the tenant it last
   * read for (as the PGlite process binds its one session), so a read costs its statements and nothing more:
   * no BEGIN, binding and COMMIT around them, which were half the round trips of a list page and most of the
   * driver's work in the server (bench/, `list`). Nothing else ever runs on these connections.
   */
  const readPool = new pg.Pool({ connectionString, max: 10, idleTimeoutMillis: 30_000 });
  const boundTo = new WeakMap<pg.PoolClient, string>();
  // An idle connection the server drops (restart, failover, an administrator's termination) is an 'error' on the
  // pool; node-postgres discards that client and connects anew on next use, but with no listener the event
  // would end the whole process.
  for (const each of [pool, readPool]) {
    each.on('error', (error) => {
      console.warn(`portico: a pooled database connection was closed by the server (${error.message})`);
    });
  }
  // Fail at start, naming the setting, rather than at the first request.
  try {
    const probe = await pool.connect();
    probe.release();
  } catch (error) {
    await Promise.all([pool.end(), readPool.end()]).catch(() => {});
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    const shown = connectionString.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');
    throw new ConfigError(
      `DATABASE_URL="${shown}" cannot be reached (${reason}): expected a PostgreSQL server that accepts connections`,
    );
  }
  /** `begin` may carry statements to run first, in the same round trip (the simple protocol allows several). */
  const transaction = async <T>(fn: (tx: Queryable) => Promise<T>, begin = 'BEGIN') => {
    const client = await pool.connect();
    try {
      await client.query(begin);
      const result = await fn({
        query: (sql, params) => runPrepared(client, sql, params, false) as never,
        // Without parameters node-postgres uses the simple protocol, which accepts several statements.
        exec: async (sql) => {
          await client.query(sql);
        },
      });
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  };
  const readTenant = async <T>(tenantCode: string, fn: (tx: Queryable) => Promise<T>): Promise<T> => {
    const client = await readPool.connect();
    let broken: Error | undefined;
    // A statement PostgreSQL refused leaves the session as it was; anything else (a lost connection) ends it.
    const watched = <R>(work: Promise<R>) =>
      work.catch((error: unknown) => {
        if (!(error instanceof pg.DatabaseError)) broken = error as Error;
        throw error;
      });
    try {
      if (boundTo.get(client) !== tenantCode) {
        boundTo.delete(client);
        await watched(client.query(readOnlySessionSql(tenantCode)));
        boundTo.set(client, tenantCode);
      }
      return await fn({
        query: (sql, params) => watched(runPrepared(client, sql, params, true)) as never,
        exec: () => Promise.reject(new Error('readTenant runs queries only')),
      });
    } finally {
      client.release(broken);
    }
  };
  let closed: Promise<void> | undefined;
  return {
    kind: 'postgres',
    query: (sql, params) => runPrepared(pool, sql, params, true) as never,
    exec: async (sql) => {
      await pool.query(sql);
    },
    transaction: (fn) => transaction(fn),
    withTenant: async (tenantCode, fn) => transaction(fn, `BEGIN; ${bindTenantSql(tenantCode)}`),
    readTenant,
    listen: (channel, onMessage, onReconnect) => listenOn(connectionString, channel, onMessage, onReconnect),
    // Idempotent: a server closes its database on stop, and whoever closed it first (a test) must not make that fail.
    close: async () => {
      closed ??= Promise.all([pool.end(), readPool.end()]).then(() => {});
      await closed;
    },
    poolStats: () => ({
      total: pool.totalCount + readPool.totalCount,
      idle: pool.idleCount + readPool.idleCount,
      waiting: pool.waitingCount + readPool.waitingCount,
    }),
  };
}

/** A connection that only listens, connected again a second after it is lost, until closed. */
async function listenOn(
  connectionString: string,
  channel: string,
  onMessage: (payload: string) => void,
  onReconnect?: () => void,
): Promise<{ close(): Promise<void> }> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (again: boolean) => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    const lost = () => {
      if (closed || client !== next) return;
      client = undefined;
      next.end().catch(() => {});
      retry = setTimeout(() => void connect(true).catch(lost), 1000);
      retry.unref();
    };
    next.on('error', lost);
    next.on('end', lost);
    client = next;
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    if (again) onReconnect?.();
  };
  await connect(false);
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
