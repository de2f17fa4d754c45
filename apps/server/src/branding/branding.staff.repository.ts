import type { Branding } from '@portico/contracts';
import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { type BrandingColumns, brandingOf } from './theme.repository.ts';

interface BrandingRow extends BrandingColumns {
  updated_at: Date | string;
}

/** What may change in the tenant row; undefined keeps the stored value. */
export interface BrandingChange {
  displayName?: string;
  logo?: { bytes: Buffer; contentType: string };
  icon?: Buffer;
  primaryColor?: string;
  secondaryColor?: string;
  tertiaryColor?: string;
}

/** The tenant's branding; `lock` holds the row so that two edits take turns. */
export async function readBranding(
  tx: Queryable,
  caller: Caller,
  options: { lock?: boolean } = {},
): Promise<Branding> {
  const { rows } = await tx.query<BrandingRow>(
    `SELECT display_name, icon_png, logo, logo_content_type, primary_color, secondary_color, tertiary_color, updated_at
     FROM tenants WHERE code = $1${options.lock ? ' FOR UPDATE' : ''}`,
    [caller.tenantCode],
  );
  const row = rows[0];
  if (!row) throw new AppError('tenant.not_found', `There is no tenant "${caller.tenantCode}".`);
  return { ...brandingOf(row), updatedAt: new Date(row.updated_at).toISOString() };
}

export async function updateBranding(tx: Queryable, caller: Caller, change: BrandingChange) {
  await tx.query(
    `UPDATE tenants SET
       display_name = coalesce($2, display_name),
       logo = coalesce($3, logo),
       logo_content_type = coalesce($4, logo_content_type),
       icon_png = coalesce($5, icon_png),
       primary_color = coalesce($6, primary_color),
       secondary_color = coalesce($7, secondary_color),
       tertiary_color = coalesce($8, tertiary_color),
       updated_at = now()
     WHERE code = $1`,
    [
      caller.tenantCode,
      change.displayName ?? null,
      change.logo?.bytes ?? null,
      change.logo?.contentType ?? null,
      change.icon ?? null,
      change.primaryColor ?? null,
      change.secondaryColor ?? null,
      change.tertiaryColor ?? null,
    ],
  );
}
