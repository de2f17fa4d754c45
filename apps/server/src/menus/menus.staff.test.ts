import type { Menu } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_MENU } from '../db/seed/demo-data.ts';
import { type ApiClient, errorCode, useTestApi } from '../testing/api.ts';
import { expectStaffOnly } from '../testing/staff-access.ts';

const api = useTestApi();
const path = (audience: string, tenant = 'acme') => `/t/${tenant}/user/api/staff/menus/${audience}`;
const replace = (audience: string, body: unknown) => api.as('carol').put<Menu>(path(audience), body);
const usersMenu = async (client: ApiClient, audience = 'client') =>
  (await client.get<Menu>(`/t/acme/user/api/users/menu?audience=${audience}`)).body;
const entry = (key: string, name: string, order: number, extra: object = {}) => ({
  key,
  name,
  order,
  noRoute: false,
  subMenus: [],
  ...extra,
});

describe('GET user/api/staff/menus/:audience', () => {
  it('answers the menu of either audience', async () => {
    for (const audience of ['client', 'staff'] as const) {
      const { status, body } = await api.as('carol').get<Menu>(path(audience));
      expect(status).toBe(200);
      expect(body).toEqual({
        tenantCode: 'acme',
        audience,
        items: DEMO_MENU[audience].map((i) => entry(i.key, i.name, i.order)),
      });
    }
    const unknown = await api.as('carol').get(path('everyone'));
    expect([unknown.status, errorCode(unknown.body)]).toEqual([400, 'request.invalid']);
  });

  it('refuses clients and other firms', async () => {
    await expectStaffOnly(api, { method: 'GET', path: (t) => path('client', t) });
  });
});

describe('PUT user/api/staff/menus/:audience', () => {
  it("replaces the client menu; bob's portal menu shows it at once, with submenus and no-route entries", async () => {
    const body = {
      items: [
        { key: 'publishedFiles', name: ' Documents from us ', order: 1 },
        {
          key: 'submittedFiles',
          name: 'Your uploads',
          order: 2,
          subMenus: [
            { key: 'submittedThisYear', name: 'This year', order: 2, noRoute: true },
            { key: 'submittedArchive', name: 'Archive', order: 1 },
          ],
        },
        { key: 'invoices', name: 'Invoices', order: 3, noRoute: true },
      ],
    };
    const replaced = await replace('client', body);
    expect(replaced.status).toBe(200);
    const expected = [
      entry('publishedFiles', 'Documents from us', 1),
      entry('submittedFiles', 'Your uploads', 2, {
        subMenus: [
          entry('submittedArchive', 'Archive', 1),
          entry('submittedThisYear', 'This year', 2, { noRoute: true }),
        ],
      }),
      entry('invoices', 'Invoices', 3, { noRoute: true }),
    ];
    expect(replaced.body.items).toEqual(expected);
    expect((await usersMenu(api.as('bob'))).items).toEqual(expected);
    // The staff menu is a menu of its own.
    expect((await usersMenu(api.as('carol'), 'staff')).items.map((i) => i.key)).toEqual(
      DEMO_MENU.staff.map((i) => i.key),
    );
    // Globex's portal menu is another firm's.
    const globex = await api.as('alice').get<Menu>('/t/globex/user/api/users/menu');
    expect(globex.body.items.map((i) => i.name)).toEqual(DEMO_MENU.client.map((i) => i.name));
  });

  it('replaces the staff menu, which only staff may read', async () => {
    const replaced = await replace('staff', {
      items: DEMO_MENU.staff.map((i) => ({
        key: i.key,
        name: i.name.toUpperCase(),
        order: DEMO_MENU.staff.length - i.order,
      })),
    });
    expect(replaced.status).toBe(200);
    expect((await usersMenu(api.as('carol'), 'staff')).items.map((i) => i.name)[0]).toBe(
      DEMO_MENU.staff.at(-1)!.name.toUpperCase(),
    );
  });

  it('refuses duplicate keys (children included), blank names, deeper nesting and an empty menu', async () => {
    const duplicates = [
      { items: [entry('a', 'A', 1), entry('a', 'Again', 2)] },
      { items: [{ key: 'a', name: 'A', order: 1, subMenus: [{ key: 'a', name: 'Child A', order: 1 }] }] },
      {
        items: [
          { key: 'a', name: 'A', order: 1, subMenus: [{ key: 'c', name: 'C', order: 1 }] },
          { key: 'b', name: 'B', order: 2, subMenus: [{ key: 'c', name: 'C again', order: 1 }] },
        ],
      },
    ];
    for (const body of duplicates) {
      const answer = await replace('client', body);
      expect([answer.status, errorCode(answer.body)]).toEqual([400, 'menu.duplicate_key']);
      expect(answer.body.error.message).toMatch(/"[ac]"/);
    }
    const invalid = [
      { items: [] },
      { items: [{ key: 'a', name: '   ', order: 1 }] },
      { items: [{ key: 'a', name: '', order: 1 }] },
      { items: [{ key: '', name: 'A', order: 1 }] },
      { items: [{ key: 'has space', name: 'A', order: 1 }] },
      { items: [{ key: 'a', name: 'A', order: -1 }] },
      { items: [{ key: 'a', name: 'A', order: 1, noRoute: 'yes' }] },
      { items: [{ key: 'a', name: 'A', order: 1, noRoute: null }] },
      {
        items: [
          { key: 'a', name: 'A', order: 1, subMenus: [{ key: 'b', name: 'B', order: 1, subMenus: [] }] },
        ],
      },
      { items: [{ key: 'a', name: 'A', order: 1, parentId: 'x' }] },
    ];
    for (const body of invalid) {
      const answer = await replace('client', body);
      expect([JSON.stringify(body), answer.status, errorCode(answer.body)]).toEqual([
        JSON.stringify(body),
        400,
        'request.invalid',
      ]);
    }
    // Nothing of it was stored.
    expect((await usersMenu(api.as('bob'))).items.map((i) => i.key)).toEqual([
      'publishedFiles',
      'submittedFiles',
      'invoices',
    ]);
  });

  it('refuses clients and other firms, and changes nothing for them', async () => {
    const before = await usersMenu(api.as('bob'));
    for (const audience of ['client', 'staff']) {
      await expectStaffOnly(api, {
        method: 'PUT',
        path: (t) => path(audience, t),
        body: { items: [{ key: 'hijacked', name: 'Hijacked', order: 1 }] },
      });
    }
    expect(await usersMenu(api.as('bob'))).toEqual(before);
  });
});
