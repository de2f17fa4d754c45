import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind, useTestDatabase } from '../testing/test-database.ts';
import { APP_ROLE } from './database.ts';
import { migrate } from './migrate.ts';

const db = useTestDatabase();

beforeAll(async () => {
  const tenant = (code: string) =>
    db().query(
      `INSERT INTO tenants (code, display_name, icon_png, logo, logo_content_type, primary_color, secondary_color, tertiary_color)
       VALUES ($1, $1, '\\x00', '\\x00', 'image/png', '111111', '222222', '333333')`,
      [code],
    );
  await tenant('acme');
  await tenant('globex');
  await db().query(
    `INSERT INTO sites (tenant_code, name) VALUES ('acme', 'A1'), ('acme', 'A2'), ('globex', 'G1')`,
  );
});

describe(`row-level security on ${testDatabaseKind()}`, () => {
  it('migrating again applies nothing', async () => {
    expect(await migrate(db())).toEqual([]);
  });

  it('a tenant-bound transaction sees only its tenant, even with no filter in the query', async () => {
    const names = await db().withTenant(
      'acme',
      async (tx) => (await tx.query<{ name: string }>('SELECT name FROM sites ORDER BY name')).rows,
    );
    expect(names.map((r) => r.name)).toEqual(['A1', 'A2']);
    const tenants = await db().withTenant(
      'globex',
      async (tx) => (await tx.query<{ code: string }>('SELECT code FROM tenants')).rows,
    );
    expect(tenants).toEqual([{ code: 'globex' }]);
  });

  it("a tenant-bound transaction cannot write another tenant's rows", async () => {
    await expect(
      db().withTenant('acme', (tx) =>
        tx.query(`INSERT INTO sites (tenant_code, name) VALUES ('globex', 'sneaky')`),
      ),
    ).rejects.toThrow(/row-level security/);
    const updated = await db().withTenant('acme', (tx) =>
      tx.query(`UPDATE sites SET name = 'x' WHERE tenant_code = 'globex' RETURNING id`),
    );
    expect(updated.rows).toEqual([]);
  });

  it('a read-only tenant call sees only its tenant, refuses writes, and leaves nothing behind', async () => {
    const names = await db().readTenant('globex', async (tx) => {
      const first = await tx.query<{ name: string }>('SELECT name FROM sites ORDER BY name');
      const second = await tx.query<{ code: string }>('SELECT code FROM tenants');
      return [...first.rows.map((r) => r.name), ...second.rows.map((r) => r.code)];
    });
    expect(names).toEqual(['G1', 'globex']);
    await expect(
      db().readTenant('acme', (tx) =>
        tx.query(`INSERT INTO sites (tenant_code, name) VALUES ('acme', 'ro')`),
      ),
    ).rejects.toThrow(/read-only/);
    const { rows } = await db().query<{ n: number; tenant: string | null }>(
      `SELECT (SELECT count(*)::int FROM sites WHERE name = 'ro') AS n, current_setting('app.tenant', true) AS tenant`,
    );
    expect([rows[0]?.n, rows[0]?.tenant ?? '']).toEqual([0, '']);
  });

  it('many concurrent reads of alternating tenants each see only their own, whatever the reads before them did', async () => {
    const reads = Array.from({ length: 60 }, (_, i) => {
      const tenant = i % 3 === 0 ? 'globex' : 'acme';
      return db().readTenant(tenant, async (tx) => {
        const { rows } = await tx.query<{ tenant_code: string; setting: string }>(
          `SELECT tenant_code, current_setting('app.tenant') AS setting FROM sites WHERE name LIKE $1`,
          ['%'],
        );
        if (i % 5 === 1) throw new Error(`read ${i} gave up after its statement`);
        if (i % 7 === 2) await tx.query('SELECT 1/0 AS broken WHERE $1', [true]);
        return { tenant, seen: rows.map((row) => [row.tenant_code, row.setting]) };
      });
    });
    for (const [i, settled] of (await Promise.allSettled(reads)).entries()) {
      if (i % 5 === 1) expect(settled).toMatchObject({ status: 'rejected', reason: { message: /gave up/ } });
      else if (i % 7 === 2) expect(settled).toMatchObject({ status: 'rejected', reason: { code: '22012' } });
      else {
        expect(settled.status).toBe('fulfilled');
        const { tenant, seen } = (settled as PromiseFulfilledResult<{ tenant: string; seen: string[][] }>)
          .value;
        expect(seen).toEqual(
          tenant === 'acme'
            ? [
                ['acme', 'acme'],
                ['acme', 'acme'],
              ]
            : [['globex', 'globex']],
        );
      }
    }
  });

  it('statements prepared before a table changed shape answer with its new shape', async () => {
    await db().exec(`CREATE TABLE shape_test (id int); INSERT INTO shape_test VALUES (1);
                   GRANT SELECT ON shape_test TO ${APP_ROLE}`);
    const read = () =>
      db().readTenant(
        'acme',
        async (tx) => (await tx.query('SELECT * FROM shape_test WHERE id = $1', [1])).rows,
      );
    const owner = async () => (await db().query('SELECT * FROM shape_test WHERE id = $1', [1])).rows;
    for (let i = 0; i < 3; i++) {
      expect(await read()).toEqual([{ id: 1 }]);
      expect(await owner()).toEqual([{ id: 1 }]);
    }
    await db().exec(`ALTER TABLE shape_test ADD COLUMN label text DEFAULT 'new'`);
    expect(await read()).toEqual([{ id: 1, label: 'new' }]);
    expect(await owner()).toEqual([{ id: 1, label: 'new' }]);
    await db().exec('DROP TABLE shape_test');
  });

  it('a tenant code that is not one is refused before any SQL is built from it', async () => {
    await expect(
      db().withTenant("acme'; DROP TABLE sites; --", (tx) => tx.query('SELECT 1')),
    ).rejects.toThrow(/not a tenant code/);
    await expect(db().readTenant('ACME', (tx) => tx.query('SELECT 1'))).rejects.toThrow(/not a tenant code/);
  });

  it('the tenant setting does not outlive its transaction', async () => {
    await db().withTenant('acme', (tx) => tx.query('SELECT 1'));
    const { rows } = await db().query<{ tenant: string | null; role: string }>(
      `SELECT current_setting('app.tenant', true) AS tenant, current_user AS role`,
    );
    expect(rows[0]?.tenant ?? '').toBe('');
    expect(rows[0]?.role).not.toBe('portico_app');
  });

  it('without a tenant the application role sees nothing', async () => {
    const count = await db().transaction(async (tx) => {
      await tx.query('SET LOCAL ROLE portico_app');
      return (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM sites')).rows[0]?.n;
    });
    expect(count).toBe(0);
  });
});
