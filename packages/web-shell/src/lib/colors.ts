/** Colour helpers for tenant branding: themes carry hex without `#` (SPEC §3). */

const HEX = /^#?([0-9a-f]{6})$/i;

/** `1F4E79` → `#1F4E79`; anything that is not six hex digits → the fallback. */
export function toCssColor(hex: string | undefined | null, fallback: string): string {
  const match = hex ? HEX.exec(hex.trim()) : null;
  return match ? `#${match[1]!.toUpperCase()}` : fallback;
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a `#RRGGBB` colour. */
export function luminance(css: string): number {
  const n = Number.parseInt(css.replace('#', ''), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Black or white text, whichever reads better on the background (tenant colours are not vetted). */
export function readableTextOn(background: string): string {
  return contrastRatio(background, '#FFFFFF') >= contrastRatio(background, '#1F1F1F') ? '#FFFFFF' : '#1F1F1F';
}

/** Blend two `#RRGGBB` colours; `amount` 0 gives `a`, 1 gives `b`. */
export function mix(a: string, b: string, amount: number): string {
  const pa = Number.parseInt(a.replace('#', ''), 16);
  const pb = Number.parseInt(b.replace('#', ''), 16);
  const part = (shift: number) =>
    Math.round(((pa >> shift) & 255) * (1 - amount) + ((pb >> shift) & 255) * amount);
  return `#${[16, 8, 0].map((s) => part(s).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

/**
 * The colour itself when it reaches a 4.5:1 contrast on the background (WCAG AA text), otherwise the colour
 * darkened or lightened until it does.
 */
export function legibleOn(color: string, background: string): string {
  if (contrastRatio(color, background) >= 4.5) return color;
  const towards = luminance(background) > 0.4 ? '#000000' : '#FFFFFF';
  for (let step = 1; step <= 10; step++) {
    const candidate = mix(color, towards, step / 10);
    if (contrastRatio(candidate, background) >= 4.5) return candidate;
  }
  return towards;
}
