import type { Theme } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_TENANTS } from '../db/seed/demo-data.ts';
import { type ApiClient, errorCode, useTestApi } from '../testing/api.ts';

const api = useTestApi();
const theme = (client: ApiClient, tenant = 'acme') =>
  client.get<Theme>(`/t/${tenant}/master-data/api/themes`);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const decodeDataUrl = (url: string) => {
  const match = url.match(/^data:([\w/+.-]+);base64,([A-Za-z0-9+/]+=*)$/);
  if (!match) throw new Error(`not a base64 data: URL: ${url.slice(0, 60)}`);
  return { contentType: match[1], bytes: Buffer.from(match[2]!, 'base64') };
};

describe('GET /t/:tenant/master-data/api/themes', () => {
  it("answers each tenant's name and colours (hex without #) to someone of that tenant", async () => {
    for (const tenant of DEMO_TENANTS) {
      const { status, body, headers } = await theme(api.as('alice'), tenant.code);
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
      const { body } = await theme(api.as('alice'), tenant.code);
      const { rows } = await api.db.query<{ logo: Uint8Array; icon_png: Uint8Array }>(
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
    const [acme, globex] = await Promise.all([
      theme(api.as('alice'), 'acme'),
      theme(api.as('alice'), 'globex'),
    ]);
    expect(acme.body.logo).not.toBe(globex.body.logo);
  });

  it('carries an SVG logo with its own content type', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>';
    const { rows } = await api.db.query<{ logo: Uint8Array }>(
      "SELECT logo FROM tenants WHERE code = 'globex'",
    );
    await api.db.query(
      "UPDATE tenants SET logo = $1, logo_content_type = 'image/svg+xml' WHERE code = 'globex'",
      [Buffer.from(svg)],
    );
    try {
      const logo = decodeDataUrl((await theme(api.as('dave'), 'globex')).body.logo);
      expect(logo.contentType).toBe('image/svg+xml');
      expect(logo.bytes.toString()).toBe(svg);
    } finally {
      await api.db.query(
        "UPDATE tenants SET logo = $1, logo_content_type = 'image/png' WHERE code = 'globex'",
        [rows[0]!.logo],
      );
    }
  });
});

describe('isolation of the master-data service', () => {
  it('answers 401 without a token', async () => {
    const answer = await theme(api.anonymous);
    expect([answer.status, errorCode(answer.body)]).toEqual([401, 'auth.token_missing']);
  });

  it("answers 403 auth.tenant_forbidden to a globex token asking for acme's theme", async () => {
    const answer = await theme(api.as('dave'), 'acme');
    expect([answer.status, errorCode(answer.body)]).toEqual([403, 'auth.tenant_forbidden']);
  });

  it('answers 403 auth.forbidden to someone acme is in the token for but who has no role in acme', async () => {
    const answer = await theme(api.as('dave', { tenants: ['acme'] }), 'acme');
    expect([answer.status, errorCode(answer.body)]).toEqual([403, 'auth.forbidden']);
  });

  it('answers 404 tenant.not_found for a tenant the token lists but that does not exist', async () => {
    const answer = await theme(api.as('carol', { tenants: ['acme', 'initech'] }), 'initech');
    expect([answer.status, errorCode(answer.body)]).toEqual([404, 'tenant.not_found']);
  });
});
