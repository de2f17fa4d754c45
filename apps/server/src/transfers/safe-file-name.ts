import { MAX_FILE_NAME_LENGTH } from '@portico/contracts';

/**
 * File names are data: the name a person gave is kept close to how they gave it and shown escaped. It is made
 * safe only where it becomes part of something else: a response header or a zip entry, both of which end up as a
 * file name on somebody's disk. What is kept is already what those show a person, though (`storedFileName`): a
 * name must not look like one thing in the portal and be saved as another, and the refusal of program types
 * judges the names a file is served under (`servedFileNames`), so what is checked is what is served.
 */

// C0 and C1 controls and DEL.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
/**
 * What renders as nothing: format characters (zero-width spaces and joiners, bidirectional marks, overrides and
 * isolates, the soft hyphen, the BOM, tags) and the other default-ignorable code points (Hangul fillers, …).
 * "invoice\u202Efdp.exe" displays as "invoiceexe.pdf", and "invoice.b\u200Bat" is saved by the browser as
 * "invoice.bat". Variation selectors are kept: they choose how an emoji or an ideograph looks, never hide one.
 */
const INVISIBLE = /[[\p{Cf}\p{Default_Ignorable_Code_Point}]--[\u{fe00}-\u{fe0f}\u{e0100}-\u{e01ef}]]/gv;
const LINE_SEPARATORS = /[\u2028\u2029]/g;
// Characters Windows refuses in a file name, and the path separators of every system.
const RESERVED = /[<>:"|?*/\\]/g;
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\.|$)/i;
/** Most file systems allow 255 bytes per name; room is left for a " (12)" suffix. */
const MAX_SAFE_BYTES = 200;
const MAX_EXTENSION_LENGTH = 16;

/**
 * The name as it is stored on upload: NFKC (fullwidth "ｂａｔ" is "bat", as a download names it), control and
 * invisible characters removed, line separators as spaces, leading white space and trailing dots and white space
 * trimmed (Windows drops those). Undefined when nothing is left or it is longer than MAX_FILE_NAME_LENGTH
 * characters (refused, never cut). Path separators, quotes and the like stay: they are data, replaced only by
 * `safeFileName` where the name becomes a file.
 */
export function storedFileName(raw: string): string | undefined {
  const name = raw
    .toWellFormed()
    .normalize('NFKC')
    .replace(CONTROL, '')
    .replace(INVISIBLE, '')
    .replace(LINE_SEPARATORS, ' ')
    .replace(/^\s+/u, '')
    .replace(/[\s.]+$/u, '');
  if (!name || [...name].length > MAX_FILE_NAME_LENGTH) return undefined;
  return name;
}

/**
 * Every name a stored file is handed out under: the safe name (a download's `filename*`, a zip entry before
 * `uniqueFileNames` adds " (2)" in front of its extension) and its ASCII stand-in (a download's `filename`).
 * Whatever judges a file by its name judges these.
 */
export function servedFileNames(stored: string): [safe: string, ascii: string] {
  const safe = safeFileName(stored);
  return [safe, asciiFileName(safe)];
}

/**
 * A name any file system accepts as one plain file in the current folder: no path separators, no `..`, no
 * leading dot, no characters Windows refuses, no device names, no bidirectional tricks, at most 200 UTF-8 bytes
 * with the extension kept. Never empty.
 */
export function safeFileName(name: string, fallback = 'file'): string {
  // NFC, not NFKC: a name stored before names were stored as NFKC keeps the look it was checked with.
  let safe = name
    .toWellFormed()
    .normalize('NFC')
    .replace(CONTROL, '')
    .replace(INVISIBLE, '')
    .replace(LINE_SEPARATORS, ' ')
    .replace(RESERVED, '_')
    .replace(/\.{2,}/g, '.')
    .replace(/\s+/gu, ' ');
  safe = trimEnds(safe);
  if (WINDOWS_DEVICE.test(safe)) safe = `_${safe}`;
  // Cutting can leave the base ending in a dot just before the extension's own.
  safe = trimEnds(truncate(safe, MAX_SAFE_BYTES).replace(/\.{2,}/g, '.'));
  return safe || fallback;
}

/**
 * The US-ASCII stand-in for `safeFileName` in a `filename=` parameter, for clients that do not read
 * `filename*`: accents dropped, anything else outside printable ASCII, quotes, backslashes, `%` and `;` as `_`.
 * Canonical decomposition only: a compatibility form ("ｂａｔ") becomes `_`, never the letters it looks like.
 */
export function asciiFileName(safe: string, fallback = 'download'): string {
  const ascii = safe
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/gu, '_')
    .replace(/["\\%;]/g, '_');
  return trimEnds(ascii.replace(/\.{2,}/g, '.')) || fallback;
}

/** Makes names unique, ignoring case (as Windows and macOS do): the second `a.pdf` becomes `a (2).pdf`. */
export function uniqueFileNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const candidate = freeName(name, taken);
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/**
 * `name` itself if no name of `taken` (lower-case) is it, ignoring case, else the first free `name (2).ext`,
 * `name (3).ext`…: what a zip entry, a copy into a folder or a restore is offered.
 */
export function freeName(name: string, taken: ReadonlySet<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = withSuffix(name, ` (${n})`);
  return candidate;
}

/** `name.ext` split before its extension, if it has a short one and something before it. */
function splitExtension(name: string): [base: string, extension: string] {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || name.length - dot > MAX_EXTENSION_LENGTH + 1) return [name, ''];
  return [name.slice(0, dot), name.slice(dot)];
}

const withSuffix = (name: string, suffix: string) => {
  const [base, extension] = splitExtension(name);
  return `${base}${suffix}${extension}`;
};

// A leading dot hides a file or names a folder; Windows drops trailing dots and spaces.
const trimEnds = (name: string) => name.replace(/^[\s.]+/u, '').replace(/[\s.]+$/u, '');

/** Cuts the base name, whole code points at a time, until the UTF-8 form fits in `maxBytes`. */
function truncate(name: string, maxBytes: number): string {
  if (Buffer.byteLength(name) <= maxBytes) return name;
  const [base, extension] = splitExtension(name);
  const budget = maxBytes - Buffer.byteLength(extension);
  let out = '';
  let used = 0;
  for (const char of base) {
    const size = Buffer.byteLength(char);
    if (used + size > budget) break;
    out += char;
    used += size;
  }
  return `${out}${extension}`;
}
