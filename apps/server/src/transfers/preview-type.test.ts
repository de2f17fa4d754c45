import { describe, expect, it } from 'vitest';
import { previewTypeOf } from './preview-type.ts';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('previewTypeOf', () => {
  it.each([
    [bytes('%PDF-1.7\n'), 'application/pdf'],
    [bytes([0x89], 'PNG\r\n', [0x1a, 0x0a, 0, 0, 0, 13]), 'image/png'],
    [bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF'), 'image/jpeg'],
    [bytes('GIF87a', [1, 0, 1, 0]), 'image/gif'],
    [bytes('GIF89a', [1, 0, 1, 0]), 'image/gif'],
    [bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
  ])('knows %j by its first bytes', (head, type) => {
    expect(previewTypeOf(head)).toBe(type);
  });

  it.each([
    bytes(''),
    bytes('%PDF'),
    bytes(' %PDF-1.7'),
    bytes('<html><script>alert(1)</script>'),
    bytes('<svg xmlns="http://www.w3.org/2000/svg">'),
    bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '),
    bytes('GIF90a'),
    bytes([0x89], 'PNG\r\n'),
    bytes([0xff, 0xd8]),
    bytes('MZ', [0x90, 0]),
  ])('refuses %j', (head) => {
    expect(previewTypeOf(head)).toBeUndefined();
  });
});
