import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { bindTenantSql, type Database, type Queryable } from '../database.ts';
import { fromHostError, type HostMessage, type HostRequest } from './protocol.ts';

type Request = HostRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;
type Answer = Extract<HostMessage, { ok: true }>;

const HOST = fileURLToPath(new URL('./pglite-host.ts', import.meta.url));

/**
 * PGlite, the embedded PostgreSQL, in a process of its own, behind the same Database interface.
 *
 * Why not in the server's process: PGlite is PostgreSQL compiled to WebAssembly, and in the server it cost
 * 350–700 MB of the server's memory (its linear memory never shrinks, and a first start's initdb left its own
 * behind) and ran every statement on the server's one JavaScript thread, so the database's work queued behind
 * and in front of every request (bench/, `list` and `rss`). In a child it has a core of its own, as PostgreSQL's
 * processes do with DATABASE_URL, and the server's memory is the server's. The child ends with the server.
 */
export async function openPgliteProcessDatabase(dataDir: string): Promise<Database> {
  const child = fork(HOST, [dataDir], {
    serialization: 'advanced',
    // Not the server's own flags (a test runner's loaders, the server's heap settings): the host needs none.
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await waitUntilReady(child);
  return createClient(child);
}

function waitUntilReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: HostMessage) => {
      if (!('ready' in message)) return;
      cleanUp();
      if (message.ready) resolve();
      else reject(fromHostError(message.error));
    };
    const onExit = (code: number | null, signal: string | null) => {
      cleanUp();
      reject(new Error(`the PGlite process ended before it was ready (${signal ?? `exit code ${code}`})`));
    };
    const cleanUp = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

function createClient(child: ChildProcess): Database {
  const pending = new Map<number, { resolve(answer: Answer): void; reject(error: Error): void }>();
  let nextId = 1;
  let ended: Error | undefined;

  child.on('message', (message: HostMessage) => {
    if (!('id' in message)) return;
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.ok) waiting.resolve(message);
    else waiting.reject(fromHostError(message.error));
  });
  child.on('exit', (code, signal) => {
    ended = new Error(`the PGlite process ended (${signal ?? `exit code ${code}`})`);
    if (code !== 0) console.error(`portico: ${ended.message}; database calls fail until the server restarts`);
    for (const waiting of pending.values()) waiting.reject(ended);
    pending.clear();
  });

  const call = (request: Request) =>
    new Promise<Answer>((resolve, reject) => {
      if (ended) {
        reject(ended);
        return;
      }
      const id = nextId++;
      pending.set(id, { resolve, reject });
      child.send({ ...request, id } as HostRequest, (error) => {
        if (!error) return;
        pending.delete(id);
        reject(error);
      });
    });

  const queryable = (tx?: number): Queryable => ({
    query: async (sql, params) => ({ rows: (await call({ op: 'query', sql, params, tx })).rows as never }),
    exec: async (sql) => {
      await call({ op: 'exec', sql, tx });
    },
  });

  const transaction = async <T>(fn: (tx: Queryable) => Promise<T>, setup?: string): Promise<T> => {
    const { tx } = await call({ op: 'begin', setup });
    if (tx === undefined) throw new Error('the PGlite process opened no transaction');
    let result: T;
    try {
      result = await fn(queryable(tx));
    } catch (error) {
      await call({ op: 'rollback', tx }).catch(() => {});
      throw error;
    }
    await call({ op: 'commit', tx });
    return result;
  };

  return {
    kind: 'pglite',
    ...queryable(),
    transaction: (fn) => transaction(fn),
    withTenant: async (tenantCode, fn) => transaction(fn, bindTenantSql(tenantCode)),
    // Each statement is one message and one short transaction in the host, so PGlite's one connection is never
    // held while a request's JavaScript runs between statements: under load that wait, not the SQL, was the
    // cost (bench/, `list`).
    readTenant: (tenant, fn) =>
      fn({
        query: async (sql, params) => ({
          rows: (await call({ op: 'read', tenant, sql, params })).rows as never,
        }),
        exec: () => Promise.reject(new Error('readTenant runs queries only')),
      }),
    async close() {
      if (ended) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await call({ op: 'close' }).catch(() => {});
      await exited;
    },
  };
}
