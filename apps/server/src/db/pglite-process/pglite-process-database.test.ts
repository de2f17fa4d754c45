import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { APP_ROLE, type Database } from '../database.ts';
import { openDatabase } from '../open-database.ts';
import { openPgliteProcessDatabase } from './pglite-process-database.ts';

/** The PIDs of this process's live children, from each process's parent in /proc (Linux). */
async function childPids(): Promise<Set<number>> {
  const children = new Set<number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // "pid (comm) state ppid …": the command may hold spaces and parentheses, so split after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[1]) === process.pid) children.add(Number(entry));
  }
  return children;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * A PGlite data folder for one test: a copy of the run's migrated template (`pglite-template.ts`) where there is
 * one. An empty folder would make each of these tests run initdb in WebAssembly first, several seconds each, which
 * on a loaded 2-core runner took the lifecycle tests past their time-out; a first start on an empty folder is
 * proven by `main.test.ts` and the browser specs.
 */
async function dataFolderAt(dataDir: string): Promise<string> {
  const template = inject('pgliteTemplate');
  if (template) await cp(template, dataDir, { recursive: true });
  return dataDir;
}

/** Opens a PGlite process database in a temporary folder of its own and finds its child process. */
async function openOwnDatabase(): Promise<{ db: Database; pid: number; dataDir: string }> {
  const dataDir = await dataFolderAt(await mkdtemp(path.join(tmpdir(), 'portico-pglite-process-')));
  const before = await childPids();
  const db = await openPgliteProcessDatabase(dataDir).catch(async (error: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  const added = [...(await childPids())].filter((pid) => !before.has(pid));
  expect(added).toHaveLength(1);
  const pid = added[0]!;
  expect(await readFile(`/proc/${pid}/cmdline`, 'utf8')).toContain('pglite-host.ts');
  return { db, pid, dataDir };
}

async function waitFor(condition: () => boolean, what: string) {
  for (let i = 0; i < 500; i++) {
    if (condition()) return;
    await sleep(10);
  }
  throw new Error(`timed out waiting for ${what}`);
}

const hasProc = existsSync('/proc/self/stat');

/**
 * The tests that start, kill and close PGlite processes of their own: each open loads PGlite's WebAssembly and
 * recovers the folder (about 4 s on a loaded 2-core runner, 2026-11-28, and a close up to 3.6 s), twice or three
 * times in one test.
 */
const LIFECYCLE_TIMEOUT_MS = 90_000;

describe.skipIf(testDatabaseKind() !== 'pglite')('PGlite in a process of its own', () => {
  let db: Database;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portico-db-'));
    db = await openDatabase({ dataDir, databaseUrl: undefined });
    const tenant = (code: string) =>
      db.query(
        `INSERT INTO tenants (code, display_name, icon_png, logo, logo_content_type, primary_color, secondary_color, tertiary_color)
         VALUES ($1, $1, '\\x00', '\\x00', 'image/png', '111111', '222222', '333333')`,
        [code],
      );
    await tenant('acme');
    await tenant('globex');
    await db.query(
      `INSERT INTO sites (tenant_code, name) VALUES ('acme', 'A1'), ('acme', 'A2'), ('globex', 'G1')`,
    );
    await db.exec(`
      CREATE TABLE process_test_values (id int PRIMARY KEY, at timestamptz, bytes bytea, n int4, doc json, note text);
      CREATE TABLE process_test_counters (tenant_code text PRIMARY KEY, n int NOT NULL);
      ALTER TABLE process_test_counters ENABLE ROW LEVEL SECURITY;
      CREATE POLICY tenant_isolation ON process_test_counters
        USING (tenant_code = current_setting('app.tenant', true))
        WITH CHECK (tenant_code = current_setting('app.tenant', true));
      GRANT SELECT, UPDATE ON process_test_counters TO portico_app;
      INSERT INTO process_test_counters VALUES ('acme', 0), ('globex', 100);
    `);
  });
  afterAll(async () => {
    await db?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('rows keep their types across the process boundary, in parameters and in results', async () => {
    const at = new Date('2024-02-29T13:14:15.678Z');
    const bytes = Uint8Array.from([0, 1, 2, 0xde, 0xad, 0xbe, 0xef, 255]);
    const doc = { a: [1, 'two', { three: true }], b: null, c: 'é' };
    await db.query('INSERT INTO process_test_values VALUES ($1, $2, $3, $4, $5, $6)', [
      1,
      at,
      bytes,
      -2147483648,
      JSON.stringify(doc),
      null,
    ]);

    const { rows } = await db.query<Record<string, unknown>>(
      'SELECT id, at, bytes, n, doc, note FROM process_test_values WHERE id = 1',
    );
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.id).toBe(1);
    expect(row.at).toBeInstanceOf(Date);
    expect((row.at as Date).toISOString()).toBe(at.toISOString());
    expect(row.bytes).toBeInstanceOf(Uint8Array);
    expect([...(row.bytes as Uint8Array)]).toEqual([...bytes]);
    expect(typeof row.n).toBe('number');
    expect(row.n).toBe(-2147483648);
    expect(row.doc).toEqual(doc);
    expect(row.note).toBeNull();

    // Literals typed by PostgreSQL itself, not by the parameters.
    const literal = await db.query<Record<string, unknown>>(
      `SELECT '2001-02-03 04:05:06.789+00'::timestamptz AS at, '\\x00ff10'::bytea AS bytes, 7::int4 AS n,
              '{"k":[1,{"x":null}]}'::json AS doc, NULL::int4 AS nothing`,
    );
    expect(literal.rows[0]!.at).toEqual(new Date('2001-02-03T04:05:06.789Z'));
    expect([...(literal.rows[0]!.bytes as Uint8Array)]).toEqual([0x00, 0xff, 0x10]);
    expect(literal.rows[0]!.n).toBe(7);
    expect(literal.rows[0]!.doc).toEqual({ k: [1, { x: null }] });
    expect(literal.rows[0]!.nothing).toBeNull();

    // Arrays, big integers and numerics arrive as PGlite decodes them.
    const decoded = await db.query<Record<string, unknown>>(
      `SELECT ARRAY[1, NULL, 3]::int4[] AS ints, ARRAY['a', 'b,"c"']::text[] AS texts,
              ARRAY['2001-02-03 04:05:06+00']::timestamptz[] AS times, 9007199254740993::int8 AS big,
              42::int8 AS small, 1.50::numeric AS num, true AS yes, '{}'::jsonb AS empty`,
    );
    expect(decoded.rows[0]).toEqual({
      ints: [1, null, 3],
      texts: ['a', 'b,"c"'],
      times: [new Date('2001-02-03T04:05:06Z')],
      big: 9007199254740993n,
      small: 42,
      num: '1.50',
      yes: true,
      empty: {},
    });

    // The same inside a transaction and a tenant read.
    const inTx = await db.transaction(
      async (tx) =>
        (await tx.query<{ at: unknown; bytes: unknown }>('SELECT at, bytes FROM process_test_values')).rows,
    );
    expect(inTx[0]!.at).toBeInstanceOf(Date);
    expect([...(inTx[0]!.bytes as Uint8Array)]).toEqual([...bytes]);
    const sites = await db.readTenant(
      'acme',
      async (tx) =>
        (await tx.query<{ created_at: unknown; archived_at: unknown }>('SELECT * FROM sites')).rows,
    );
    expect(sites.length).toBeGreaterThan(0);
    for (const site of sites) {
      expect(site.created_at).toBeInstanceOf(Date);
      expect(site.archived_at).toBeNull();
    }
  });

  it("a failing statement rejects with an Error that keeps PostgreSQL's message and code", async () => {
    const duplicate = await db
      .query(
        `INSERT INTO tenants (code, display_name, icon_png, logo, logo_content_type, primary_color, secondary_color, tertiary_color)
         VALUES ('acme', 'again', '\\x00', '\\x00', 'image/png', '111111', '222222', '333333')`,
      )
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(duplicate).toBeInstanceOf(Error);
    expect((duplicate as Error).message).toMatch(/duplicate key value violates unique constraint/);
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'tenants_pkey' });

    const syntax = await db.query('SELEC 1').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(syntax).toBeInstanceOf(Error);
    expect((syntax as Error).message).toMatch(/syntax error/);
    expect(syntax).toMatchObject({ code: '42601' });

    // exec, statements in a transaction and tenant reads carry their errors too.
    await expect(db.exec('SELECT 1; SELEC 2')).rejects.toMatchObject({ code: '42601' });
    await expect(
      db.transaction((tx) => tx.query('INSERT INTO process_test_values (id) VALUES (1)')),
    ).rejects.toMatchObject({ code: '23505', message: expect.stringMatching(/duplicate key/) });
    await expect(
      db.readTenant('acme', (tx) => tx.query('SELECT * FROM no_such_table')),
    ).rejects.toMatchObject({
      code: '42P01',
      message: expect.stringMatching(/no_such_table/),
    });
    // And the database still answers.
    expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('a transaction whose callback throws is rolled back and the database keeps working', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO process_test_values (id, note) VALUES (10, $1)', ['rolled back']);
        // Visible inside its own transaction…
        expect((await tx.query('SELECT id FROM process_test_values WHERE id = 10')).rows).toHaveLength(1);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // …but not afterwards.
    expect((await db.query('SELECT id FROM process_test_values WHERE id = 10')).rows).toEqual([]);

    // A statement that fails inside a transaction rolls back the whole transaction.
    await expect(
      db.withTenant('acme', async (tx) => {
        await tx.query(`INSERT INTO sites (tenant_code, name) VALUES ('acme', 'before the failure')`);
        await tx.query('SELEC 1');
      }),
    ).rejects.toMatchObject({ code: '42601' });
    expect((await db.query(`SELECT id FROM sites WHERE name = 'before the failure'`)).rows).toEqual([]);

    // The database keeps working: a committed transaction is visible, and so is a plain statement.
    const result = await db.transaction(async (tx) => {
      await tx.query('INSERT INTO process_test_values (id, note) VALUES (11, $1)', ['committed']);
      return 'done';
    });
    expect(result).toBe('done');
    expect((await db.query('SELECT note FROM process_test_values WHERE id = 11')).rows).toEqual([
      { note: 'committed' },
    ]);
    await db.query('DELETE FROM process_test_values WHERE id = 11');
    expect((await db.query('SELECT note FROM process_test_values WHERE id = 11')).rows).toEqual([]);
  });

  it('a transaction that carries on after a failed statement is rolled back, and its commit fails', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO process_test_values (id, note) VALUES (12, $1)', ['lost']);
        await tx.query('SELECT 1/0').catch(() => {});
      }),
    ).rejects.toThrow('rolled back');
    expect((await db.query('SELECT id FROM process_test_values WHERE id = 12')).rows).toEqual([]);
    expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('reads after a change of a table see its new columns', async () => {
    const read = () =>
      db.readTenant('acme', async (tx) => (await tx.query('SELECT * FROM process_test_counters')).rows);
    expect(await read()).toEqual([{ tenant_code: 'acme', n: 0 }]);
    await db.exec(`ALTER TABLE process_test_counters ADD COLUMN label text NOT NULL DEFAULT 'x'`);
    try {
      expect(await read()).toEqual([{ tenant_code: 'acme', n: 0, label: 'x' }]);
    } finally {
      await db.exec('ALTER TABLE process_test_counters DROP COLUMN label');
    }
  });

  it('a session bound for reads is unbound before anything else runs', async () => {
    const acme = await db.readTenant(
      'acme',
      async (tx) => (await tx.query<{ tenant_code: string }>('SELECT tenant_code FROM sites')).rows,
    );
    expect(acme.length).toBeGreaterThan(0);
    expect(new Set(acme.map((r) => r.tenant_code))).toEqual(new Set(['acme']));

    // Right after the read: writable again, and bound to globex inside.
    const inside = await db.withTenant('globex', async (tx) => {
      const inserted = await tx.query<{ tenant_code: string }>(
        `INSERT INTO sites (tenant_code, name) VALUES ('globex', 'G-after-read') RETURNING tenant_code`,
      );
      const seen = await tx.query<{ tenant_code: string }>('SELECT tenant_code FROM sites');
      const who = await tx.query<{ role: string; tenant: string }>(
        `SELECT current_user AS role, current_setting('app.tenant', true) AS tenant`,
      );
      return { inserted: inserted.rows, seen: seen.rows, who: who.rows[0] };
    });
    expect(inside.inserted).toEqual([{ tenant_code: 'globex' }]);
    expect(new Set(inside.seen.map((r) => r.tenant_code))).toEqual(new Set(['globex']));
    expect(inside.who).toEqual({ role: APP_ROLE, tenant: 'globex' });

    // Right after that: an unbound statement runs as the owner, with no tenant.
    const unbound = await db.query<{ role: string; tenant: string | null }>(
      `SELECT current_user AS role, current_setting('app.tenant', true) AS tenant`,
    );
    expect(unbound.rows[0]!.role).not.toBe(APP_ROLE);
    expect(unbound.rows[0]!.tenant ?? '').toBe('');

    // A read straight after an unbound statement: bound again, and read-only.
    await expect(
      db.readTenant('acme', (tx) => tx.query(`INSERT INTO sites (tenant_code, name) VALUES ('acme', 'ro')`)),
    ).rejects.toThrow(/read-only/);
    // A read that follows a read of the same tenant is still read-only.
    await db.readTenant('acme', (tx) => tx.query('SELECT 1'));
    await expect(
      db.readTenant('acme', (tx) => tx.query(`UPDATE sites SET name = 'ro' WHERE tenant_code = 'acme'`)),
    ).rejects.toThrow(/read-only/);
    expect((await db.query(`SELECT id FROM sites WHERE name = 'ro'`)).rows).toEqual([]);

    // An unbound statement straight after a read: the owner again, with no tenant, and writable.
    await db.readTenant('acme', (tx) => tx.query('SELECT 1'));
    const afterRead = await db.query<{ role: string; tenant: string | null; readOnly: string }>(
      `SELECT current_user AS role, current_setting('app.tenant', true) AS tenant,
              current_setting('transaction_read_only') AS "readOnly"`,
    );
    expect(afterRead.rows[0]!.role).not.toBe(APP_ROLE);
    expect(afterRead.rows[0]!.tenant ?? '').toBe('');
    expect(afterRead.rows[0]!.readOnly).toBe('off');

    // An unbound exec straight after a read can write (as the owner, across tenants).
    await db.readTenant('globex', (tx) => tx.query('SELECT 1'));
    await db.exec(`INSERT INTO process_test_values (id, note) VALUES (20, 'exec after read')`);
    expect((await db.query('SELECT note FROM process_test_values WHERE id = 20')).rows).toEqual([
      { note: 'exec after read' },
    ]);
  });

  it('many concurrent reads, writes and unbound statements each see only their own tenant', async () => {
    const tenants = ['acme', 'globex'] as const;
    type Outcome =
      | { kind: 'read'; tenant: string; seen: string[]; who: { role: string; tenant: string } }
      | { kind: 'write'; tenant: string; inserted: string }
      | { kind: 'unbound'; role: string; tenant: string | null };
    const calls: Promise<Outcome>[] = [];
    for (let i = 0; i < 42; i++) {
      const tenant = tenants[i % 2]!;
      switch (i % 3) {
        case 0:
          calls.push(
            db.readTenant(tenant, async (tx) => {
              const first = await tx.query<{ tenant_code: string }>('SELECT tenant_code FROM sites');
              // Give other callers a turn on the session between this read's statements.
              await sleep(i % 4);
              const second = await tx.query<{ code: string }>('SELECT code FROM tenants');
              const who = await tx.query<{ role: string; tenant: string }>(
                `SELECT current_user AS role, current_setting('app.tenant', true) AS tenant`,
              );
              return {
                kind: 'read',
                tenant,
                seen: [...first.rows.map((r) => r.tenant_code), ...second.rows.map((r) => r.code)],
                who: who.rows[0]!,
              };
            }),
          );
          break;
        case 1:
          calls.push(
            db.withTenant(tenant, async (tx) => {
              const { rows } = await tx.query<{ tenant_code: string }>(
                'INSERT INTO sites (tenant_code, name) VALUES ($1, $2) RETURNING tenant_code',
                [tenant, `concurrent ${i}`],
              );
              return { kind: 'write', tenant, inserted: rows[0]!.tenant_code };
            }),
          );
          break;
        default:
          calls.push(
            db
              .query<{ role: string; tenant: string | null }>(
                `SELECT current_user AS role, current_setting('app.tenant', true) AS tenant`,
              )
              .then(({ rows }) => ({ kind: 'unbound', ...rows[0]! })),
          );
      }
    }
    const outcomes = await Promise.all(calls);

    let reads = 0;
    let writes = 0;
    for (const outcome of outcomes) {
      if (outcome.kind === 'read') {
        reads++;
        expect(outcome.seen.length).toBeGreaterThan(0);
        expect(new Set(outcome.seen)).toEqual(new Set([outcome.tenant]));
        expect(outcome.who).toEqual({ role: APP_ROLE, tenant: outcome.tenant });
      } else if (outcome.kind === 'write') {
        writes++;
        expect(outcome.inserted).toBe(outcome.tenant);
      } else {
        expect(outcome.role).not.toBe(APP_ROLE);
        expect(outcome.tenant ?? '').toBe('');
      }
    }
    expect([reads, writes]).toEqual([14, 14]);
    const written = await db.query<{ tenant_code: string; n: number }>(
      `SELECT tenant_code, count(*)::int AS n FROM sites WHERE name LIKE 'concurrent %' GROUP BY tenant_code ORDER BY 1`,
    );
    expect(written.rows).toEqual([
      { tenant_code: 'acme', n: 7 },
      { tenant_code: 'globex', n: 7 },
    ]);
  });

  it('concurrent transactions never interleave', async () => {
    const increment = (tenant: string) =>
      db.withTenant(tenant, async (tx) => {
        const { rows } = await tx.query<{ n: number }>('SELECT n FROM process_test_counters');
        expect(rows).toHaveLength(1);
        await sleep(15);
        await tx.query('UPDATE process_test_counters SET n = $1', [rows[0]!.n + 1]);
      });
    const counter = async (tenant: string) =>
      (await db.query<{ n: number }>('SELECT n FROM process_test_counters WHERE tenant_code = $1', [tenant]))
        .rows[0]!.n;

    const acmeBefore = await counter('acme');
    await Promise.all([increment('acme'), increment('acme')]);
    expect(await counter('acme')).toBe(acmeBefore + 2);

    // More of them, for both tenants, with reads of the counter racing alongside.
    const globexBefore = await counter('globex');
    const reads: Promise<number>[] = [];
    const writes: Promise<void>[] = [];
    for (let i = 0; i < 5; i++) {
      writes.push(increment('acme'), increment('globex'));
      reads.push(
        db.readTenant(
          'acme',
          async (tx) => (await tx.query<{ n: number }>('SELECT n FROM process_test_counters')).rows[0]!.n,
        ),
      );
    }
    await Promise.all(writes);
    for (const seen of await Promise.all(reads)) {
      expect(seen).toBeGreaterThanOrEqual(acmeBefore + 2);
      expect(seen).toBeLessThanOrEqual(acmeBefore + 7);
    }
    expect(await counter('acme')).toBe(acmeBefore + 7);
    expect(await counter('globex')).toBe(globexBefore + 5);
  });

  it.skipIf(!hasProc)(
    'when the PGlite process dies, every later call fails saying so, and close resolves',
    async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      const own = await openOwnDatabase();
      try {
        expect((await own.db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);

        // A transaction in flight when the process dies: its next statement fails too.
        let releaseTx!: () => void;
        const txPaused = new Promise<void>((resolve) => {
          releaseTx = resolve;
        });
        let txStarted!: () => void;
        const txIsOpen = new Promise<void>((resolve) => {
          txStarted = resolve;
        });
        const inFlight = own.db
          .transaction(async (tx) => {
            await tx.query('SELECT 1');
            txStarted();
            await txPaused;
            await tx.query('SELECT 2');
          })
          .then(
            () => undefined,
            (error: unknown) => error,
          );
        await txIsOpen;
        // A statement waiting in the PGlite process for the open transaction's turn: pending when it dies.
        const pending = own.db.query('SELECT 1').then(
          () => undefined,
          (error: unknown) => error,
        );
        await sleep(50);

        process.kill(own.pid, 'SIGKILL');
        // Gone and reaped by this process (the client's exit handler runs when it is reaped).
        await waitFor(() => !existsSync(`/proc/${own.pid}`), 'the PGlite process to be reaped');
        expect(isAlive(own.pid)).toBe(false);

        const pendingError = await pending;
        expect(pendingError).toBeInstanceOf(Error);
        expect((pendingError as Error).message).toMatch(/the PGlite process ended \(SIGKILL\)/);

        releaseTx();
        const txError = await inFlight;
        expect(txError).toBeInstanceOf(Error);
        expect((txError as Error).message).toMatch(/the PGlite process ended \(SIGKILL\)/);

        const attempts: [string, () => Promise<unknown>][] = [
          ['query', () => own.db.query('SELECT 1')],
          ['exec', () => own.db.exec('SELECT 1')],
          ['transaction', () => own.db.transaction((tx) => tx.query('SELECT 1'))],
          ['withTenant', () => own.db.withTenant('acme', (tx) => tx.query('SELECT 1'))],
          ['readTenant', () => own.db.readTenant('acme', (tx) => tx.query('SELECT 1'))],
          ['query again', () => own.db.query('SELECT 1')],
        ];
        for (const [what, attempt] of attempts) {
          const error = await attempt().then(
            () => new Error(`${what} succeeded`),
            (e: unknown) => e,
          );
          expect(error, what).toBeInstanceOf(Error);
          expect((error as Error).message, what).toMatch(/the PGlite process ended/);
        }
        expect(logged).toHaveBeenCalledWith(expect.stringMatching(/the PGlite process ended/));

        await expect(own.db.close()).resolves.toBeUndefined();
        await expect(own.db.close()).resolves.toBeUndefined();
      } finally {
        logged.mockRestore();
        if (isAlive(own.pid)) process.kill(own.pid, 'SIGKILL');
        await rm(own.dataDir, { recursive: true, force: true });
        // A killed process leaves its name beside the folder.
        await rm(`${own.dataDir}.pid`, { force: true });
      }
    },
    LIFECYCLE_TIMEOUT_MS,
  );

  it.skipIf(!hasProc)(
    'close ends the PGlite process, and what was written is there on reopening',
    async () => {
      const own = await openOwnDatabase();
      let reopened: Database | undefined;
      try {
        await own.db.exec(`CREATE TABLE kept (v text); INSERT INTO kept VALUES ('still here')`);
        expect(isAlive(own.pid)).toBe(true);

        await own.db.close();
        expect(isAlive(own.pid)).toBe(false);
        expect((await childPids()).has(own.pid)).toBe(false);
        // Closed for good: calls fail instead of hanging, and closing again is harmless.
        await expect(own.db.query('SELECT 1')).rejects.toThrow(/the PGlite process ended \(exit code 0\)/);
        await expect(own.db.close()).resolves.toBeUndefined();

        reopened = await openPgliteProcessDatabase(own.dataDir);
        expect((await reopened.query('SELECT v FROM kept')).rows).toEqual([{ v: 'still here' }]);
      } finally {
        await reopened?.close();
        if (isAlive(own.pid)) process.kill(own.pid, 'SIGKILL');
        await rm(own.dataDir, { recursive: true, force: true });
      }
    },
    LIFECYCLE_TIMEOUT_MS,
  );

  it.skipIf(!hasProc)(
    'a call that races with close fails, and the PGlite process still ends cleanly',
    async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      const own = await openOwnDatabase();
      try {
        // A second close and a statement, both sent before the first close is answered (a shutdown while a
        // background job still queries, or two shutdown paths closing the same database).
        const closing = own.db.close();
        const racing = own.db.query('SELECT 1').then(
          () => undefined,
          (error: unknown) => error,
        );
        const closingAgain = own.db.close();
        await expect(closing).resolves.toBeUndefined();
        await expect(closingAgain).resolves.toBeUndefined();
        expect(await racing).toBeInstanceOf(Error);
        expect(isAlive(own.pid)).toBe(false);
        // The process ended as a close ends it, not as a crash: exit code 0 and nothing reported.
        await expect(own.db.query('SELECT 1')).rejects.toThrow(/the PGlite process ended \(exit code 0\)/);
        expect(logged).not.toHaveBeenCalled();
      } finally {
        logged.mockRestore();
        if (isAlive(own.pid)) process.kill(own.pid, 'SIGKILL');
        await rm(own.dataDir, { recursive: true, force: true });
      }
    },
    LIFECYCLE_TIMEOUT_MS,
  );
  it.skipIf(!hasProc)(
    'never opens a data folder while an earlier PGlite process of it still runs, as after a server killed mid-start',
    async () => {
      const parent = await mkdtemp(path.join(tmpdir(), 'portico-pglite-earlier-'));
      const dataDir = await dataFolderAt(path.join(parent, 'pglite'));
      let db: Database | undefined;
      try {
        // The earlier process, still finishing its open: it named itself in the folder's pid file.
        const earlier = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 5000)', 'pglite-host.ts'], {
          stdio: 'ignore',
        });
        await once(earlier, 'spawn');
        await writeFile(`${dataDir}.pid`, String(earlier.pid));
        const ended = once(earlier, 'exit').then(() => Date.now());

        db = await openPgliteProcessDatabase(dataDir);
        const opened = Date.now();
        expect(opened).toBeGreaterThanOrEqual(await ended);
        expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
        await db.close();
        db = undefined;

        // A name left by a process that is gone, or whose pid another program has now, does not hold it up.
        for (const stale of [String(earlier.pid), String(process.pid)]) {
          await writeFile(`${dataDir}.pid`, stale);
          const started = Date.now();
          db = await openPgliteProcessDatabase(dataDir);
          expect(Date.now() - started, stale).toBeLessThan(20_000);
          await db.close();
          db = undefined;
        }
        // A process that closed took its name with it.
        expect(existsSync(`${dataDir}.pid`)).toBe(false);
      } finally {
        await db?.close();
        await rm(parent, { recursive: true, force: true });
      }
    },
    LIFECYCLE_TIMEOUT_MS,
  );
});
