import type { Queryable } from '../db/database.ts';

/**
 * Discovery's reads. Each runs inside `db.withTenant(tenantCode, …)`, so row-level security already hides other
 * tenants' rows; the explicit tenant filter is the first wall and keeps the query right without it.
 */

export interface ServiceEndpointRow {
  serviceType: string;
  roleType: string;
  clientType: string;
  address: string;
}

export interface TenantContextRow {
  code: string;
  displayName: string;
  iconPng: Uint8Array;
}

export async function listServiceEndpoints(
  tx: Queryable,
  tenantCode: string,
  roleType: string,
): Promise<ServiceEndpointRow[]> {
  const { rows } = await tx.query<ServiceEndpointRow>(
    `SELECT service_type AS "serviceType", role_type AS "roleType", client_type AS "clientType", address
       FROM service_endpoints
      WHERE tenant_code = $1 AND role_type = $2
      ORDER BY service_type, client_type`,
    [tenantCode, roleType],
  );
  return rows;
}

export async function findTenantContext(
  tx: Queryable,
  tenantCode: string,
): Promise<TenantContextRow | undefined> {
  const { rows } = await tx.query<TenantContextRow>(
    `SELECT code, display_name AS "displayName", icon_png AS "iconPng" FROM tenants WHERE code = $1`,
    [tenantCode],
  );
  return rows[0];
}
