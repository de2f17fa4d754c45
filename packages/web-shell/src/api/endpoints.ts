import type { ClientType, DiscoverServicesResponse, ServiceType } from '@portico/contracts';
import type { EndPoint } from '../store/app-slice.ts';

/**
 * Discovery answers one entry per service with an address per client type; a front end keeps the address for
 * its own client type (SPEC §3) and skips services that have none for it.
 */
export function toEndPoints(entries: DiscoverServicesResponse, clientType: ClientType): EndPoint[] {
  const endPoints: EndPoint[] = [];
  for (const entry of entries) {
    const client = entry.clientEndpoints.find((c) => c.clientType === clientType);
    if (client)
      endPoints.push({
        serviceType: entry.serviceType,
        entrypointAddress: client.entrypointAddress,
        roleType: entry.roleType,
      });
  }
  return endPoints;
}

/** The base address of a service, always ending in `/` so that relative paths such as `api/sites` append. */
export function resolveServiceBaseUrl(
  endPoints: readonly EndPoint[],
  serviceType: ServiceType,
): string | undefined {
  const address = endPoints.find((e) => e.serviceType === serviceType)?.entrypointAddress;
  if (!address) return undefined;
  return address.endsWith('/') ? address : `${address}/`;
}

/**
 * The absolute URL of a call: `path` relative to the base (`api/users/menu`), never allowed to leave it, so a
 * path from data can not send the bearer token to another host.
 */
export function serviceUrl(base: string, path: string): string {
  const url = new URL(path.replace(/^\/+/, ''), base);
  if (!url.href.startsWith(new URL(base).href)) throw new Error(`The path ${path} leaves its service.`);
  return url.href;
}
