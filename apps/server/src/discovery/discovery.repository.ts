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
    `SELECT code, display_name AS "displayName", icon_png AS "iconPng" FROM tenants WHERE code = $1 AND disabled_at IS NULL`,
    [tenantCode],
  );
  return rows[0];
}

/** Places one of a tenant's services (for one role and client type) at an address; answers the previous one. */
export async function saveServiceEndpoint(
  tx: Queryable,
  tenantCode: string,
  row: ServiceEndpointRow,
): Promise<string | undefined> {
  const before = await tx.query<{ address: string }>(
    `SELECT address FROM service_endpoints
     WHERE tenant_code = $1 AND service_type = $2 AND role_type = $3 AND client_type = $4 FOR UPDATE`,
    [tenantCode, row.serviceType, row.roleType, row.clientType],
  );
  await tx.query(
    `INSERT INTO service_endpoints (tenant_code, service_type, role_type, client_type, address)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (tenant_code, service_type, role_type, client_type) DO UPDATE SET address = excluded.address`,
    [tenantCode, row.serviceType, row.roleType, row.clientType, row.address],
  );
  return before.rows[0]?.address;
}
