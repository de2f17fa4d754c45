import pg from 'pg';
import { ConfigError } from '../config.ts';
import { bindTenantSql, type Database, type Queryable, readOnlyTenantSql } from './database.ts';

// int8 counts and sums as numbers: they stay far below 2^53 here, and both engines then agree on types.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export async function openPostgresDatabase(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10, idleTimeoutMillis: 30_000 });
  // An idle connection the server drops (restart, failover, an administrator's termination) is an 'error' on the
  // pool; node-postgres discards that client and connects anew on next use, but with no listener the event
  // would end the whole process.
  pool.on('error', (error) => {
    console.warn(`portico: a pooled database connection was closed by the server (${error.message})`);
  });
  // Fail at start, naming the setting, rather than at the first request.
  try {
    const probe = await pool.connect();
    probe.release();
  } catch (error) {
    await pool.end().catch(() => {});
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
        query: (sql, params) => client.query(sql, params) as never,
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
  return {
    kind: 'postgres',
    query: (sql, params) => pool.query(sql, params) as never,
    exec: async (sql) => {
      await pool.query(sql);
    },
    transaction: (fn) => transaction(fn),
    withTenant: async (tenantCode, fn) => transaction(fn, `BEGIN; ${bindTenantSql(tenantCode)}`),
    readTenant: async (tenantCode, fn) => transaction(fn, `BEGIN; ${readOnlyTenantSql(tenantCode)}`),
    close: () => pool.end(),
  };
}
