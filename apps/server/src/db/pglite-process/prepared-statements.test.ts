import { PGlite, protocol } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreparedStatements, runMessages } from './prepared-statements.ts';

const preparedNames = async (pg: PGlite) =>
  (await pg.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name')).rows.map(
    (row) => row.name,
  );

describe('prepared statements on PGlite', () => {
  let pg: PGlite;
  beforeAll(async () => {
    pg = await PGlite.create();
    await pg.exec(`
      CREATE TABLE t (id int PRIMARY KEY, at timestamptz, big int8, doc jsonb, ok boolean, bytes bytea, note text);
      INSERT INTO t VALUES (1, '2024-02-29T13:14:15.678Z', 9007199254740993, '{"a":[1,"two"]}', true, '\\xdead', NULL);
    `);
  });
  afterAll(async () => {
    await pg?.close();
  });

  it('answers as PGlite.query does, for parameters and results of every common type', async () => {
    const statements = new PreparedStatements(pg);
    const sql = 'SELECT *, $2::text AS echo, $3::timestamptz AS at2, $4::jsonb AS doc2 FROM t WHERE id = $1';
    const params = [1, 'é "quoted"', new Date('2020-01-02T03:04:05.006Z'), { b: [true, null] }];
    const expected = (await pg.query(sql, params)).rows;
    expect(expected).toHaveLength(1);
    expect((await statements.query(sql, params)).rows).toEqual(expected);
    expect((await statements.query(sql, [2, null, null, null])).rows).toEqual([]);
  });

  it('prepares each text once, and keeps no more than its capacity prepared', async () => {
    const statements = new PreparedStatements(pg, 3);
    const before = (await preparedNames(pg)).length;
    for (let i = 0; i < 5; i++) {
      expect((await statements.query('SELECT $1::int + 1 AS n', [i])).rows).toEqual([{ n: i + 1 }]);
    }
    expect(statements.size).toBe(1);
    for (let i = 0; i < 6; i++) {
      expect((await statements.query(`SELECT $1::int * ${i} AS n`, [2])).rows).toEqual([{ n: 2 * i }]);
    }
    expect(statements.size).toBe(3);
    expect((await preparedNames(pg)).length - before).toBe(3);
  });

  it('a statement that fails to parse or to run rejects with PostgreSQL’s code, and the session goes on', async () => {
    const statements = new PreparedStatements(pg);
    await expect(statements.query('SELEC $1', [1])).rejects.toMatchObject({ code: '42601' });
    expect(statements.size).toBe(0);
    await expect(statements.query('SELECT 10 / $1::int AS n', [0])).rejects.toMatchObject({ code: '22012' });
    expect((await statements.query('SELECT 10 / $1::int AS n', [5])).rows).toEqual([{ n: 2 }]);
  });

  it('a statement prepared before its table changed shape answers with the new shape', async () => {
    const statements = new PreparedStatements(pg);
    await pg.exec('CREATE TABLE shifting (id int)');
    await pg.exec('INSERT INTO shifting VALUES (1)');
    expect((await statements.query('SELECT * FROM shifting WHERE id = $1', [1])).rows).toEqual([{ id: 1 }]);
    await pg.exec(`ALTER TABLE shifting ADD COLUMN label text DEFAULT 'new'`);
    expect((await statements.query('SELECT * FROM shifting WHERE id = $1', [1])).rows).toEqual([
      { id: 1, label: 'new' },
    ]);
  });

  it("writes Bind, Describe, Execute and Sync byte for byte as PGlite's own protocol writer does", () => {
    const { serialize } = protocol;
    for (const [name, values] of [
      ['portico_1', []],
      ['portico_42', ['1', null, 'é "quoted" 🙂', '', '\\xdeadbeef', '{"a":[1,"two"]}']],
    ] as const) {
      const expected = Buffer.concat([
        serialize.bind({ statement: name, values: [...values] }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]);
      expect(runMessages(name, values).equals(expected)).toBe(true);
    }
  });
});
