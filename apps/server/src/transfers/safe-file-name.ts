import { MAX_FILE_NAME_LENGTH } from '@portico/contracts';

/**
 * File names are data: the name a person gave is kept as they gave it (only control characters go, since the
 * database cannot hold NUL and nothing legitimate needs the others) and shown escaped. It is made safe only where
 * it becomes part of something else: a response header or a zip entry, both of which end up as a file name on
 * somebody's disk.
 */

// C0 and C1 controls and DEL.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
// Bidirectional overrides and invisible format characters: "invoice\u202Efdp.exe" displays as "invoiceexe.pdf".
const INVISIBLE =
  /[\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufeff\ufff9-\ufffb]/g;
const LINE_SEPARATORS = /[\u2028\u2029]/g;
// Characters Windows refuses in a file name, and the path separators of every system.
const RESERVED = /[<>:"|?*/\\]/g;
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\.|$)/i;
/** Most file systems allow 255 bytes per name; room is left for a " (12)" suffix. */
const MAX_SAFE_BYTES = 200;
const MAX_EXTENSION_LENGTH = 16;

/**
 * The name as it is stored on upload: NFC, control characters removed, surrounding white space trimmed.
 * Undefined when nothing is left or it is longer than MAX_FILE_NAME_LENGTH characters (refused, never cut).
 */
export function storedFileName(raw: string): string | undefined {
  const name = raw.toWellFormed().normalize('NFC').replace(CONTROL, '').trim();
  if (!name || [...name].length > MAX_FILE_NAME_LENGTH) return undefined;
  return name;
}

/**
 * A name any file system accepts as one plain file in the current folder: no path separators, no `..`, no
 * leading dot, no characters Windows refuses, no device names, no bidirectional tricks, at most 200 UTF-8 bytes
 * with the extension kept. Never empty.
 */
export function safeFileName(name: string, fallback = 'file'): string {
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
 */
export function asciiFileName(safe: string, fallback = 'download'): string {
  const ascii = safe
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/gu, '_')
    .replace(/["\\%;]/g, '_');
  return trimEnds(ascii.replace(/\.{2,}/g, '.')) || fallback;
}

/** Makes names unique, ignoring case (as Windows and macOS do): the second `a.pdf` becomes `a (2).pdf`. */
export function uniqueFileNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = withSuffix(name, ` (${n})`);
    taken.add(candidate.toLowerCase());
    return candidate;
  });
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
