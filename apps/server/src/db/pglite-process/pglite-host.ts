import { readFileSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite, protocol } from '@electric-sql/pglite';
import { readOnlySessionSql, UNBIND_SESSION_SQL } from '../database.ts';
import { isPgliteProcess } from './pglite-pid.ts';
import { PreparedStatements } from './prepared-statements.ts';
import { type HostMessage, type HostRequest, toHostError } from './protocol.ts';

/**
 * The PGlite process: opens the data folder given as its argument and runs what the server sends over IPC
 * (pglite-process-database.ts explains why PGlite lives here). It ends when the server closes it or goes away.
 *
 * PGlite is one session, and everything here takes turns on it through one lock: a statement, or a whole
 * transaction from its begin to its commit. Statements with parameters run prepared (prepared-statements.ts).
 * Read-only statements of a tenant (`read`) leave the session bound to that tenant, read-only (and on generic
 * plans, database.ts), so the next read of the same tenant costs one call into PostgreSQL instead of four
 * (begin, bind, statement, commit) and no planning; anything else unbinds the session first.
 */

/**
 * Reads prefer index scans here. In PGlite every sequential scan first asks the file system for the table's size
 * (PostgreSQL's smgrnblocks: an lseek that Emscripten's NODEFS turns into a synchronous fstat through JavaScript),
 * again at every rescan of a correlated subquery, a cost PostgreSQL's planner does not know of; on the small tables
 * a request reads (a site's members, the caller's downloads for the "New" marker) that was a tenth of the list
 * page's database time (bench/, `list`). A read with no usable index still scans the table.
 */
const PREFER_INDEXES = 'SET enable_seqscan = off';
const RESET_PREFER_INDEXES = 'RESET enable_seqscan';

/** After `close` the channel is gone: an answer to a request that raced with it has nobody to go to. */
const send = (message: HostMessage) => {
  if (process.connected) process.send?.(message);
};

/** Transactions the server has open, by number; each holds the turn until its commit or rollback. */
const open = new Map<number, { release: () => void }>();
let nextTransaction = 1;

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

/** How long a close may take once the server is gone before this process ends regardless. */
const CLOSE_DEADLINE_MS = 5_000;

/** The database, from the moment it starts opening. */
let opening: Promise<PGlite> | undefined;
let ending = false;

/**
 * The server is gone (it closed the database, ended, or was killed outright): close the database and end at once.
 * Listened for before the database opens: an open under way (a first start's initdb takes seconds) is finished
 * and closed rather than cut off halfway, and `waitForEarlierProcess` keeps the next server's PGlite process from
 * opening the folder meanwhile. A close that does not finish within seconds is not waited for.
 */
function endWithServer() {
  if (ending) return;
  ending = true;
  void (async () => {
    const pg = await opening?.catch(() => undefined);
    setTimeout(() => process.exit(1), CLOSE_DEADLINE_MS);
    if (pg && !pg.closed) await pg.close().catch(() => {});
    process.exit();
  })();
}
process.once('disconnect', endWithServer);
// Signals meant for the server (Ctrl-C in a terminal reaches the whole process group; systemd signals every
// process of the unit) must not end the database under requests the server is still finishing: this process ends
// when the server closes it or goes away.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});

/** How long a PGlite process waits for an earlier one of its data folder to end. */
const EARLIER_PROCESS_WAIT_MS = 30_000;

/**
 * One PGlite process per data folder at a time. A server killed while its PGlite process was opening the folder
 * leaves that process finishing the open for a few seconds, and a server started again at once must not open the
 * folder beside it (two PostgreSQLs on one data folder corrupt it). Each PGlite process names itself in
 * `<folder>.pid` while it runs; a new one first waits for the process named there to end. A name left by a
 * process that is gone, or whose pid another program now has, does not count.
 */
async function waitForEarlierProcess(pidFile: string) {
  const earlier = Number(await readFile(pidFile, 'utf8').catch(() => ''));
  const deadline = Date.now() + EARLIER_PROCESS_WAIT_MS;
  while (earlier && earlier !== process.pid && (await isPgliteProcess(earlier))) {
    if (Date.now() > deadline)
      throw new Error(`an earlier PGlite process (pid ${earlier}) still uses the data`);
    await sleep(50);
  }
  await writeFile(pidFile, String(process.pid));
  process.on('exit', () => {
    try {
      if (readFileSync(pidFile, 'utf8') === String(process.pid)) rmSync(pidFile);
    } catch {}
  });
}

async function main() {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error('usage: pglite-host.ts <data folder>');
  await waitForEarlierProcess(`${dataDir}.pid`);
  if (ending) return;
  opening = PGlite.create(dataDir);
  const pg = await opening;
  const statements = new PreparedStatements(pg);
  const exec = async (sql: string) => {
    await pg.exec(sql);
  };

  /** The tenant the session is bound to for reads; `null` when a bind failed midway and must be undone. */
  let boundTo: string | null | undefined;
  const bindSession = async (tenant: string) => {
    if (boundTo === tenant) return;
    boundTo = null;
    await exec(`${readOnlySessionSql(tenant)}; ${PREFER_INDEXES}`);
    boundTo = tenant;
  };
  const unbindSession = async () => {
    if (boundTo === undefined) return;
    await exec(`${UNBIND_SESSION_SQL}; ${RESET_PREFER_INDEXES}`);
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

  /** Starts a transaction in a turn of its own, `setup` (binding a tenant) in the same call as BEGIN. */
  const begin = async (setup: string | undefined): Promise<number> => {
    const release = await takeTurn();
    try {
      await unbindSession();
      await exec(setup ? `BEGIN; ${setup}` : 'BEGIN');
    } catch (error) {
      await exec('ROLLBACK').catch(() => {});
      release();
      throw error;
    }
    const id = nextTransaction++;
    open.set(id, { release });
    return id;
  };
  const end = async (tx: number, commit: boolean) => {
    const transaction = open.get(tx);
    if (!transaction) throw new Error(`transaction ${tx} is not open`);
    open.delete(tx);
    try {
      if (!commit) await exec('ROLLBACK');
      else if ((await commandTag('COMMIT')) === 'ROLLBACK') {
        // A statement failed and the caller carried on: PostgreSQL answers COMMIT by rolling back.
        throw new Error('the transaction was rolled back: a statement in it had failed');
      }
    } finally {
      transaction.release();
    }
  };
  const commandTag = async (sql: string) => {
    const { messages } = await pg.execProtocol(protocol.serialize.query(sql));
    const complete = messages.findLast((message) => message.name === 'commandComplete');
    return (complete as { text?: string } | undefined)?.text;
  };
  const inTransaction = (tx: number) => {
    if (!open.has(tx)) throw new Error(`transaction ${tx} is not open`);
  };

  const handle = async (request: HostRequest): Promise<Omit<HostMessage & { ok: true }, 'id' | 'ok'>> => {
    switch (request.op) {
      case 'query': {
        const { tx, sql, params } = request;
        if (tx === undefined)
          return { rows: await alone(async () => (await statements.query(sql, params)).rows) };
        inTransaction(tx);
        return { rows: (await statements.query(sql, params)).rows };
      }
      case 'exec':
        if (request.tx === undefined) await alone(() => exec(request.sql));
        else {
          inTransaction(request.tx);
          await exec(request.sql);
        }
        return {};
      case 'read': {
        const release = await takeTurn();
        try {
          await bindSession(request.tenant);
          return { rows: (await statements.query(request.sql, request.params)).rows };
        } finally {
          release();
        }
      }
      case 'begin':
        return { tx: await begin(request.setup) };
      case 'commit':
      case 'rollback':
        await end(request.tx, request.op === 'commit');
        return {};
      case 'close':
        await alone(() => pg.close());
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
  send({ ready: true });
}

main().catch((error: unknown) => {
  send({ ready: false, error: toHostError(error) });
  process.exitCode = 1;
  process.disconnect?.();
});
