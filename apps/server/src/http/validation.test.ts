import type { ErrorBody, SiteList } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../db/seed/demo-data.ts';
import { signIn } from '../testing/sign-in.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ accessToken: token } = await signIn(server.url, 'bob', DEMO_PASSWORD));
}, 60_000);
afterAll(() => server?.close(), 60_000);

const call = (method: string, path: string, body?: unknown) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

describe('request validation', () => {
  it('coerces query strings, which arrive as text, to the schema types', async () => {
    const response = await call('GET', '/t/acme/portal/api/sites?limit=1&offset=0');
    expect(response.status).toBe(200);
    expect(((await response.json()) as SiteList).records).toHaveLength(1);
  });

  it('does not coerce JSON bodies: a number where a string belongs is a 400, not a guess', async () => {
    const sites = (await (await call('GET', '/t/acme/portal/api/sites')).json()) as SiteList;
    const save = (title: unknown) =>
      call('POST', '/t/acme/portal/api/files', {
        siteId: sites.records[0]!.id,
        files: [{ referenceNumber: 'UP-0123456789ABCDEF', title }],
      });
    // The same body with a string title passes validation and reaches the lookup, so only the type differs.
    const withString = await save('42');
    expect(((await withString.json()) as ErrorBody).error.code).toBe('uploads.not_found');
    const withNumber = await save(42);
    expect(withNumber.status).toBe(400);
    expect(((await withNumber.json()) as ErrorBody).error.code).toBe('request.invalid');
  });
});
