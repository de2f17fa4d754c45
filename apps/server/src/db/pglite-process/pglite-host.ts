import { type Queryable, readOnlySessionSql, UNBIND_SESSION_SQL } from '../database.ts';
import { openPgliteDatabase } from '../pglite-database.ts';
import { type HostMessage, type HostRequest, toHostError } from './protocol.ts';

/**
 * The PGlite process: opens the data folder given as its argument and runs what the server sends over IPC
 * (pglite-process-database.ts explains why PGlite lives here). It ends when the server closes it or goes away.
 *
 * PGlite is one session, and everything here takes turns on it through one lock: a statement, or a whole
 * transaction from its begin to its commit. Read-only statements of a tenant (`read`) leave the session bound
 * to that tenant, read-only, so the next read of the same tenant costs one call into PostgreSQL instead of four
 * (begin, bind, statement, commit); anything else unbinds the session first.
 */

/** After `close` the channel is gone: an answer to a request that raced with it has nobody to go to. */
const send = (message: HostMessage) => {
  if (process.connected) process.send?.(message);
};

/** Transactions the server has open, by number; each waits for its commit or rollback. */
const open = new Map<number, { tx: Queryable; decide: (commit: boolean) => void; done: Promise<unknown> }>();
let nextTransaction = 1;

class RolledBack extends Error {}

/** Turns on the session, first come first served; resolves with the function that ends the turn. */
let queue: Promise<void> = Promise.resolve();
function takeTurn(): Promise<() => void> {
  const previous = queue;
  let release!: () => void;
  queue = new Promise<void>((resolve) => {
    release = resolve;
  });
  return previous.then(() => release);
}

async function main() {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error('usage: pglite-host.ts <data folder>');
  const db = await openPgliteDatabase(dataDir);

  /** The tenant the session is bound to for reads; `null` when a bind failed midway and must be undone. */
  let boundTo: string | null | undefined;
  const bindSession = async (tenant: string) => {
    if (boundTo === tenant) return;
    const sql = readOnlySessionSql(tenant);
    boundTo = null;
    await db.exec(sql);
    boundTo = tenant;
  };
  const unbindSession = async () => {
    if (boundTo === undefined) return;
    await db.exec(UNBIND_SESSION_SQL);
    boundTo = undefined;
  };
  /** Runs `work` in a turn of its own on an unbound session. */
  const alone = async <T>(work: () => Promise<T>): Promise<T> => {
    const release = await takeTurn();
    try {
      await unbindSession();
      return await work();
    } finally {
      release();
    }
  };

  const handle = async (request: HostRequest): Promise<Omit<HostMessage & { ok: true }, 'id' | 'ok'>> => {
    switch (request.op) {
      case 'query': {
        const { tx, sql, params } = request;
        if (tx !== undefined) return { rows: (await inTransaction(tx).query(sql, params)).rows };
        return { rows: await alone(async () => (await db.query(sql, params)).rows) };
      }
      case 'exec':
        if (request.tx !== undefined) await inTransaction(request.tx).exec(request.sql);
        else await alone(() => db.exec(request.sql));
        return {};
      case 'read': {
        const release = await takeTurn();
        try {
          await bindSession(request.tenant);
          return { rows: (await db.query(request.sql, request.params)).rows };
        } finally {
          release();
        }
      }
      case 'begin': {
        const release = await takeTurn();
        try {
          await unbindSession();
        } catch (error) {
          release();
          throw error;
        }
        return { tx: await begin(db, release, request.setup) };
      }
      case 'commit':
      case 'rollback': {
        const transaction = open.get(request.tx);
        if (!transaction) throw new Error(`transaction ${request.tx} is not open`);
        open.delete(request.tx);
        transaction.decide(request.op === 'commit');
        try {
          await transaction.done;
        } catch (error) {
          if (!(error instanceof RolledBack)) throw error;
        }
        return {};
      }
      case 'close':
        await alone(() => db.close());
        return {};
    }
  };

  process.on('message', (request: HostRequest) => {
    handle(request).then(
      (result) => {
        send({ id: request.id, ok: true, ...result });
        if (request.op === 'close') process.disconnect();
      },
      (error: unknown) => send({ id: request.id, ok: false, error: toHostError(error) }),
    );
  });
  // The server is gone (ended or crashed): close the database cleanly rather than leave it to the kill.
  process.on('disconnect', () => {
    db.close().finally(() => process.exit(0));
  });
  send({ ready: true });
}

function inTransaction(tx: number): Queryable {
  const transaction = open.get(tx);
  if (!transaction) throw new Error(`transaction ${tx} is not open`);
  return transaction.tx;
}

/**
 * Starts a transaction in the caller's turn, runs `setup` in it, and resolves with its number (or rejects, the
 * transaction rolled back, if `setup` fails); the turn ends with the transaction.
 */
function begin(
  db: Awaited<ReturnType<typeof openPgliteDatabase>>,
  release: () => void,
  setup: string | undefined,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const id = nextTransaction++;
    let started = false;
    const done = db.transaction(async (tx) => {
      if (setup) await tx.exec(setup);
      started = true;
      const decided = new Promise<boolean>((decide) => {
        open.set(id, { tx, decide, done });
      });
      resolve(id);
      if (!(await decided)) throw new RolledBack();
    });
    done
      .catch((error: unknown) => {
        if (!started) reject(error);
      })
      .finally(release);
  });
}

main().catch((error: unknown) => {
  send({ ready: false, error: toHostError(error) });
  process.exitCode = 1;
  process.disconnect?.();
});
