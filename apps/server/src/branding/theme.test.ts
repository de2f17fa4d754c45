import type { ErrorBody, Theme } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_TENANTS } from '../db/seed/demo-data.ts';
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
  return { status: response.status, headers: response.headers, body: (await response.json()) as T };
};
const theme = (token: string | undefined, tenant = 'acme') =>
  get<Theme>(`/t/${tenant}/master-data/api/themes`, token);
const errorCode = (body: unknown) => (body as ErrorBody).error.code;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const decodeDataUrl = (url: string) => {
  const match = url.match(/^data:([\w/+.-]+);base64,([A-Za-z0-9+/]+=*)$/);
  if (!match) throw new Error(`not a base64 data: URL: ${url.slice(0, 60)}`);
  return { contentType: match[1], bytes: Buffer.from(match[2]!, 'base64') };
};

beforeAll(async () => {
  server = await startTestServer();
  for (const user of ['alice', 'carol', 'dave']) {
    tokens[user] = (await signIn(server.url, user, DEMO_PASSWORD)).accessToken;
  }
}, SERVER_TIMEOUT_MS);
afterAll(() => server?.close(), SERVER_TIMEOUT_MS);

describe('GET /t/:tenant/master-data/api/themes', () => {
  it("answers each tenant's name and colours (hex without #) to someone of that tenant", async () => {
    for (const tenant of DEMO_TENANTS) {
      const { status, body, headers } = await theme(tokens.alice, tenant.code);
      expect(status).toBe(200);
      expect(body).toMatchObject({
        tenantCode: tenant.code,
        displayName: tenant.displayName,
        primaryColor: tenant.colors.primary,
        secondaryColor: tenant.colors.secondary,
        tertiaryColor: tenant.colors.tertiary,
      });
      expect(headers.get('cache-control')).toContain('private');
    }
  });

  it('inlines the stored logo and icon as data: URLs with their content types', async () => {
    for (const tenant of DEMO_TENANTS) {
      const { body } = await theme(tokens.alice, tenant.code);
      const { rows } = await server.db.query<{ logo: Uint8Array; icon_png: Uint8Array }>(
        'SELECT logo, icon_png FROM tenants WHERE code = $1',
        [tenant.code],
      );
      const logo = decodeDataUrl(body.logo);
      const icon = decodeDataUrl(body.icon);
      expect(logo.contentType).toBe('image/png');
      expect(icon.contentType).toBe('image/png');
      expect(logo.bytes.equals(Buffer.from(rows[0]!.logo))).toBe(true);
      expect(icon.bytes.equals(Buffer.from(rows[0]!.icon_png))).toBe(true);
      expect(logo.bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    }
    const [acme, globex] = await Promise.all([theme(tokens.alice, 'acme'), theme(tokens.alice, 'globex')]);
    expect(acme.body.logo).not.toBe(globex.body.logo);
  });

  it('carries an SVG logo with its own content type', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>';
    const { rows } = await server.db.query<{ logo: Uint8Array }>(
      "SELECT logo FROM tenants WHERE code = 'globex'",
    );
    await server.db.query(
      "UPDATE tenants SET logo = $1, logo_content_type = 'image/svg+xml' WHERE code = 'globex'",
      [Buffer.from(svg)],
    );
    try {
      const logo = decodeDataUrl((await theme(tokens.dave, 'globex')).body.logo);
      expect(logo.contentType).toBe('image/svg+xml');
      expect(logo.bytes.toString()).toBe(svg);
    } finally {
      await server.db.query(
        "UPDATE tenants SET logo = $1, logo_content_type = 'image/png' WHERE code = 'globex'",
        [rows[0]!.logo],
      );
    }
  });
});

describe('isolation of the master-data service', () => {
  it('answers 401 without a token', async () => {
    const answer = await theme(undefined);
    expect([answer.status, errorCode(answer.body)]).toEqual([401, 'auth.token_missing']);
  });

  it("answers 403 auth.tenant_forbidden to a globex token asking for acme's theme", async () => {
    const answer = await theme(tokens.dave, 'acme');
    expect([answer.status, errorCode(answer.body)]).toEqual([403, 'auth.tenant_forbidden']);
  });

  it('answers 403 auth.forbidden to someone acme is in the token for but who has no role in acme', async () => {
    const dave = await mintAccessToken(server, { sub: await demoUserId(server, 'dave'), tid: ['acme'] });
    const answer = await theme(dave, 'acme');
    expect([answer.status, errorCode(answer.body)]).toEqual([403, 'auth.forbidden']);
  });

  it('answers 404 tenant.not_found for a tenant the token lists but that does not exist', async () => {
    const token = await mintAccessToken(server, {
      sub: await demoUserId(server, 'carol'),
      tid: ['acme', 'initech'],
    });
    const answer = await theme(token, 'initech');
    expect([answer.status, errorCode(answer.body)]).toEqual([404, 'tenant.not_found']);
  });
});
