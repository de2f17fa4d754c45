import { PGlite } from '@electric-sql/pglite';
import { bindTenant, type Database, type Queryable, readOnlyTenantSql } from './database.ts';

/** PGlite runs one connection; its `transaction` queues callers, so requests never interleave statements. */
export async function openPgliteDatabase(dataDir?: string): Promise<Database> {
  const db = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  const transaction = <T>(fn: (tx: Queryable) => Promise<T>) =>
    db.transaction((tx) =>
      fn({
        query: (sql, params) => tx.query(sql, params) as never,
        exec: async (sql) => {
          await tx.exec(sql);
        },
      }),
    );
  return {
    kind: 'pglite',
    query: (sql, params) => db.query(sql, params) as never,
    exec: async (sql) => {
      await db.exec(sql);
    },
    transaction,
    withTenant: (tenantCode, fn) =>
      transaction(async (tx) => {
        await bindTenant(tx, tenantCode);
        return fn(tx);
      }),
    readTenant: (tenantCode, fn) =>
      transaction(async (tx) => {
        await tx.exec(readOnlyTenantSql(tenantCode));
        return fn(tx);
      }),
    close: () => db.close(),
  };
}
