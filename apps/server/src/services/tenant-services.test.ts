import { randomUUID } from 'node:crypto';
import type { SiteList } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { issuerOf } from '../config.ts';
import { type ApiClient, statusAndCode, useTestApi } from '../testing/api.ts';

const api = useTestApi();
const bobsSites = async (client: ApiClient) => (await client.get<SiteList>('/t/acme/portal/api/sites')).body;

const SERVICE_PATHS = [
  '/t/acme/user/api/users/menu',
  '/t/acme/master-data/api/themes',
  '/t/acme/portal/api/sites',
  `/t/acme/portal/api/sites/${randomUUID()}/record-count`,
  `/t/acme/file-management/api/files/published-files?count=true&siteId=${randomUUID()}`,
];

describe('the tenant guard in front of every tenant service', () => {
  it('verifies the token before routing: no token is 401, on real and unknown paths alike', async () => {
    for (const path of [...SERVICE_PATHS, '/t/acme/portal/api/nothing-here', '/t/acme', '/t/acme/nope/x']) {
      expect([path, ...statusAndCode(await api.anonymous.get(path))]).toEqual([
        path,
        401,
        'auth.token_missing',
      ]);
    }
  });

  it('reads no body before the token is verified', async () => {
    const answer = await api.anonymous.bytes('/t/acme/portal/api/sites', {
      method: 'POST',
      body: '{"broken',
      headers: { 'content-type': 'application/json' },
    });
    expect(statusAndCode(answer)).toEqual([401, 'auth.token_missing']);
  });

  it("checks the path's tenant against tid before anything else, unknown paths included", async () => {
    for (const path of [...SERVICE_PATHS, '/t/acme/portal/api/nothing-here']) {
      expect([
        path,
        ...statusAndCode(await api.as('bob').get(path.replace('/t/acme/', '/t/globex/'))),
      ]).toEqual([path, 403, 'auth.tenant_forbidden']);
    }
  });

  it('answers JSON 404 for an unknown path inside a tenant, never the web app', async () => {
    const answer = await api.as('bob').get('/t/acme/portal/api/nothing-here');
    expect(statusAndCode(answer)).toEqual([404, 'request.not_found']);
    expect(answer.type).toContain('application/json');
  });

  it('answers 404 tenant.not_found for a tenant code the token lists but nobody has', async () => {
    const bob = api.as('bob', { tenants: ['acme', 'umbrella'] });
    for (const path of SERVICE_PATHS) {
      const answer = await bob.get(path.replace('/t/acme/', '/t/umbrella/'));
      expect([path, ...statusAndCode(answer)]).toEqual([path, 404, 'tenant.not_found']);
    }
  });

  it('answers 403 auth.forbidden on every service to someone with no role in the tenant', async () => {
    const stranger = api.minted({ tid: ['acme'] });
    for (const path of SERVICE_PATHS) {
      const answer = await stranger.get(path);
      expect([path, ...statusAndCode(answer)]).toEqual([path, 403, 'auth.forbidden']);
      expect(answer.body.error.message).toMatch(/no role in tenant "acme"/);
    }
  });
});

describe('resolving the caller to a person', () => {
  it("takes the embedded provider's subject as the user id", async () => {
    const caller = api.minted({ sub: await api.userId('bob') });
    expect((await bobsSites(caller)).records.map((s) => s.reference)).toEqual(['ACME-1001']);
  });

  it('links a new subject to the person with its verified email on first use, and remembers it', async () => {
    const subject = `ext-${randomUUID()}`;
    const first = api.minted({
      sub: subject,
      email: 'BOB@example.com',
      email_verified: true,
    });
    expect((await bobsSites(first)).records.map((s) => s.reference)).toEqual(['ACME-1001']);
    const { rows } = await api.db.query<{ user_id: string }>(
      'SELECT user_id FROM user_identities WHERE issuer = $1 AND subject = $2',
      [issuerOf(api.server.config), subject],
    );
    expect(rows.map((r) => r.user_id)).toEqual([await api.userId('bob')]);

    const later = api.minted({ sub: subject });
    expect((await bobsSites(later)).records.map((s) => s.reference)).toEqual(['ACME-1001']);
  });

  it('does not link on an unverified email', async () => {
    for (const claims of [{ email_verified: false }, { email_verified: 'true' }, {}]) {
      const caller = api.minted({
        sub: `ext-${randomUUID()}`,
        email: 'alice@example.com',
        ...claims,
      });
      expect(statusAndCode(await caller.get('/t/acme/portal/api/sites'))).toEqual([403, 'auth.forbidden']);
    }
  });

  it('does not hand a person who is already linked at this issuer to a second subject with their email', async () => {
    const email = 'carol@acme.example';
    const first = api.minted({ sub: `ext-${randomUUID()}`, email, email_verified: true });
    expect((await first.get('/t/acme/portal/api/sites')).status).toBe(200);
    const second = api.minted({ sub: `ext-${randomUUID()}`, email, email_verified: true });
    expect(statusAndCode(await second.get('/t/acme/portal/api/sites'))).toEqual([403, 'auth.forbidden']);
  });
});

describe('the API documentation', () => {
  it('documents every tenant service route with its tag, bearer security and error body', async () => {
    const { body: doc } = await api.anonymous.get<{
      paths: Record<
        string,
        Record<string, { tags?: string[]; security?: unknown; responses: Record<string, unknown> }>
      >;
    }>('/docs/json');
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
