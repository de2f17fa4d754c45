import { PNG } from 'pngjs';

type Rgb = [number, number, number];

const rgb = (hex: string): Rgb => [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as Rgb;

/**
 * Draws a rounded tile in `background` with a shape in `foreground` as a real PNG, anti-aliased by 4×4
 * supersampling; `inShape` answers whether a point (in pixels) is in the shape.
 */
export function drawTilePng(
  size: number,
  background: string,
  foreground: string,
  inShape: (x: number, y: number) => boolean,
): Buffer {
  const png = new PNG({ width: size, height: size });
  const [bg, fg] = [rgb(background), rgb(foreground)];
  const radius = size * 0.2;
  const inTile = (x: number, y: number) => {
    const cx = Math.min(Math.max(x, radius), size - radius);
    const cy = Math.min(Math.max(y, radius), size - radius);
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
  };
  const samples = 4;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let tile = 0;
      let shape = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const px = x + (sx + 0.5) / samples;
          const py = y + (sy + 0.5) / samples;
          if (inTile(px, py)) {
            tile++;
            if (inShape(px, py)) shape++;
          }
        }
      }
      const i = (y * size + x) * 4;
      const t = shape / Math.max(tile, 1);
      for (let c = 0; c < 3; c++) png.data[i + c] = Math.round(bg[c]! * (1 - t) + fg[c]! * t);
      png.data[i + 3] = Math.round((tile / samples ** 2) * 255);
    }
  }
  return PNG.sync.write(png);
}

/** A 5×7 pixel font of the letters and digits a monogram may carry, a row a number (bit 4 is the left column). */
const GLYPHS: Record<string, readonly number[]> = {
  A: [14, 17, 17, 31, 17, 17, 17],
  B: [30, 17, 17, 30, 17, 17, 30],
  C: [14, 17, 16, 16, 16, 17, 14],
  D: [28, 18, 17, 17, 17, 18, 28],
  E: [31, 16, 16, 30, 16, 16, 31],
  F: [31, 16, 16, 30, 16, 16, 16],
  G: [14, 17, 16, 23, 17, 17, 15],
  H: [17, 17, 17, 31, 17, 17, 17],
  I: [14, 4, 4, 4, 4, 4, 14],
  J: [7, 2, 2, 2, 2, 18, 12],
  K: [17, 18, 20, 24, 20, 18, 17],
  L: [16, 16, 16, 16, 16, 16, 31],
  M: [17, 27, 21, 21, 17, 17, 17],
  N: [17, 17, 25, 21, 19, 17, 17],
  O: [14, 17, 17, 17, 17, 17, 14],
  P: [30, 17, 17, 30, 16, 16, 16],
  Q: [14, 17, 17, 17, 21, 18, 13],
  R: [30, 17, 17, 30, 20, 18, 17],
  S: [15, 16, 16, 14, 1, 1, 30],
  T: [31, 4, 4, 4, 4, 4, 4],
  U: [17, 17, 17, 17, 17, 17, 14],
  V: [17, 17, 17, 17, 17, 10, 4],
  W: [17, 17, 17, 21, 21, 21, 10],
  X: [17, 17, 10, 4, 10, 17, 17],
  Y: [17, 17, 10, 4, 4, 4, 4],
  Z: [31, 1, 2, 4, 8, 16, 31],
  '0': [14, 17, 19, 21, 25, 17, 14],
  '1': [4, 12, 4, 4, 4, 4, 14],
  '2': [14, 17, 1, 2, 4, 8, 31],
  '3': [31, 2, 4, 2, 1, 17, 14],
  '4': [2, 6, 10, 18, 31, 2, 2],
  '5': [31, 16, 30, 1, 1, 17, 14],
  '6': [6, 8, 16, 30, 17, 17, 14],
  '7': [31, 1, 2, 4, 8, 8, 8],
  '8': [14, 17, 17, 14, 17, 17, 14],
  '9': [14, 17, 17, 15, 1, 2, 12],
};

/**
 * The one or two characters a firm's monogram shows: the first letters (or digits) of its name's first two words
 * that the monogram can draw (`Smith & Jones` → `SJ`, `Émile Zola` → `EZ`), else the first of its code.
 */
export function initialsOf(displayName: string, code: string): string {
  const firsts = (text: string) =>
    text
      .split(/[\s-]+/)
      .map((word) => word.normalize('NFD').charAt(0).toUpperCase())
      .filter((c) => c in GLYPHS);
  return firsts(displayName).slice(0, 2).join('') || firsts(code).slice(0, 1).join('') || 'P';
}

/** A firm's neutral colours until its staff brand it: slate, white and a pale grey. */
export const NEUTRAL_COLORS = { primary: '475569', secondary: 'FFFFFF', tertiary: 'F1F5F9' };

/** A monogram of `initials` (as `initialsOf` gives them) in `foreground` on a rounded tile in `background`. */
export function drawMonogramPng(size: number, initials: string, background: string, foreground: string) {
  const glyphs = [...initials].map((c) => GLYPHS[c] ?? GLYPHS.P!);
  // Each glyph 5 cells wide with one between them, 7 high, the whole at most 60% of the tile either way.
  const columns = glyphs.length * 6 - 1;
  const cell = (size * 0.6) / Math.max(columns, 7);
  const left = (size - columns * cell) / 2;
  const top = (size - 7 * cell) / 2;
  return drawTilePng(size, background, foreground, (x, y) => {
    const col = Math.floor((x - left) / cell);
    const row = Math.floor((y - top) / cell);
    if (col < 0 || row < 0 || col >= columns || row >= 7 || col % 6 === 5) return false;
    const bits = glyphs[Math.floor(col / 6)]![row]!;
    return ((bits >> (4 - (col % 6))) & 1) === 1;
  });
}
