import { drawTilePng } from '../../tenants/tenant-mark.ts';

export type Mark = 'triangle' | 'globe';

/**
 * Draws a demo tenant's mark as a real PNG: a rounded tile in the primary colour with a shape in the secondary one
 * (tenants/tenant-mark.ts). Demo tenants thereby get distinct logos and icons without shipped assets.
 */
export function drawMarkPng(size: number, mark: Mark, primary: string, secondary: string): Buffer {
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
  return drawTilePng(size, primary, secondary, inMark);
}
