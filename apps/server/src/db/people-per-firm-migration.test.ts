import { describe, expect, it } from 'vitest';
import { testDatabaseKind, upgradeWithData, useTestDatabase } from '../testing/test-database.ts';

/**
 * Migration 0007 on a database that already has people: every firm gets a record of everyone it dealt with, and
 * the global rows keep only names people gave themselves. The earlier migrations are replayed into a schema of
 * their own, so the upgrade runs on data exactly as a running portal would hold it.
 */

const db = useTestDatabase();
const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

const DATA = `
  INSERT INTO tenants (code, display_name, icon_png, logo, logo_content_type, primary_color, secondary_color, tertiary_color)
  VALUES ('acme', 'Acme', '\\x00', '\\x00', 'image/png', '111111', '222222', '333333'),
         ('globex', 'Globex', '\\x00', '\\x00', 'image/png', '111111', '222222', '333333');
  INSERT INTO users (id, email, name) VALUES
    ('${id(1)}', 'own@example.com', 'Own Name'),
    ('${id(2)}', 'invited@example.com', 'Typed By Globex'),
    ('${id(3)}', 'linked@example.com', 'Typed By Acme'),
    ('${id(4)}', 'gone@example.com', 'Former Client');
  INSERT INTO idp_accounts (user_id, username, password_hash) VALUES ('${id(1)}', 'own', 'x');
  INSERT INTO user_identities (issuer, subject, user_id) VALUES ('https://id.example.test', 'linked', '${id(3)}');
  INSERT INTO tenant_staff (tenant_code, user_id) VALUES ('acme', '${id(1)}');
  INSERT INTO sites (id, tenant_code, name) VALUES ('${id(8)}', 'acme', 'A1'), ('${id(9)}', 'globex', 'G1');
  INSERT INTO site_members (tenant_code, site_id, user_id) VALUES
    ('acme', '${id(8)}', '${id(2)}'), ('globex', '${id(9)}', '${id(2)}'), ('globex', '${id(9)}', '${id(3)}');
  INSERT INTO audit_events (tenant_code, user_id, action) VALUES ('acme', '${id(4)}', 'file.download');`;

describe(`migration 0007 on ${testDatabaseKind()}`, () => {
  it('gives each firm a record of the people it dealt with, and keeps only their own names in users', async () => {
    const upgrade = { through: '0006_rate_limits.sql', data: DATA, migration: '0007_people_per_firm.sql' };
    const found = await upgradeWithData(db(), upgrade, async (tx) => {
      const people = await tx.query<{ tenant_code: string; user_id: string; name: string }>(
        'SELECT tenant_code, user_id, name FROM tenant_people ORDER BY tenant_code, user_id',
      );
      const users = await tx.query<{ email: string; name: string | null }>(
        'SELECT email, name FROM users ORDER BY email',
      );
      // A role written other than through the API (seed, operator) brings a record with it.
      await tx.exec(
        `INSERT INTO site_members (tenant_code, site_id, user_id) VALUES ('acme', '${id(8)}', '${id(3)}')`,
      );
      const added = await tx.query<{ name: string }>(
        `SELECT name FROM tenant_people WHERE tenant_code = 'acme' AND user_id = '${id(3)}'`,
      );
      await tx.exec('SET LOCAL search_path TO public; DROP SCHEMA upgrade_0007 CASCADE');
      return { people: people.rows, users: users.rows, added: added.rows };
    });
    expect(found.people.map((p) => [p.tenant_code, p.user_id, p.name])).toEqual([
      ['acme', id(1), 'Own Name'],
      ['acme', id(2), 'Typed By Globex'],
      ['acme', id(4), 'Former Client'],
      ['globex', id(2), 'Typed By Globex'],
      ['globex', id(3), 'Typed By Acme'],
    ]);
    expect(found.users).toEqual([
      { email: 'gone@example.com', name: null },
      { email: 'invited@example.com', name: null },
      { email: 'linked@example.com', name: null },
      { email: 'own@example.com', name: 'Own Name' },
    ]);
    expect(found.added).toEqual([{ name: 'linked@example.com' }]);
  });
});
