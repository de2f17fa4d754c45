import { ICON_MAX_BYTES, LOGO_CONTENT_TYPES, LOGO_MAX_BYTES } from '@portico/contracts';
import { hasControlCharacters } from '../../lib/text-rules.ts';

/**
 * The branding form's checks, mirroring the server's (master-data `branding.staff.usecases`), so that a person
 * learns what is wrong before saving. The server still checks everything and has the last word.
 */

/** Largest side of a PNG the server accepts, in pixels. */
export const MAX_IMAGE_SIDE = 4096;
export const DISPLAY_NAME_MAX = 200;
export type ImageField = 'logo' | 'icon';

const HEX = /^#?([0-9A-Fa-f]{6})$/;
const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

/** `#1f4e79`, `1F4E79` → `1F4E79` (the API's form: six hex digits, no `#`); anything else → undefined. */
export function normaliseHexColor(input: string | null | undefined): string | undefined {
  const match = HEX.exec((input ?? '').trim());
  return match ? match[1]!.toUpperCase() : undefined;
}

export function colorProblem(input: string | null | undefined): string | undefined {
  return normaliseHexColor(input) ? undefined : 'Enter a colour as six hex digits, like #1F4E79.';
}

export function displayNameProblem(input: string | null | undefined): string | undefined {
  const value = input ?? '';
  if (!value.trim()) return "Enter the firm's name.";
  if (value.length > DISPLAY_NAME_MAX) return `At most ${DISPLAY_NAME_MAX} characters.`;
  if (hasControlCharacters(value)) return 'Line breaks and control characters are not allowed.';
  return undefined;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Width and height from a PNG's header (IHDR), or undefined when the bytes are not a PNG. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (bytes.length < 24 || PNG_SIGNATURE.some((b, i) => bytes[i] !== b)) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const type = String.fromCharCode(...bytes.subarray(12, 16));
  if (type !== 'IHDR') return undefined;
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  return width > 0 && height > 0 ? { width, height } : undefined;
}

// The server's rules for a logo SVG, in short: no active content, nothing fetched from outside the image.
const SVG_RULES: [RegExp, string][] = [
  [/<!DOCTYPE|<!ENTITY/i, 'it has a DOCTYPE or entity declarations'],
  [
    /<\s*(?:[\w.-]+:)?(script|foreignobject|iframe|frame|embed|object|applet|handler|listener|meta|link|base)\b/i,
    'it contains active content (a script or an embedded document)',
  ],
  [/[\s"'/](?:[\w.-]+:)?on[a-z]+\s*=/i, 'it has an event handler attribute (on…)'],
  [/\b(?:[\w.-]+:)?(?:href|src)\s*=\s*(["'])(?!\s*#)/i, 'it refers to something outside itself'],
  [/\burl\s*\((?!\s*["']?\s*#)/i, 'it refers to something outside itself'],
  [/@import/i, 'it imports a style sheet'],
  [/javascript:/i, 'it contains a javascript: URL'],
  [/\\/, 'it contains a backslash (an escape)'],
];

/** Why an SVG logo would be refused, or undefined if it looks safe. */
export function svgProblem(text: string): string | undefined {
  const root = text
    .replace(/^\uFEFF/, '')
    .replace(/^\s*<\?xml\s[^?]*\?>/i, '')
    .replace(/^(?:\s*<!--[\s\S]*?-->)*\s*/, '');
  if (!/^<svg[\s>/]/.test(root)) return 'it is not an SVG (no <svg> root element)';
  for (const [rule, reason] of SVG_RULES) if (rule.test(text)) return reason;
  return undefined;
}

function contentTypeOf(file: File): string {
  if (file.type) return file.type;
  if (/\.png$/i.test(file.name)) return 'image/png';
  if (/\.svg$/i.test(file.name)) return 'image/svg+xml';
  return '';
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK)
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

async function bytesOf(file: File): Promise<Uint8Array> {
  if (typeof file.arrayBuffer === 'function') return new Uint8Array(await file.arrayBuffer());
  return new Uint8Array(await new Response(file).arrayBuffer());
}

export type ImageCheck = { ok: true; dataUrl: string } | { ok: false; problem: string };

/**
 * Reads a chosen logo (PNG or SVG, at most 512 KB) or icon (a square PNG, at most 128 KB) into the data: URL the
 * API takes, or says why the server would refuse it.
 */
export async function checkImageFile(file: File, field: ImageField): Promise<ImageCheck> {
  const type = contentTypeOf(file);
  const maxBytes = field === 'logo' ? LOGO_MAX_BYTES : ICON_MAX_BYTES;
  const allowed: readonly string[] = field === 'logo' ? LOGO_CONTENT_TYPES : ['image/png'];
  const what = field === 'logo' ? 'The logo' : 'The icon';
  if (!allowed.includes(type))
    return { ok: false, problem: `${what} must be ${field === 'logo' ? 'a PNG or an SVG' : 'a PNG'}.` };
  if (file.size > maxBytes)
    return { ok: false, problem: `${what} has ${kb(file.size)}; at most ${kb(maxBytes)} is allowed.` };
  const bytes = await bytesOf(file);
  if (type === 'image/png') {
    const size = pngSize(bytes);
    if (!size) return { ok: false, problem: `${what} is not a valid PNG.` };
    if (size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE)
      return { ok: false, problem: `${what} may be at most ${MAX_IMAGE_SIDE} pixels on a side.` };
    if (field === 'icon' && size.width !== size.height)
      return {
        ok: false,
        problem: `The icon must be square; this one is ${size.width}×${size.height} pixels.`,
      };
  } else {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return { ok: false, problem: `${what} is not UTF-8 text.` };
    }
    const problem = svgProblem(text);
    if (problem) return { ok: false, problem: `${what} is refused: ${problem}.` };
  }
  return { ok: true, dataUrl: `data:${type};base64,${toBase64(bytes)}` };
}
