import type { TwoStepRequirement } from '@portico/contracts';
import {
  CLIENT_TYPES,
  DEFAULT_CATEGORIES,
  DEFAULT_FILE_STATUSES,
  DOCUMENT_MANAGEMENT_ROLE,
  SERVICE_TYPES,
} from '@portico/contracts';
import type { Queryable } from '../db/database.ts';
import { defaultServiceAddress, NEW_TENANT_FILE_AREA_SETTINGS, NEW_TENANT_MENU } from './tenant-rows.ts';

/**
 * Firms as an operator manages them (`portico tenant …`, `portico staff …`): across tenants, so these run on the
 * owner connection, except where a function says it takes a tenant-bound transaction.
 */

export interface TenantRow {
  code: string;
  displayName: string;
  disabled: boolean;
  createdAt: string;
  staffCount: number;
  siteCount: number;
}

export async function listTenants(tx: Queryable): Promise<TenantRow[]> {
  const { rows } = await tx.query<{
    code: string;
    display_name: string;
    disabled_at: Date | string | null;
    created_at: Date | string;
    staff_count: number;
    site_count: number;
  }>(
    `SELECT t.code, t.display_name, t.disabled_at, t.created_at,
            (SELECT count(*) FROM tenant_staff s WHERE s.tenant_code = t.code)::int AS staff_count,
            (SELECT count(*) FROM sites s WHERE s.tenant_code = t.code AND s.archived_at IS NULL)::int AS site_count
     FROM tenants t ORDER BY t.code`,
  );
  return rows.map((r) => ({
    code: r.code,
    displayName: r.display_name,
    disabled: r.disabled_at !== null,
    createdAt: new Date(r.created_at).toISOString(),
    staffCount: r.staff_count,
    siteCount: r.site_count,
  }));
}

/** The tenant's row as the bound transaction sees it (row-level security shows only its own), locked. */
export async function lockTenant(
  tx: Queryable,
  code: string,
): Promise<{ displayName: string; disabled: boolean } | undefined> {
  const { rows } = await tx.query<{ display_name: string; disabled_at: Date | string | null }>(
    'SELECT display_name, disabled_at FROM tenants WHERE code = $1 FOR UPDATE',
    [code],
  );
  const row = rows[0];
  return row && { displayName: row.display_name, disabled: row.disabled_at !== null };
}

export async function updateTenant(
  tx: Queryable,
  code: string,
  change: { displayName?: string; disabled?: boolean },
) {
  await tx.query(
    `UPDATE tenants SET display_name = coalesce($2, display_name),
       disabled_at = CASE WHEN $3::boolean THEN coalesce(disabled_at, now()) ELSE disabled_at END,
       updated_at = now()
     WHERE code = $1`,
    [code, change.displayName ?? null, change.disabled ?? false],
  );
}

export interface StaffMember {
  userId: string;
  name: string;
  email: string;
  addedAt: string;
}

/** The tenant's staff as the firm knows them; takes the tenant-bound transaction. */
export async function listStaff(tx: Queryable, tenantCode: string): Promise<StaffMember[]> {
  const { rows } = await tx.query<{
    user_id: string;
    name: string | null;
    email: string;
    created_at: Date | string;
  }>(
    `SELECT s.user_id, p.name, coalesce(p.email, u.email) AS email, s.created_at
     FROM tenant_staff s JOIN users u ON u.id = s.user_id
       LEFT JOIN tenant_people p ON p.tenant_code = s.tenant_code AND p.user_id = s.user_id
     WHERE s.tenant_code = $1
     ORDER BY lower(coalesce(p.name, u.email)), s.user_id`,
    [tenantCode],
  );
  return rows.map((r) => ({
    userId: r.user_id,
    name: r.name ?? r.email,
    email: r.email,
    addedAt: new Date(r.created_at).toISOString(),
  }));
}

/** Answers whether the person was not staff before; takes the tenant-bound transaction. */
export async function insertStaff(tx: Queryable, tenantCode: string, userId: string): Promise<boolean> {
  const { rows } = await tx.query(
    `INSERT INTO tenant_staff (tenant_code, user_id) VALUES ($1, $2)
     ON CONFLICT (tenant_code, user_id) DO NOTHING RETURNING user_id`,
    [tenantCode, userId],
  );
  return rows.length > 0;
}

/** Removes a staff member by e-mail; answers their id, or undefined. Takes the tenant-bound transaction. */
export async function deleteStaff(tx: Queryable, tenantCode: string, email: string) {
  const { rows } = await tx.query<{ user_id: string }>(
    `DELETE FROM tenant_staff s USING users u
     WHERE s.tenant_code = $1 AND u.id = s.user_id AND lower(u.email) = lower($2)
     RETURNING s.user_id`,
    [tenantCode, email],
  );
  return rows[0]?.user_id;
}

/** A staff member of the tenant by e-mail, as the firm knows them; takes the tenant-bound transaction. */
export async function findStaffByEmail(tx: Queryable, tenantCode: string, email: string) {
  const { rows } = await tx.query<{ user_id: string; name: string | null; email: string }>(
    `SELECT s.user_id, p.name, coalesce(p.email, u.email) AS email
     FROM tenant_staff s JOIN users u ON u.id = s.user_id
       LEFT JOIN tenant_people p ON p.tenant_code = s.tenant_code AND p.user_id = s.user_id
     WHERE s.tenant_code = $1 AND lower(u.email) = lower($2)`,
    [tenantCode, email],
  );
  const row = rows[0];
  return row && { id: row.user_id, name: row.name ?? row.email, email: row.email };
}

export interface NewTenant {
  code: string;
  displayName: string;
  /** A 64×64 PNG. */
  iconPng: Buffer;
  /** The firm's logo, PNG. */
  logoPng: Buffer;
  colors: { primary: string; secondary: string; tertiary: string };
}

/**
 * The rows a firm starts with (tenant-rows.ts): the tenant, its discovery addresses, its menus and its file-area
 * settings. Runs in the caller's owner transaction.
 */
export async function insertTenantRows(tx: Queryable, tenant: NewTenant) {
  const { code } = tenant;
  const { primary, secondary, tertiary } = tenant.colors;
  await tx.query(
    `INSERT INTO tenants (code, display_name, icon_png, logo, logo_content_type, primary_color, secondary_color, tertiary_color)
     VALUES ($1, $2, $3, $4, 'image/png', $5, $6, $7)`,
    [code, tenant.displayName, tenant.iconPng, tenant.logoPng, primary, secondary, tertiary],
  );
  const endpoints = SERVICE_TYPES.flatMap((serviceType) =>
    CLIENT_TYPES.map((clientType) => ({
      service_type: serviceType,
      client_type: clientType,
      address: defaultServiceAddress(code, serviceType),
    })),
  );
  await tx.query(
    `INSERT INTO service_endpoints (tenant_code, service_type, role_type, client_type, address)
     SELECT $1, service_type, $2, client_type, address
     FROM jsonb_to_recordset($3::jsonb) AS e(service_type text, client_type text, address text)`,
    [code, DOCUMENT_MANAGEMENT_ROLE, JSON.stringify(endpoints)],
  );
  const items = Object.entries(NEW_TENANT_MENU).flatMap(([audience, list]) =>
    list.map((item) => ({ audience, key: item.key, name: item.name, sort_order: item.order })),
  );
  await tx.query(
    `INSERT INTO menu_items (tenant_code, audience, key, name, sort_order)
     SELECT $1, audience, key, name, sort_order
     FROM jsonb_to_recordset($2::jsonb) AS m(audience text, key text, name text, sort_order int)`,
    [code, JSON.stringify(items)],
  );
  await tx.query('INSERT INTO file_area_settings (tenant_code, settings) VALUES ($1, $2)', [
    code,
    JSON.stringify(NEW_TENANT_FILE_AREA_SETTINGS),
  ]);
  await tx.query(
    `INSERT INTO file_statuses (tenant_code, key, name, sort_order)
     SELECT $1, s.key, s.name, s.ord::int FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS s(key, name, ord)`,
    [code, DEFAULT_FILE_STATUSES.map((s) => s.key), DEFAULT_FILE_STATUSES.map((s) => s.name)],
  );
  await tx.query(
    `INSERT INTO categories (tenant_code, name, sort_order)
     SELECT $1, c.name, c.ord::int FROM unnest($2::text[]) WITH ORDINALITY AS c(name, ord)`,
    [code, DEFAULT_CATEGORIES],
  );
}

/** Whether a tenant of this code exists, disabled or not (owner transaction). */
export async function tenantExists(tx: Queryable, code: string): Promise<boolean> {
  const { rows } = await tx.query('SELECT 1 FROM tenants WHERE code = $1', [code]);
  return rows.length > 0;
}

/** The firm's two-step sign-in requirement (decision 45), or undefined for a firm the transaction does not see. */
export async function findTwoStepRequirement(
  tx: Queryable,
  tenantCode: string,
): Promise<TwoStepRequirement | undefined> {
  const { rows } = await tx.query<{ two_step_required: TwoStepRequirement }>(
    'SELECT two_step_required FROM tenants WHERE code = $1',
    [tenantCode],
  );
  return rows[0]?.two_step_required;
}

export async function updateTwoStepRequirement(tx: Queryable, tenantCode: string, value: TwoStepRequirement) {
  await tx.query('UPDATE tenants SET two_step_required = $2 WHERE code = $1', [tenantCode, value]);
}
