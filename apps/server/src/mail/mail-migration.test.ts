import { describe, expect, it } from 'vitest';
import { testDatabaseKind, upgradeWithData, useTestDatabase } from '../testing/test-database.ts';

/**
 * Migration 0011 on a database that already has tenants: each gets the Notifications page in both menus and the
 * Mail page in the staff's, after the items it has (a firm that renamed or reordered its menu keeps that), and
 * one signing key exists for unsubscribe links. Earlier migrations are replayed into a schema of their own.
 */
const db = useTestDatabase();

const MENUS = `
        INSERT INTO tenants (code, display_name, icon_png, logo, logo_content_type, primary_color, secondary_color, tertiary_color)
        VALUES ('acme', 'Acme', '\\x00', '\\x00', 'image/png', '111111', '222222', '333333'),
               ('globex', 'Globex', '\\x00', '\\x00', 'image/png', '111111', '222222', '333333');
        INSERT INTO menu_items (tenant_code, audience, key, name, sort_order) VALUES
          ('acme', 'client', 'publishedFiles', 'Documents', 4), ('acme', 'staff', 'sites', 'Sites', 7);`;

describe(`migration 0011 on ${testDatabaseKind()}`, () => {
  it("adds the mail pages to every tenant's menus, after their own items", async () => {
    const upgrade = { through: '0008_idempotency_keys.sql', data: MENUS, migration: '0011_mail_outbox.sql' };
    const found = await upgradeWithData(db(), upgrade, async (tx) => {
      const items = await tx.query<{
        tenant_code: string;
        audience: string;
        key: string;
        sort_order: number;
      }>(
        'SELECT tenant_code, audience, key, sort_order FROM menu_items ORDER BY tenant_code, audience, sort_order',
      );
      const keys = await tx.query<{ n: number; length: number }>(
        'SELECT count(*)::int AS n, min(length(secret)) AS length FROM mail_signing_key',
      );
      return { items: items.rows, keys: keys.rows[0] };
    });
    expect(found.items).toEqual([
      { tenant_code: 'acme', audience: 'client', key: 'publishedFiles', sort_order: 4 },
      { tenant_code: 'acme', audience: 'client', key: 'notifications', sort_order: 5 },
      { tenant_code: 'acme', audience: 'staff', key: 'sites', sort_order: 7 },
      { tenant_code: 'acme', audience: 'staff', key: 'mail', sort_order: 8 },
      { tenant_code: 'acme', audience: 'staff', key: 'notifications', sort_order: 9 },
      { tenant_code: 'globex', audience: 'client', key: 'notifications', sort_order: 1 },
      { tenant_code: 'globex', audience: 'staff', key: 'mail', sort_order: 1 },
      { tenant_code: 'globex', audience: 'staff', key: 'notifications', sort_order: 2 },
    ]);
    expect(found.keys).toEqual({ n: 1, length: 96 });
  });
});
