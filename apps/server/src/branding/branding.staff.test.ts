import { randomBytes } from 'node:crypto';
import { type Branding, ICON_MAX_BYTES, LOGO_MAX_BYTES, type Theme } from '@portico/contracts';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { DEMO_TENANTS } from '../db/seed/demo-data.ts';
import { drawMarkPng } from '../db/seed/demo-images.ts';
import { errorCode, useTestApi } from '../testing/api.ts';
import { expectStaffOnly } from '../testing/staff-access.ts';

const api = useTestApi();
const acme = DEMO_TENANTS.find((t) => t.code === 'acme')!;
const PATH = '/t/acme/master-data/api/staff/branding';
const patch = (body: unknown) => api.as('carol').patch<Branding>(PATH, body);
const bobsTheme = async () => (await api.as('bob').get<Theme>('/t/acme/master-data/api/themes')).body;
const dataUrl = (type: string, bytes: Uint8Array) =>
  `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
/** A PNG of random pixels: it does not compress, so its size follows its area. */
const noisePng = (width: number, height: number) => {
  const png = new PNG({ width, height });
  png.data = randomBytes(width * height * 4);
  return PNG.sync.write(png);
};
const SAFE_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40"><rect width="120" height="40" fill="#0B3D2E"/><text x="8" y="26" fill="#fff">Acme</text></svg>',
);

describe('GET master-data/api/staff/branding', () => {
  it('answers what the clients see in api/themes, with when it changed', async () => {
    const { status, body } = await api.as('carol').get<Branding>(PATH);
    expect(status).toBe(200);
    const theme = await bobsTheme();
    expect(body).toEqual({
      displayName: theme.displayName,
      logo: theme.logo,
      icon: theme.icon,
      primaryColor: acme.colors.primary,
      secondaryColor: acme.colors.secondary,
      tertiaryColor: acme.colors.tertiary,
      updatedAt: expect.any(String),
    });
  });

  it('refuses clients and other firms', async () => {
    await expectStaffOnly(api, { method: 'GET', path: (t) => `/t/${t}/master-data/api/staff/branding` });
  });
});

describe('PATCH master-data/api/staff/branding', () => {
  it("changes Acme's primary colour; bob's theme shows it at once, the rest unchanged", async () => {
    const before = await bobsTheme();
    const changed = await patch({ primaryColor: '0b3d2e' });
    expect(changed.status).toBe(200);
    expect(changed.body.primaryColor).toBe('0B3D2E');
    expect(await bobsTheme()).toEqual({ ...before, primaryColor: '0B3D2E' });
    // Globex is another firm's branding.
    const globex = await api.as('alice').get<Theme>('/t/globex/master-data/api/themes');
    expect(globex.body.primaryColor).toBe(DEMO_TENANTS.find((t) => t.code === 'globex')!.colors.primary);
  });

  it('changes the name, a PNG logo and a square PNG icon together', async () => {
    const logo = drawMarkPng(120, 'globe', '0B3D2E', 'F2A900');
    const icon = drawMarkPng(32, 'globe', '0B3D2E', 'F2A900');
    const changed = await patch({
      displayName: '  Acme Accounting LLP ',
      logo: dataUrl('image/png', logo),
      icon: dataUrl('image/png', icon),
      secondaryColor: 'ABCDEF',
      tertiaryColor: '000000',
    });
    expect(changed.status).toBe(200);
    const theme = await bobsTheme();
    expect(theme).toMatchObject({
      displayName: 'Acme Accounting LLP',
      logo: dataUrl('image/png', logo),
      icon: dataUrl('image/png', icon),
      secondaryColor: 'ABCDEF',
      tertiaryColor: '000000',
    });
  });

  it('accepts a plain SVG logo and shows it with its type', async () => {
    expect((await patch({ logo: dataUrl('image/svg+xml', SAFE_SVG) })).status).toBe(200);
    expect((await bobsTheme()).logo).toBe(dataUrl('image/svg+xml', SAFE_SVG));
  });

  it('refuses an SVG with script, event handlers, foreignObject or external references, keeping the logo', async () => {
    const before = (await bobsTheme()).logo;
    for (const svg of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div>x</div></foreignObject></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://tracker.example/p.png"/></svg>',
    ]) {
      const answer = await patch({ logo: dataUrl('image/svg+xml', Buffer.from(svg)) });
      expect([svg, answer.status, errorCode(answer.body)]).toEqual([svg, 400, 'branding.svg_unsafe']);
      expect(answer.body.error.message).toMatch(/^The logo is refused: /);
    }
    expect((await bobsTheme()).logo).toBe(before);
  });

  it('refuses images that are too large, not square, not what they claim to be, or not data: URLs', async () => {
    const bigLogo = noisePng(380, 380);
    expect(bigLogo.length).toBeGreaterThan(LOGO_MAX_BYTES);
    const bigIcon = noisePng(200, 200);
    expect(bigIcon.length).toBeGreaterThan(ICON_MAX_BYTES);
    const cases: [unknown, string][] = [
      [{ logo: dataUrl('image/png', bigLogo) }, 'branding.image_too_large'],
      [{ icon: dataUrl('image/png', bigIcon) }, 'branding.image_too_large'],
      [
        { icon: dataUrl('image/png', PNG.sync.write(new PNG({ width: 32, height: 16 }))) },
        'branding.icon_not_square',
      ],
      [{ logo: dataUrl('image/png', SAFE_SVG) }, 'branding.image_invalid'],
      [
        { logo: dataUrl('image/svg+xml', drawMarkPng(16, 'globe', '000000', 'FFFFFF')) },
        'branding.image_invalid',
      ],
      [{ icon: 'data:image/png;base64,iVBORw0KGgo=' }, 'branding.image_invalid'],
      [{ logo: 'data:image/png;base64,not*base64' }, 'branding.image_invalid'],
      [{ logo: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' }, 'request.invalid'],
      [{ icon: dataUrl('image/svg+xml', SAFE_SVG) }, 'request.invalid'],
      [{ logo: 'https://cdn.example/logo.png' }, 'request.invalid'],
    ];
    for (const [body, code] of cases) {
      const answer = await patch(body);
      expect([JSON.stringify(body).slice(0, 60), answer.status, errorCode(answer.body)]).toEqual([
        JSON.stringify(body).slice(0, 60),
        400,
        code,
      ]);
    }
  });

  it('refuses colours that are not six hex digits, a blank name, unknown fields and an empty change', async () => {
    for (const body of [
      { primaryColor: '#1F4E79' },
      { primaryColor: 'FFF' },
      { primaryColor: 'GGGGGG' },
      { displayName: '  ' },
      { displayName: 'x'.repeat(201) },
      { tenantCode: 'globex' },
      {},
    ]) {
      const answer = await patch(body);
      expect([JSON.stringify(body), answer.status, errorCode(answer.body)]).toEqual([
        JSON.stringify(body),
        400,
        'request.invalid',
      ]);
    }
  });

  it('refuses clients and other firms, and changes nothing for them', async () => {
    const before = await bobsTheme();
    await expectStaffOnly(api, {
      method: 'PATCH',
      path: (t) => `/t/${t}/master-data/api/staff/branding`,
      body: { primaryColor: 'FF0000' },
    });
    expect(await bobsTheme()).toEqual(before);
  });
});
