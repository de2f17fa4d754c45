import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { drawMarkPng } from '../db/seed/demo-images.ts';
import { readPng, svgRefusal } from './branding-images.ts';

const svg = (body: string, attributes = '') =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"${attributes}>${body}</svg>`);

describe('readPng', () => {
  it('reads the size of a well-formed PNG', () => {
    expect(readPng(drawMarkPng(48, 'globe', '112233', 'AABBCC'))).toEqual({ width: 48, height: 48 });
    expect(readPng(PNG.sync.write(new PNG({ width: 30, height: 12 })))).toEqual({ width: 30, height: 12 });
  });

  it('refuses what is not a whole, intact PNG', () => {
    const png = drawMarkPng(16, 'triangle', '112233', 'AABBCC');
    const damaged = Buffer.from(png);
    damaged[40] = (damaged[40] ?? 0) ^ 0xff;
    expect(readPng(Buffer.from('GIF89a'))).toBe('it is not a PNG');
    expect(readPng(png.subarray(0, png.length - 6))).toBe('the PNG is cut short');
    expect(readPng(damaged)).toMatch(/damaged/);
    expect(readPng(Buffer.concat([png, Buffer.from('<script>alert(1)</script>')]))).toBe(
      'the PNG has data after its end',
    );
    expect(readPng(png.subarray(0, 8))).toBe('the PNG is cut short');
  });
});

describe('svgRefusal', () => {
  it('accepts a plain logo with gradients, text, internal references and an XML declaration', () => {
    const logo = Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?>\n<!-- Acme -->\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 40">
        <defs><linearGradient id="g"><stop offset="0" stop-color="#1F4E79"/></linearGradient><path id="p" d="M0 0h10"/></defs>
        <metadata>Acme &amp; Co</metadata>
        <rect width="100" height="40" fill="url(#g)" style="fill: url( '#g' )"/><use xlink:href="#p"/><use href="#p"/>
        <text x="5" y="25" font-family="Arial">Acme &#38; Co</text></svg>`,
    );
    expect(svgRefusal(logo)).toBeUndefined();
  });

  it.each([
    ['a script', svg('<script>alert(1)</script>')],
    ['a namespaced script', svg('<x:script xmlns:x="http://www.w3.org/2000/svg">alert(1)</x:script>')],
    ['an event handler', svg('<rect width="1" height="1"/>', ' onload="alert(1)"')],
    ['an event handler after a slash', svg('<rect/onclick="alert(1)"/>')],
    ['a foreignObject', svg('<foreignObject><iframe src="https://evil.example"/></foreignObject>')],
    ['an external image', svg('<image href="https://evil.example/x.png"/>')],
    ['an external use', svg('<use xlink:href="other.svg#a"/>')],
    ['a data: link', svg('<a href="data:text/html,hi"><rect/></a>')],
    ['a javascript: link', svg('<a href="javascript:alert(1)"><rect/></a>')],
    ['an encoded javascript: link', svg('<a href="&#106;ava&#x73;cript&#58;alert(1)"><rect/></a>')],
    ['an external url()', svg('<rect fill="url(https://evil.example/#g)"/>')],
    ['an external url() in a style', svg('<style>rect { fill: url("//evil.example/x") }</style>')],
    ['an @import', svg('<style>@import "https://evil.example/x.css";</style>')],
    ['a CSS escape', svg('<style>rect { fill: \\75 rl(https://evil.example) }</style>')],
    ['an animated link', svg('<a><set attributeName="href" to="javascript:alert(1)"/></a>')],
    ['an animated handler', svg('<animate attributeName="onbegin" values="x"/>')],
    ['a DOCTYPE with entities', Buffer.from('<!DOCTYPE svg [<!ENTITY x "y">]><svg>&x;</svg>')],
    ['an unknown entity', svg('<text>&nbsp;</text>')],
    ['a style sheet instruction', Buffer.from('<?xml-stylesheet href="https://evil.example/x.css"?><svg/>')],
    ['HTML', Buffer.from('<html><body><svg/></body></html>')],
    ['no SVG at all', Buffer.from('just text')],
    ['invalid UTF-8', Buffer.from([0x3c, 0x73, 0x76, 0x67, 0x3e, 0xff, 0xfe])],
  ])('refuses %s', (_what, bytes) => {
    expect(svgRefusal(bytes)).toEqual(expect.any(String));
  });
});
