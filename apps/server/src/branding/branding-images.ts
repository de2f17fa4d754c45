import { crc32 } from 'node:zlib';

/**
 * Checks of the images a firm brands the portal with. They are stored in the tenant row and answered as data:
 * URLs (decisions.md §9), shown in every client's header. Nothing is rewritten: an image is taken as sent or
 * refused with the reason, because a sanitiser that rewrites markup is easy to get subtly wrong.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Larger images gain nothing in a header and cost every client memory to decode. */
export const MAX_IMAGE_SIDE = 4096;

export interface PngInfo {
  width: number;
  height: number;
}

/**
 * Width and height of a well-formed PNG: the signature, IHDR first, every chunk whole with a correct CRC, at
 * least one IDAT, and nothing after IEND (so no other file hides behind it). A reason string otherwise.
 */
export function readPng(bytes: Buffer): PngInfo | string {
  if (bytes.length < PNG_SIGNATURE.length || !bytes.subarray(0, 8).equals(PNG_SIGNATURE))
    return 'it is not a PNG';
  let offset = 8;
  let info: PngInfo | undefined;
  let hasData = false;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) return 'the PNG is cut short';
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== bytes.readUInt32BE(offset + 8 + length)) {
      return `the PNG is damaged (chunk ${JSON.stringify(type)})`;
    }
    if (!info) {
      if (type !== 'IHDR' || length !== 13) return 'the PNG does not start with its header';
      info = { width: bytes.readUInt32BE(offset + 8), height: bytes.readUInt32BE(offset + 12) };
      if (!info.width || !info.height) return 'the PNG has no pixels';
    }
    if (type === 'IDAT') hasData = true;
    if (type === 'IEND') {
      if (end !== bytes.length) return 'the PNG has data after its end';
      if (!hasData) return 'the PNG has no image data';
      return info;
    }
    offset = end;
  }
  return 'the PNG is cut short';
}

// Elements that run code, embed other documents or are SVG's own event listeners.
const ACTIVE_ELEMENT =
  /<\s*(?:[\w.-]+:)?(script|foreignobject|iframe|frame|embed|object|applet|handler|listener|meta|link|base)\b/i;
const EVENT_HANDLER = /[\s"'/](?:[\w.-]+:)?on[a-z]+\s*=/i;
// Every link must stay inside the image: `href="#id"` only, never a URL (http, data, javascript, a file).
const OUTSIDE_LINK = /\b(?:[\w.-]+:)?(?:href|src)\s*=\s*(["'])(?!\s*#)/i;
// The white space sits inside the lookahead: outside it, backtracking would let `url( '#a')` through the check.
const OUTSIDE_URL = /\burl\s*\((?!\s*["']?\s*#)/i;
// Animations can set an attribute to a link or a handler after the checks above have looked.
const ANIMATED_LINK = /attributename\s*=\s*["']\s*(?:[\w.-]+:)?(?:href|src|on)/i;
// Only XML's own five entities, and character references (decoded before the checks).
const UNKNOWN_ENTITY = /&(?!(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-f]+);)/i;

const decodeCharacterReferences = (text: string) =>
  text.replace(/&#(x[0-9a-f]+|[0-9]+);/gi, (_, code: string) => {
    const point = code[0] === 'x' || code[0] === 'X' ? Number.parseInt(code.slice(1), 16) : Number(code);
    return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : '\uFFFD';
  });

/**
 * Why an SVG must be refused, or undefined if it is safe to show: it must be UTF-8 with an `<svg>` root, and
 * carry no script, event handler, foreignObject or other embedded document, no link or `url()` outside the
 * image, no `@import`, no DOCTYPE or entity declarations (which could smuggle any of those), no processing
 * instruction but the XML declaration, and no backslash (CSS escapes could spell `url` unseen).
 */
export function svgRefusal(bytes: Buffer): string | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return 'the SVG is not UTF-8 text';
  }
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return 'the SVG has a DOCTYPE or entity declarations';
  if (UNKNOWN_ENTITY.test(text)) return 'the SVG uses an entity other than XML’s own';
  if (text.includes('\\')) return 'the SVG contains a backslash (an escape)';
  const root = text
    .replace(/^\uFEFF/, '')
    .replace(/^\s*<\?xml\s[^?]*\?>/i, '')
    .replace(/^(?:\s*<!--[\s\S]*?-->)*\s*/, '');
  if (!/^<svg[\s>/]/.test(root)) return 'it is not an SVG (no <svg> root element)';
  if (/<\?/.test(root)) return 'the SVG has a processing instruction';
  const scanned = decodeCharacterReferences(text);
  const element = ACTIVE_ELEMENT.exec(scanned);
  if (element) return `the SVG contains <${element[1]}>`;
  if (EVENT_HANDLER.test(scanned)) return 'the SVG has an event handler attribute (on…)';
  if (OUTSIDE_LINK.test(scanned) || OUTSIDE_URL.test(scanned)) {
    return 'the SVG refers to something outside itself (only #fragment references are allowed)';
  }
  if (/@import/i.test(scanned)) return 'the SVG imports a style sheet';
  if (ANIMATED_LINK.test(scanned)) return 'the SVG animates a link or an event handler';
  // Browsers drop white space and control characters inside a URL's scheme: "java&#9;script:" still runs.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
  if (/javascript:/i.test(scanned.replace(/[\s\u0000-\u001f]+/g, '')))
    return 'the SVG contains a javascript: URL';
  return undefined;
}
