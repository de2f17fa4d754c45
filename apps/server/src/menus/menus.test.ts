import type { ErrorBody, Menu } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MENU, DEMO_PASSWORD } from '../db/seed/demo-data.ts';
import { signIn } from '../testing/sign-in.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { demoUserId, mintAccessToken } from '../testing/tokens.ts';

// Starting a server migrates, seeds and renders the demo PDFs, and stopping one drops its database: both are slow
// on a busy 2-core runner.
const SERVER_TIMEOUT_MS = 60_000;
let server: TestServer;
const tokens: Record<string, string> = {};

const get = async <T>(path: string, token?: string) => {
  const response = await fetch(`${server.url}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: (await response.json()) as T };
};
const menu = (token: string | undefined, tenant = 'acme', query = '') =>
  get<Menu>(`/t/${tenant}/user/api/users/menu${query}`, token);
const errorCode = (body: unknown) => (body as ErrorBody).error.code;
const flat = (items: { key: string; name: string; order: number }[]) =>
  items.map(({ key, name, order }) => ({ key, name, order }));

beforeAll(async () => {
  server = await startTestServer();
  for (const user of ['alice', 'bob', 'carol', 'dave']) {
    tokens[user] = (await signIn(server.url, user, DEMO_PASSWORD)).accessToken;
  }
}, SERVER_TIMEOUT_MS);
afterAll(() => server?.close(), SERVER_TIMEOUT_MS);

describe('GET /t/:tenant/user/api/users/menu', () => {
  it("gives a client the tenant's client menu, in order", async () => {
    const { status, body } = await menu(tokens.bob);
    expect(status).toBe(200);
    expect(body).toMatchObject({ tenantCode: 'acme', audience: 'client' });
    expect(flat(body.items)).toEqual(DEMO_MENU.client);
    expect(body.items.map((i) => i.key)).toEqual(['submittedFiles', 'publishedFiles']);
    for (const item of body.items) expect(item).toMatchObject({ noRoute: false, subMenus: [] });
  });

  it('gives staff the staff menu when asked for it, and the client menu by default', async () => {
    const staff = await menu(tokens.carol, 'acme', '?audience=staff');
    expect(staff.status).toBe(200);
    expect(staff.body.audience).toBe('staff');
    expect(flat(staff.body.items)).toEqual(DEMO_MENU.staff);
    expect(flat((await menu(tokens.carol)).body.items)).toEqual(DEMO_MENU.client);
  });

  it('refuses the staff menu to a client with 403 auth.forbidden', async () => {
    const answer = await menu(tokens.bob, 'acme', '?audience=staff');
    expect([answer.status, errorCode(answer.body)]).toEqual([403, 'auth.forbidden']);
  });

  it('refuses an unknown audience with 400', async () => {
    for (const query of ['?audience=admin', '?audience=', '?other=1']) {
      const answer = await menu(tokens.bob, 'acme', query);
      expect([query, answer.status, errorCode(answer.body)]).toEqual([query, 400, 'request.invalid']);
    }
  });

  it("answers each tenant's own menu, ordered by the configured order with nested entries", async () => {
    const tenant = 'globex';
    const { rows } = await server.db.query<{ id: string }>(
      `INSERT INTO menu_items (tenant_code, audience, key, name, sort_order, no_route)
       VALUES ($1, 'client', 'reports', 'Reports', 0, true) RETURNING id`,
      [tenant],
    );
    const parent = rows[0]!.id;
    await server.db.query(
      `INSERT INTO menu_items (tenant_code, audience, key, name, sort_order, parent_id) VALUES
         ($1, 'client', 'yearly', 'Yearly', 2, $2), ($1, 'client', 'monthly', 'Monthly', 1, $2)`,
      [tenant, parent],
    );
    await server.db.query(
      "UPDATE menu_items SET name = 'Documents from us' WHERE tenant_code = $1 AND key = 'publishedFiles'",
      [tenant],
    );
    try {
      const globex = await menu(tokens.alice, tenant);
      expect(globex.body.tenantCode).toBe('globex');
      expect(globex.body.items.map((i) => [i.key, i.name, i.noRoute])).toEqual([
        ['reports', 'Reports', true],
        ['submittedFiles', 'Submitted Files', false],
        ['publishedFiles', 'Documents from us', false],
      ]);
      expect(globex.body.items[0]!.subMenus).toEqual([
        { key: 'monthly', name: 'Monthly', order: 1, noRoute: false, subMenus: [] },
        { key: 'yearly', name: 'Yearly', order: 2, noRoute: false, subMenus: [] },
      ]);
      // The same person in the other tenant sees that tenant's menu, untouched.
      expect(flat((await menu(tokens.alice, 'acme')).body.items)).toEqual(DEMO_MENU.client);
    } finally {
      await server.db.query('DELETE FROM menu_items WHERE id = $1', [parent]);
      await server.db.query(
        "UPDATE menu_items SET name = 'Published Files' WHERE tenant_code = $1 AND key = 'publishedFiles'",
        [tenant],
      );
    }
  });
});

describe('isolation of the user service', () => {
  it('answers 401 without a token or with a broken one', async () => {
    expect(errorCode((await menu(undefined)).body)).toBe('auth.token_missing');
    const broken = await menu('not.a.token');
    expect([broken.status, errorCode(broken.body)]).toEqual([401, 'auth.token_invalid']);
  });

  it('answers 403 auth.tenant_forbidden to a globex token calling acme', async () => {
    const answer = await menu(tokens.dave, 'acme');
    expect([answer.status, errorCode(answer.body)]).toEqual([403, 'auth.tenant_forbidden']);
  });

  it('answers 403 auth.forbidden to someone acme is in the token for but who has no role in acme', async () => {
    const dave = await mintAccessToken(server, {
      sub: await demoUserId(server, 'dave'),
      tid: ['acme', 'globex'],
    });
    const answer = await menu(dave, 'acme');
    expect([answer.status, errorCode(answer.body)]).toEqual([403, 'auth.forbidden']);
    expect((await menu(dave, 'globex')).status).toBe(200);
  });
});
