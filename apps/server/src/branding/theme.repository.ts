import type { Theme } from '@portico/contracts';
import type { Caller } from '../auth/caller.ts';
import type { Database } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';

/** The branding columns of a tenant row, as both the theme and the staff's branding read them. */
export interface BrandingColumns {
  display_name: string;
  icon_png: Uint8Array;
  logo: Uint8Array;
  logo_content_type: string;
  primary_color: string;
  secondary_color: string;
  tertiary_color: string;
}

interface TenantRow extends BrandingColumns {
  code: string;
}

const dataUrl = (contentType: string, bytes: Uint8Array) =>
  `data:${contentType};base64,${Buffer.from(bytes).toString('base64')}`;

/** The branding columns as the contracts say them, the images inlined as data URLs. */
export const brandingOf = (row: BrandingColumns) => ({
  displayName: row.display_name,
  logo: dataUrl(row.logo_content_type, row.logo),
  icon: dataUrl('image/png', row.icon_png),
  primaryColor: row.primary_color,
  secondaryColor: row.secondary_color,
  tertiaryColor: row.tertiary_color,
});

/** The tenant's branding, with its images inlined so the front end needs no second, authenticated fetch. */
export async function findTheme(db: Database, caller: Caller): Promise<Theme> {
  const row = await db.withTenant(caller.tenantCode, async (tx) => {
    const { rows } = await tx.query<TenantRow>(
      `SELECT code, display_name, icon_png, logo, logo_content_type, primary_color, secondary_color, tertiary_color
       FROM tenants WHERE code = $1`,
      [caller.tenantCode],
    );
    return rows[0];
  });
  if (!row) throw new AppError('tenant.not_found', `There is no tenant "${caller.tenantCode}".`);
  return { tenantCode: row.code, ...brandingOf(row) };
}
