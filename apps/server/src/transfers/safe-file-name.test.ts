import { describe, expect, it } from 'vitest';
import {
  asciiFileName,
  safeFileName,
  servedFileNames,
  storedFileName,
  uniqueFileNames,
} from './safe-file-name.ts';

/** Names people (or attackers) give files, each with what any file system must be able to take from it. */
const HOSTILE = [
  '../../etc/passwd',
  '..\\..\\windows\\system32\\config',
  '/etc/shadow',
  'C:\\Users\\x\\report.pdf',
  'nul\u0000byte.pdf',
  'line\r\nbreak.pdf',
  'bell\u0007\u001b[31mred.pdf',
  'invoice\u202Efdp.exe',
  'zero\u200Bwidth\uFEFF.pdf',
  `${'a'.repeat(1000)}.pdf`,
  '📄'.repeat(1000),
  'résumé 📄✅.pdf',
  'quote"semi;colon%22back\\slash.pdf',
  '...',
  '.hidden',
  'trailing dots...',
  'CON',
  'con.txt',
  'a:b*c?d<e>f|g.txt',
  '  spaced  out  .pdf  ',
  '\u2028\u2029',
];

// biome-ignore lint/suspicious/noControlCharactersInRegex: what must never reach a name
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff\u2028\u2029]/;

describe('safeFileName', () => {
  it.each(HOSTILE)('makes %j one plain file name', (name) => {
    const safe = safeFileName(name);
    expect(safe.length).toBeGreaterThan(0);
    expect(Buffer.byteLength(safe)).toBeLessThanOrEqual(200);
    expect(safe).not.toMatch(/[/\\<>:"|?*]/);
    expect(safe).not.toMatch(UNSAFE);
    expect(safe).not.toContain('..');
    expect(safe).not.toMatch(/^[\s.]|[\s.]$/);
    expect(safe).not.toMatch(/^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i);
    expect(safe.isWellFormed()).toBe(true);
  });

  it('keeps ordinary names, accents and emoji as they are', () => {
    for (const name of [
      'Annual accounts 2025.pdf',
      'résumé.docx',
      '報告書.xlsx',
      'photo 📷.jpg',
      "Bob's file (1).txt",
    ]) {
      expect(safeFileName(name)).toBe(name);
    }
  });

  it('shows what it does to the classic attacks', () => {
    expect(safeFileName('../../etc/passwd')).toBe('_._etc_passwd');
    expect(safeFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(safeFileName('con.txt')).toBe('_con.txt');
    expect(safeFileName('...')).toBe('file');
  });

  it('cuts long names whole characters at a time and keeps the extension', () => {
    const cut = safeFileName(`${'é'.repeat(300)}.pdf`);
    expect(cut.endsWith('é.pdf')).toBe(true);
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(200);
    expect(safeFileName('📄'.repeat(1000))).toBe('📄'.repeat(50));
  });
});

describe('asciiFileName', () => {
  it.each(HOSTILE)('gives %j a printable ASCII stand-in with no quoting hazards', (name) => {
    const ascii = asciiFileName(safeFileName(name));
    expect(ascii).toMatch(/^[\x20-\x7e]+$/);
    expect(ascii).not.toMatch(/["\\%;]/);
    expect(ascii).not.toContain('..');
  });

  it('drops accents and replaces what has no ASCII form', () => {
    expect(asciiFileName('résumé 📄.pdf')).toBe('resume _.pdf');
    expect(asciiFileName('報告書.xlsx')).toBe('___.xlsx');
  });

  it('never turns a compatibility form into the ASCII letters it looks like', () => {
    expect(asciiFileName('invoice.ｂａｔ')).toBe('invoice.___');
  });
});

describe('storedFileName', () => {
  it('removes control and invisible characters, and refuses names that are empty or too long', () => {
    expect(storedFileName('../a\u0000b\u202E.pdf ')).toBe('../ab.pdf');
    expect(storedFileName('\u0000\u0001 ')).toBeUndefined();
    expect(storedFileName('\u200B\u2060\uFEFF')).toBeUndefined();
    expect(storedFileName('📄'.repeat(1024))).toBe('📄'.repeat(1024));
    expect(storedFileName('x'.repeat(1025))).toBeUndefined();
  });

  it.each([
    ['zero-width space', 'invoice.b\u200Bat'],
    ['zero-width non-joiner', 'invoice.b\u200Cat'],
    ['zero-width joiner', 'invoice.b\u200Dat'],
    ['left-to-right mark', 'invoice.b\u200Eat'],
    ['right-to-left mark', 'invoice.b\u200Fat'],
    ['left-to-right embedding', 'invoice.b\u202Aat'],
    ['right-to-left override', 'invoice.b\u202Eat'],
    ['word joiner', 'invoice.b\u2060at'],
    ['invisible plus', 'invoice.b\u2064at'],
    ['first strong isolate', 'invoice.b\u2068at'],
    ['byte order mark', 'invoice.b\uFEFFat'],
    ['soft hyphen', 'invoice.b\u00ADat'],
    ['Arabic letter mark', 'invoice.b\u061Cat'],
    ['Hangul filler', 'invoice.b\u3164at'],
    ['tag character', 'invoice.b\u{E0061}at'],
    ['fullwidth letters', 'invoice.ｂａｔ'],
    ['fullwidth full stop', 'invoice．bat'],
    ['trailing dots and spaces', 'invoice.bat. . '],
    ['a trailing invisible character', 'invoice.bat\u200B'],
    ['a trailing line separator', 'invoice.bat\u2028'],
  ])('stores a name with a %s as the name a download shows', (_what, name) => {
    expect(storedFileName(name)).toBe('invoice.bat');
  });

  it('keeps variation selectors, accents and what is data, and makes compatibility forms plain', () => {
    expect(storedFileName('photo ❤️.jpg')).toBe('photo ❤\uFE0F.jpg');
    expect(storedFileName('résumé.pdf')).toBe('résumé.pdf');
    expect(storedFileName('Ｑ３ report ﬁnal.pdf')).toBe('Q3 report final.pdf');
    expect(storedFileName('a/b\\c "q".txt')).toBe('a/b\\c "q".txt');
    expect(storedFileName('.profile')).toBe('.profile');
  });
});

describe('servedFileNames', () => {
  it('is the download names of a stored name, which its zip entry shares', () => {
    expect(servedFileNames('Report 2025.pdf')).toEqual(['Report 2025.pdf', 'Report 2025.pdf']);
    expect(servedFileNames('résumé.pdf')).toEqual(['résumé.pdf', 'resume.pdf']);
    // A cut long name may end in an extension the stored name does not have.
    const long = `${'a'.repeat(196)}.bat.${'x'.repeat(30)}`;
    expect(servedFileNames(long)).toEqual([`${'a'.repeat(196)}.bat`, `${'a'.repeat(196)}.bat`]);
  });
});

describe('uniqueFileNames', () => {
  it('numbers repeats before the extension, ignoring case, never colliding with a real name', () => {
    expect(
      uniqueFileNames(['a.pdf', 'A.PDF', 'a (2).pdf', 'a.pdf', 'b', 'b', 'archive.tar.gz', 'archive.tar.gz']),
    ).toEqual([
      'a.pdf',
      'A (2).PDF',
      'a (2) (2).pdf',
      'a (3).pdf',
      'b',
      'b (2)',
      'archive.tar.gz',
      'archive.tar (2).gz',
    ]);
  });
});
