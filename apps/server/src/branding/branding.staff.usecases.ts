import { createHash } from 'node:crypto';
import {
  type Branding,
  ICON_MAX_BYTES,
  LOGO_MAX_BYTES,
  STAFF_AUDIT_ACTIONS,
  type UpdateBrandingBody,
} from '@portico/contracts';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/caller.ts';
import type { Database } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { type BrandingChange, readBranding, updateBranding } from './branding.staff.repository.ts';
import { MAX_IMAGE_SIDE, readPng, svgRefusal } from './branding-images.ts';

const DATA_URL = /^data:(image\/png|image\/svg\+xml);base64,([A-Za-z0-9+/]*={0,2})$/;
const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

function decodeImage(field: 'logo' | 'icon', url: string): { bytes: Buffer; contentType: string } {
  const match = DATA_URL.exec(url);
  if (!match || match[2]!.length % 4 !== 0) {
    throw new AppError('branding.image_invalid', `The ${field} must be a base64 data: URL.`);
  }
  return { contentType: match[1]!, bytes: Buffer.from(match[2]!, 'base64') };
}

/** The logo: a PNG or a safe SVG of at most LOGO_MAX_BYTES. */
export function checkLogo(url: string): { bytes: Buffer; contentType: string } {
  const logo = decodeImage('logo', url);
  if (logo.bytes.length > LOGO_MAX_BYTES) {
    throw new AppError(
      'branding.image_too_large',
      `The logo has ${kb(logo.bytes.length)}; at most ${kb(LOGO_MAX_BYTES)} is allowed.`,
    );
  }
  if (logo.contentType === 'image/png') {
    const png = readPng(logo.bytes);
    if (typeof png === 'string') throw new AppError('branding.image_invalid', `The logo is refused: ${png}.`);
    if (png.width > MAX_IMAGE_SIDE || png.height > MAX_IMAGE_SIDE) {
      throw new AppError(
        'branding.image_too_large',
        `The logo may be at most ${MAX_IMAGE_SIDE} pixels on a side.`,
      );
    }
    return logo;
  }
  const refusal = svgRefusal(logo.bytes);
  if (refusal) {
    const code = /not an SVG|not UTF-8/.test(refusal) ? 'branding.image_invalid' : 'branding.svg_unsafe';
    throw new AppError(code, `The logo is refused: ${refusal}.`);
  }
  return logo;
}

/** The icon (favicon, tenant selection): a square PNG of at most ICON_MAX_BYTES. */
export function checkIcon(url: string): Buffer {
  const icon = decodeImage('icon', url);
  if (icon.contentType !== 'image/png')
    throw new AppError('branding.image_invalid', 'The icon must be a PNG.');
  if (icon.bytes.length > ICON_MAX_BYTES) {
    throw new AppError(
      'branding.image_too_large',
      `The icon has ${kb(icon.bytes.length)}; at most ${kb(ICON_MAX_BYTES)} is allowed.`,
    );
  }
  const png = readPng(icon.bytes);
  if (typeof png === 'string') throw new AppError('branding.image_invalid', `The icon is refused: ${png}.`);
  if (png.width !== png.height) {
    throw new AppError(
      'branding.icon_not_square',
      `The icon must be square; it is ${png.width}×${png.height} pixels.`,
    );
  }
  if (png.width > MAX_IMAGE_SIDE) {
    throw new AppError(
      'branding.image_too_large',
      `The icon may be at most ${MAX_IMAGE_SIDE} pixels on a side.`,
    );
  }
  return icon.bytes;
}

const imageDetail = (bytes: Buffer, contentType: string) => ({
  contentType,
  size: bytes.length,
  sha256: createHash('sha256').update(bytes).digest('hex'),
});

const COLORS = ['primaryColor', 'secondaryColor', 'tertiaryColor'] as const;

/**
 * Changes what was sent, after checking every image, and writes one audit event naming each change (images by
 * size and hash, not content). `GET api/themes` answers the new branding at once.
 */
export async function changeBranding(
  db: Database,
  caller: Caller,
  body: UpdateBrandingBody,
): Promise<Branding> {
  const change: BrandingChange = {};
  if (body.displayName !== undefined) change.displayName = body.displayName.trim();
  if (body.logo !== undefined) change.logo = checkLogo(body.logo);
  if (body.icon !== undefined) change.icon = checkIcon(body.icon);
  // One spelling of a colour, so that comparing and showing them needs no case folding.
  for (const key of COLORS) if (body[key] !== undefined) change[key] = body[key].toUpperCase();

  return db.withTenant(caller.tenantCode, async (tx) => {
    const before = await readBranding(tx, caller, { lock: true });
    const changes: Record<string, unknown> = {};
    if (change.displayName !== undefined && change.displayName !== before.displayName) {
      changes.displayName = { from: before.displayName, to: change.displayName };
    }
    for (const key of COLORS) {
      const to = change[key];
      if (to !== undefined && to !== before[key].toUpperCase()) changes[key] = { from: before[key], to };
    }
    if (change.logo) changes.logo = imageDetail(change.logo.bytes, change.logo.contentType);
    if (change.icon) changes.icon = imageDetail(change.icon, 'image/png');
    if (!Object.keys(changes).length) return before;
    await updateBranding(tx, caller, change);
    await recordAuditEvents(tx, [
      {
        tenantCode: caller.tenantCode,
        siteId: null,
        userId: caller.user.id,
        action: STAFF_AUDIT_ACTIONS.brandingUpdate,
        detail: { changes },
      },
    ]);
    return readBranding(tx, caller);
  });
}
