import { PNG } from 'pngjs';

type Rgb = [number, number, number];
export type Mark = 'triangle' | 'globe';

const rgb = (hex: string): Rgb => [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as Rgb;

/**
 * Draws a tenant's mark as a real PNG: a rounded tile in the primary colour with a shape in the secondary one,
 * anti-aliased by 4×4 supersampling. Demo tenants thereby get distinct logos and icons without shipped assets.
 */
export function drawMarkPng(size: number, mark: Mark, primary: string, secondary: string): Buffer {
  const png = new PNG({ width: size, height: size });
  const [bg, fg] = [rgb(primary), rgb(secondary)];
  const radius = size * 0.2;
  const inTile = (x: number, y: number) => {
    const cx = Math.min(Math.max(x, radius), size - radius);
    const cy = Math.min(Math.max(y, radius), size - radius);
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
  };
  const inMark = (x: number, y: number) => {
    const u = x / size - 0.5;
    const v = y / size - 0.5;
    if (mark === 'globe') {
      const r = Math.hypot(u, v);
      const ring = r < 0.32 && r > 0.26;
      const meridian = Math.abs(u) < 0.03 && r < 0.3;
      const equator = Math.abs(v) < 0.03 && r < 0.3;
      const ellipse = Math.abs((u / 0.14) ** 2 + (v / 0.3) ** 2 - 1) < 0.18;
      return ring || meridian || equator || ellipse;
    }
    const top = -0.3;
    const bottom = 0.3;
    if (v < top || v > bottom) return false;
    const half = ((v - top) / (bottom - top)) * 0.32;
    const outer = Math.abs(u) <= half;
    const innerHalf = half - 0.09;
    const inner = Math.abs(u) < innerHalf && v < bottom - 0.02;
    const bar = Math.abs(v - 0.1) < 0.035 && Math.abs(u) <= half;
    return (outer && !inner) || bar;
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
            if (inMark(px, py)) shape++;
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
