import { parse } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition, fileDisposition } from './content-disposition.ts';

// biome-ignore lint/suspicious/noControlCharactersInRegex: what must never reach a header
const HAZARDS = /[/\\\r\n\u0000\u202e"]/;

describe('attachmentDisposition', () => {
  it('always carries an ASCII filename and a UTF-8 filename* that reads back as the safe name', () => {
    const header = attachmentDisposition('Résumé 📄 2026.pdf');
    expect(header).toBe(
      'attachment; filename="Resume _ 2026.pdf"; filename*=UTF-8\'\'R%C3%A9sum%C3%A9%20%F0%9F%93%84%202026.pdf',
    );
    expect(parse(header).parameters).toMatchObject({ filename: 'Résumé 📄 2026.pdf' });
    expect(attachmentDisposition('plain.pdf')).toBe(
      "attachment; filename=plain.pdf; filename*=UTF-8''plain.pdf",
    );
  });

  it.each([
    'evil\r\nSet-Cookie: a=b.pdf',
    'quote"; filename="other.exe',
    'semi;colon.pdf',
    'nul\u0000.pdf',
    'rtl\u202Efdp.exe',
    'x'.repeat(1000),
    '😀'.repeat(500),
    '../../etc/passwd',
    '',
  ])('cannot be broken by the name %j', (name) => {
    const header = attachmentDisposition(name);
    // Node refuses to send a header with characters outside visible ASCII, space and tab.
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    const { type, parameters } = parse(header);
    expect(type).toBe('attachment');
    // `parse` puts the decoded `filename*` under `filename`, as browsers prefer it.
    expect(Object.keys(parameters).sort()).toEqual(['filename', 'filename*']);
    // Exactly two parameters: a quoted string with nothing to escape, and a percent-encoded value.
    expect(header).toMatch(
      /^attachment; filename=("[^"\\]*"|[^;"\s]+); filename\*=UTF-8''[\w%!#$&+.^`|~-]+$/,
    );
    expect(parameters.filename).not.toMatch(HAZARDS);
    expect(/filename="?([^";]*)/.exec(header)?.[1]).not.toMatch(HAZARDS);
  });

  it('says inline for a preview, with the same safe names', () => {
    expect(fileDisposition('inline', 'Résumé 📄 2026.pdf')).toBe(
      'inline; filename="Resume _ 2026.pdf"; filename*=UTF-8\'\'R%C3%A9sum%C3%A9%20%F0%9F%93%84%202026.pdf',
    );
    expect(fileDisposition('inline', 'evil\r\nSet-Cookie: a=b.pdf')).toMatch(/^inline; [\x20-\x7e]+$/);
  });
});
