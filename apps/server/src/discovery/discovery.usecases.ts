import {
  CLIENT_TYPES,
  type ClientType,
  type DiscoverServicesRequest,
  SERVICE_TYPES,
  type ServiceEntry,
  type ServiceType,
  type TenantContext,
} from '@portico/contracts';
import { bindToTenant } from '../auth/authenticate.ts';
import type { ResolveCaller } from '../auth/current-user.ts';
import type { Principal } from '../auth/principal.ts';
import type { Database } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { findTenantContext, listServiceEndpoints, type ServiceEndpointRow } from './discovery.repository.ts';

/** Where a row the contract cannot carry is reported; the answer goes on without it. */
export type SkipReporter = (row: ServiceEndpointRow, reason: string) => void;

export interface DiscoveryDeps {
  db: Database;
  publicUrl: string;
  /** Resolves the caller as the tenant services do (sites/callers.ts), so an unknown one is refused alike. */
  resolveCaller: ResolveCaller;
}

/**
 * The tenant's service addresses for one role, after the tenant guard and for a caller the tenant knows: as on
 * the tenant routes, a tenant the database does not know answers 404 `tenant.not_found`, and a subject with no
 * account or no role there 403 `auth.forbidden` (auth/current-user.ts), so discovery does not hand out the
 * addresses of services that would refuse the caller anyway. RLS binds every read to the tenant.
 */
export async function discoverServices(
  deps: DiscoveryDeps,
  principal: Principal,
  request: DiscoverServicesRequest,
  onSkip: SkipReporter,
): Promise<ServiceEntry[]> {
  const bound = bindToTenant(principal, request.TenantCode);
  const { tenantCode } = bound;
  await deps.resolveCaller(bound);
  return deps.db.withTenant(tenantCode, async (tx) => {
    const rows = await listServiceEndpoints(tx, tenantCode, request.RoleType);
    if (!rows.length) {
      throw new AppError(
        'discovery.role_unknown',
        `Tenant "${tenantCode}" has no services for role "${request.RoleType}".`,
      );
    }
    return toServiceEntries(rows, deps.publicUrl, onSkip);
  });
}

/**
 * Every code must be one the token lists, checked before anything is read. A listed code the database does not
 * know is left out rather than failing the call, so one tenant misconfigured at the provider does not stop its
 * users from signing in to the others.
 */
export async function getTenantContexts(
  db: Database,
  principal: Principal,
  tenantCodes: string[],
): Promise<TenantContext[]> {
  const codes = [...new Set(tenantCodes)].map((code) => bindToTenant(principal, code).tenantCode);
  const contexts: TenantContext[] = [];
  for (const code of codes) {
    // One transaction per tenant: row-level security on tenants shows only the row of `app.tenant`.
    const row = await db.withTenant(code, (tx) => findTenantContext(tx, code));
    if (row) {
      contexts.push({
        tenantCode: row.code,
        tenantDisplayName: row.displayName,
        tenantIcon: Buffer.from(row.iconPng).toString('base64'),
      });
    }
  }
  if (!contexts.length) {
    throw new AppError('tenant.not_found', 'None of the requested tenants is known to this portal.');
  }
  return contexts;
}

/**
 * A relative address follows the server (resolved against PUBLIC_URL); an absolute one places the service on
 * another host and is kept as written. Either way it ends with `/`, so clients can append `api/…` to it.
 */
export function resolveEntrypoint(address: string, publicUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(address, `${publicUrl}/`);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const absolute = URL.canParse(address) ? address : url.href;
  return absolute.endsWith('/') ? absolute : `${absolute}/`;
}

const isServiceType = (value: string): value is ServiceType =>
  (SERVICE_TYPES as readonly string[]).includes(value);
const isClientType = (value: string): value is ClientType =>
  (CLIENT_TYPES as readonly string[]).includes(value);

/** One entry per service type, each with its address per client type, both in the contract's order. */
export function toServiceEntries(
  rows: ServiceEndpointRow[],
  publicUrl: string,
  onSkip: SkipReporter = () => {},
): ServiceEntry[] {
  const entries = new Map<ServiceType, ServiceEntry>();
  for (const row of rows) {
    if (!isServiceType(row.serviceType)) {
      onSkip(row, 'unknown service type');
      continue;
    }
    if (!isClientType(row.clientType)) {
      onSkip(row, 'unknown client type');
      continue;
    }
    const entrypointAddress = resolveEntrypoint(row.address, publicUrl);
    if (!entrypointAddress) {
      onSkip(row, 'address is not an http(s) URL or path');
      continue;
    }
    let entry = entries.get(row.serviceType);
    if (!entry) {
      entry = { serviceType: row.serviceType, roleType: row.roleType, clientEndpoints: [] };
      entries.set(row.serviceType, entry);
    }
    entry.clientEndpoints.push({ clientType: row.clientType, entrypointAddress });
  }
  const clientOrder = (e: { clientType: ClientType }) => CLIENT_TYPES.indexOf(e.clientType);
  return SERVICE_TYPES.flatMap((type) => entries.get(type) ?? []).map((entry) => ({
    ...entry,
    clientEndpoints: entry.clientEndpoints.sort((a, b) => clientOrder(a) - clientOrder(b)),
  }));
}
