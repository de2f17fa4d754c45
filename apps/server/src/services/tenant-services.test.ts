import { randomUUID } from 'node:crypto';
import type { ErrorBody, SiteList } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuerOf } from '../config.ts';
import { DEMO_PASSWORD } from '../db/seed/demo-data.ts';
import { signIn } from '../testing/sign-in.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { demoUserId, mintAccessToken } from '../testing/tokens.ts';

// Starting a server migrates, seeds and renders the demo PDFs, and stopping one drops its database: both are slow
// on a busy 2-core runner.
const SERVER_TIMEOUT_MS = 60_000;
let server: TestServer;
let bob: string;

const call = async (
  path: string,
  init: { token?: string; method?: string; body?: string; type?: string } = {},
) => {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.type) headers['content-type'] = init.type;
  const response = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body === undefined ? {} : { body: init.body }),
  });
  const text = await response.text();
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: JSON.parse(text) as unknown,
  };
};
const codeOf = (answer: { status: number; body: unknown }) => [
  answer.status,
  (answer.body as ErrorBody).error?.code,
];
const bobsSites = async (token: string) =>
  (await call('/t/acme/portal/api/sites', { token })).body as SiteList;

const SERVICE_PATHS = [
  '/t/acme/user/api/users/menu',
  '/t/acme/master-data/api/themes',
  '/t/acme/portal/api/sites',
  `/t/acme/portal/api/sites/${randomUUID()}/record-count`,
  `/t/acme/file-management/api/files/published-files?count=true&siteId=${randomUUID()}`,
];

beforeAll(async () => {
  server = await startTestServer();
  bob = (await signIn(server.url, 'bob', DEMO_PASSWORD)).accessToken;
}, SERVER_TIMEOUT_MS);
afterAll(() => server?.close(), SERVER_TIMEOUT_MS);

describe('the tenant guard in front of every tenant service', () => {
  it('verifies the token before routing: no token is 401, on real and unknown paths alike', async () => {
    for (const path of [...SERVICE_PATHS, '/t/acme/portal/api/nothing-here', '/t/acme', '/t/acme/nope/x']) {
      expect([path, ...codeOf(await call(path))]).toEqual([path, 401, 'auth.token_missing']);
    }
  });

  it('reads no body before the token is verified', async () => {
    const answer = await call('/t/acme/portal/api/sites', {
      method: 'POST',
      body: '{"broken',
      type: 'application/json',
    });
    expect(codeOf(answer)).toEqual([401, 'auth.token_missing']);
  });

  it("checks the path's tenant against tid before anything else, unknown paths included", async () => {
    for (const path of [...SERVICE_PATHS, '/t/acme/portal/api/nothing-here']) {
      expect([path, ...codeOf(await call(path.replace('/t/acme/', '/t/globex/'), { token: bob }))]).toEqual([
        path,
        403,
        'auth.tenant_forbidden',
      ]);
    }
  });

  it('answers JSON 404 for an unknown path inside a tenant, never the web app', async () => {
    const answer = await call('/t/acme/portal/api/nothing-here', { token: bob });
    expect(codeOf(answer)).toEqual([404, 'request.not_found']);
    expect(answer.type).toContain('application/json');
  });

  it('answers 404 tenant.not_found for a tenant code the token lists but nobody has', async () => {
    const token = await mintAccessToken(server, {
      sub: await demoUserId(server, 'bob'),
      tid: ['acme', 'umbrella'],
    });
    for (const path of SERVICE_PATHS) {
      const answer = await call(path.replace('/t/acme/', '/t/umbrella/'), { token });
      expect([path, ...codeOf(answer)]).toEqual([path, 404, 'tenant.not_found']);
    }
  });

  it('answers 403 auth.forbidden on every service to someone with no role in the tenant', async () => {
    const stranger = await mintAccessToken(server, { tid: ['acme'] });
    for (const path of SERVICE_PATHS) {
      const answer = await call(path, { token: stranger });
      expect([path, ...codeOf(answer)]).toEqual([path, 403, 'auth.forbidden']);
      expect((answer.body as ErrorBody).error.message).toMatch(/no role in tenant "acme"/);
    }
  });
});

describe('resolving the caller to a person', () => {
  it("takes the embedded provider's subject as the user id", async () => {
    const token = await mintAccessToken(server, { sub: await demoUserId(server, 'bob') });
    expect((await bobsSites(token)).records.map((s) => s.reference)).toEqual(['ACME-1001']);
  });

  it('links a new subject to the person with its verified email on first use, and remembers it', async () => {
    const subject = `ext-${randomUUID()}`;
    const first = await mintAccessToken(server, {
      sub: subject,
      email: 'BOB@example.com',
      email_verified: true,
    });
    expect((await bobsSites(first)).records.map((s) => s.reference)).toEqual(['ACME-1001']);
    const { rows } = await server.db.query<{ user_id: string }>(
      'SELECT user_id FROM user_identities WHERE issuer = $1 AND subject = $2',
      [issuerOf(server.config), subject],
    );
    expect(rows.map((r) => r.user_id)).toEqual([await demoUserId(server, 'bob')]);

    const later = await mintAccessToken(server, { sub: subject });
    expect((await bobsSites(later)).records.map((s) => s.reference)).toEqual(['ACME-1001']);
  });

  it('does not link on an unverified email', async () => {
    for (const claims of [{ email_verified: false }, { email_verified: 'true' }, {}]) {
      const token = await mintAccessToken(server, {
        sub: `ext-${randomUUID()}`,
        email: 'alice@example.com',
        ...claims,
      });
      expect(codeOf(await call('/t/acme/portal/api/sites', { token }))).toEqual([403, 'auth.forbidden']);
    }
  });

  it('does not hand a person who is already linked at this issuer to a second subject with their email', async () => {
    const email = 'carol@acme.example';
    const first = await mintAccessToken(server, { sub: `ext-${randomUUID()}`, email, email_verified: true });
    expect((await call('/t/acme/portal/api/sites', { token: first })).status).toBe(200);
    const second = await mintAccessToken(server, { sub: `ext-${randomUUID()}`, email, email_verified: true });
    expect(codeOf(await call('/t/acme/portal/api/sites', { token: second }))).toEqual([
      403,
      'auth.forbidden',
    ]);
  });
});

describe('the API documentation', () => {
  it('documents every tenant service route with its tag, bearer security and error body', async () => {
    const doc = (await call('/docs/json')).body as {
      paths: Record<
        string,
        Record<string, { tags?: string[]; security?: unknown; responses: Record<string, unknown> }>
      >;
    };
    const expected = {
      '/t/{tenant}/user/api/users/menu': 'user',
      '/t/{tenant}/master-data/api/themes': 'master-data',
      '/t/{tenant}/portal/api/sites': 'portal',
      '/t/{tenant}/portal/api/sites/{siteId}/record-count': 'portal',
      '/t/{tenant}/file-management/api/files/published-files': 'file-management',
    };
    for (const [path, tag] of Object.entries(expected)) {
      const operation = doc.paths[path]?.get;
      expect(operation, path).toBeDefined();
      expect(operation!.tags).toEqual([tag]);
      expect(operation!.security).toEqual([{ bearer: [] }]);
      expect(Object.keys(operation!.responses)).toEqual(expect.arrayContaining(['200', '4XX']));
    }
  });
});
