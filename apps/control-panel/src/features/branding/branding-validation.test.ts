import { ICON_MAX_BYTES, LOGO_MAX_BYTES } from '@portico/contracts';
import { describe, expect, test } from 'vitest';
import {
  checkImageFile,
  colorProblem,
  displayNameProblem,
  normaliseHexColor,
  pngSize,
  svgProblem,
} from './branding-validation.ts';

/** The first bytes of a PNG: signature and IHDR header, which is all the client reads. */
function pngHeader(width: number, height: number, padTo = 64): Uint8Array {
  const bytes = new Uint8Array(Math.max(padTo, 33));
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(bytes.buffer);
  view.setUint32(8, 13);
  bytes.set(
    [...'IHDR'].map((c) => c.charCodeAt(0)),
    12,
  );
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}

const file = (bytes: BlobPart, name: string, type: string) => new File([bytes], name, { type });

describe('branding colours and name', () => {
  test('colours are six hex digits, stored upper-case without #', () => {
    expect(normaliseHexColor('#1f4e79')).toBe('1F4E79');
    expect(normaliseHexColor(' 8B0000 ')).toBe('8B0000');
    for (const bad of ['#fff', '1F4E7', '#1F4E79FF', 'red', '', undefined]) {
      expect(normaliseHexColor(bad)).toBeUndefined();
      expect(colorProblem(bad)).toMatch(/six hex digits/);
    }
    expect(colorProblem('#ABCDEF')).toBeUndefined();
  });

  test('the firm name is not blank, at most 200 characters, without control characters', () => {
    expect(displayNameProblem('Acme Accounting')).toBeUndefined();
    expect(displayNameProblem('   ')).toMatch(/Enter/);
    expect(displayNameProblem('x'.repeat(201))).toMatch(/200/);
    expect(displayNameProblem('Acme\nAccounting')).toMatch(/control/);
  });
});

describe('branding images', () => {
  test('reads the size of a PNG from its header and refuses what is not a PNG', () => {
    expect(pngSize(pngHeader(32, 16))).toEqual({ width: 32, height: 16 });
    expect(pngSize(new TextEncoder().encode('GIF89a not a png at all, really'))).toBeUndefined();
  });

  test('an SVG logo with scripts, handlers or outside references is refused like the server does', () => {
    expect(
      svgProblem('<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>'),
    ).toBeUndefined();
    expect(svgProblem('<?xml version="1.0"?><svg><script>alert(1)</script></svg>')).toMatch(/active content/);
    expect(svgProblem('<svg onload="alert(1)"></svg>')).toMatch(/event handler/);
    expect(svgProblem('<svg><image href="https://evil.example/x.png"/></svg>')).toMatch(/outside/);
    expect(svgProblem('<svg><rect style="fill:url(https://x)"/></svg>')).toMatch(/outside/);
    expect(svgProblem('<svg><use href="#a"/></svg>')).toBeUndefined();
    expect(svgProblem('<html><svg/></html>')).toMatch(/not an SVG/);
  });

  test('a logo is a PNG or SVG of at most 512 KB, read into a data: URL', async () => {
    const png = await checkImageFile(file(pngHeader(200, 50) as BlobPart, 'logo.png', 'image/png'), 'logo');
    expect(png).toMatchObject({ ok: true });
    expect(png.ok && png.dataUrl).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);

    const svg = await checkImageFile(
      file('<svg xmlns="http://www.w3.org/2000/svg"/>', 'logo.svg', ''),
      'logo',
    );
    expect(svg.ok && svg.dataUrl).toMatch(/^data:image\/svg\+xml;base64,/);

    const big = new Uint8Array(LOGO_MAX_BYTES + 1);
    big.set(pngHeader(10, 10));
    expect(await checkImageFile(file(big as BlobPart, 'big.png', 'image/png'), 'logo')).toEqual({
      ok: false,
      problem: 'The logo has 512 KB; at most 512 KB is allowed.',
    });
    expect(await checkImageFile(file('GIF89a', 'logo.gif', 'image/gif'), 'logo')).toEqual({
      ok: false,
      problem: 'The logo must be a PNG or an SVG.',
    });
    expect(
      await checkImageFile(file('<svg><script/></svg>', 'evil.svg', 'image/svg+xml'), 'logo'),
    ).toMatchObject({ ok: false, problem: expect.stringMatching(/refused: it contains active content/) });
  });

  test('an icon is a square PNG of at most 128 KB', async () => {
    expect(
      await checkImageFile(file(pngHeader(64, 64) as BlobPart, 'i.png', 'image/png'), 'icon'),
    ).toMatchObject({
      ok: true,
    });
    expect(await checkImageFile(file(pngHeader(64, 32) as BlobPart, 'i.png', 'image/png'), 'icon')).toEqual({
      ok: false,
      problem: 'The icon must be square; this one is 64×32 pixels.',
    });
    expect(await checkImageFile(file('<svg/>', 'i.svg', 'image/svg+xml'), 'icon')).toEqual({
      ok: false,
      problem: 'The icon must be a PNG.',
    });
    const big = new Uint8Array(ICON_MAX_BYTES + 10);
    big.set(pngHeader(10, 10));
    expect(await checkImageFile(file(big as BlobPart, 'i.png', 'image/png'), 'icon')).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/at most 128 KB/),
    });
  });
});
