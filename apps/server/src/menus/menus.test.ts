import type { Menu } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_MENU } from '../db/seed/demo-data.ts';
import { type ApiClient, errorCode, useTestApi } from '../testing/api.ts';

const api = useTestApi();
const menu = (client: ApiClient, tenant = 'acme', query = '') =>
  client.get<Menu>(`/t/${tenant}/user/api/users/menu${query}`);
const flat = (items: { key: string; name: string; order: number }[]) =>
  items.map(({ key, name, order }) => ({ key, name, order }));

describe('GET /t/:tenant/user/api/users/menu', () => {
  it("gives a client the tenant's client menu, in order", async () => {
    const { status, body } = await menu(api.as('bob'));
    expect(status).toBe(200);
    expect(body).toMatchObject({ tenantCode: 'acme', audience: 'client' });
    expect(flat(body.items)).toEqual(DEMO_MENU.client);
    expect(body.items.map((i) => i.key)).toEqual([
      'submittedFiles',
      'publishedFiles',
      'requestedDocuments',
      'notifications',
      'assignedToMe',
    ]);
    for (const item of body.items) expect(item).toMatchObject({ noRoute: false, subMenus: [] });
  });

  it('gives staff the staff menu when asked for it, and the client menu by default', async () => {
    const staff = await menu(api.as('carol'), 'acme', '?audience=staff');
    expect(staff.status).toBe(200);
    expect(staff.body.audience).toBe('staff');
    expect(flat(staff.body.items)).toEqual(DEMO_MENU.staff);
    expect(flat((await menu(api.as('carol'))).body.items)).toEqual(DEMO_MENU.client);
  });

  it('refuses the staff menu to a client with 403 auth.forbidden', async () => {
    const answer = await menu(api.as('bob'), 'acme', '?audience=staff');
    expect([answer.status, errorCode(answer.body)]).toEqual([403, 'auth.forbidden']);
  });

  it('refuses an unknown audience with 400', async () => {
    for (const query of ['?audience=admin', '?audience=', '?other=1']) {
      const answer = await menu(api.as('bob'), 'acme', query);
      expect([query, answer.status, errorCode(answer.body)]).toEqual([query, 400, 'request.invalid']);
    }
  });

  it("answers each tenant's own menu, ordered by the configured order with nested entries", async () => {
    const tenant = 'globex';
    const { rows } = await api.db.query<{ id: string }>(
      `INSERT INTO menu_items (tenant_code, audience, key, name, sort_order, no_route)
       VALUES ($1, 'client', 'reports', 'Reports', 0, true) RETURNING id`,
      [tenant],
    );
    const parent = rows[0]!.id;
    await api.db.query(
      `INSERT INTO menu_items (tenant_code, audience, key, name, sort_order, parent_id) VALUES
         ($1, 'client', 'yearly', 'Yearly', 2, $2), ($1, 'client', 'monthly', 'Monthly', 1, $2)`,
      [tenant, parent],
    );
    await api.db.query(
      "UPDATE menu_items SET name = 'Documents from us' WHERE tenant_code = $1 AND key = 'publishedFiles'",
      [tenant],
    );
    try {
      const globex = await menu(api.as('alice'), tenant);
      expect(globex.body.tenantCode).toBe('globex');
      expect(globex.body.items.map((i) => [i.key, i.name, i.noRoute])).toEqual([
        ['reports', 'Reports', true],
        ['submittedFiles', 'Submitted Files', false],
        ['publishedFiles', 'Documents from us', false],
        ['requestedDocuments', 'Requested Documents', false],
        ['notifications', 'Notifications', false],
        ['assignedToMe', 'Assigned to me', false],
      ]);
      expect(globex.body.items[0]!.subMenus).toEqual([
        { key: 'monthly', name: 'Monthly', order: 1, noRoute: false, subMenus: [] },
        { key: 'yearly', name: 'Yearly', order: 2, noRoute: false, subMenus: [] },
      ]);
      // The same person in the other tenant sees that tenant's menu, untouched.
      expect(flat((await menu(api.as('alice'), 'acme')).body.items)).toEqual(DEMO_MENU.client);
    } finally {
      await api.db.query('DELETE FROM menu_items WHERE id = $1', [parent]);
      await api.db.query(
        "UPDATE menu_items SET name = 'Published Files' WHERE tenant_code = $1 AND key = 'publishedFiles'",
        [tenant],
      );
    }
  });
});

describe('isolation of the user service', () => {
  it('answers 401 without a token or with a broken one', async () => {
    expect(errorCode((await menu(api.anonymous)).body)).toBe('auth.token_missing');
    const broken = await menu(api.withToken('not.a.token'));
    expect([broken.status, errorCode(broken.body)]).toEqual([401, 'auth.token_invalid']);
  });

  it('answers 403 auth.tenant_forbidden to a globex token calling acme', async () => {
    const answer = await menu(api.as('dave'), 'acme');
    expect([answer.status, errorCode(answer.body)]).toEqual([403, 'auth.tenant_forbidden']);
  });

  it('answers 403 auth.forbidden to someone acme is in the token for but who has no role in acme', async () => {
    const dave = api.as('dave', { tenants: ['acme', 'globex'] });
    const answer = await menu(dave, 'acme');
    expect([answer.status, errorCode(answer.body)]).toEqual([403, 'auth.forbidden']);
    expect((await menu(dave, 'globex')).status).toBe(200);
  });
});
