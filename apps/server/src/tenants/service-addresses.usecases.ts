import {
  CLIENT_TYPES,
  DOCUMENT_MANAGEMENT_ROLE,
  OPERATOR_AUDIT_ACTIONS,
  SERVICE_TYPES,
} from '@portico/contracts';
import { type AuditRecord, recordAuditEvents } from '../audit/audit.repository.ts';
import type { Database } from '../db/database.ts';
import { listServiceEndpoints, saveServiceEndpoint } from '../discovery/discovery.repository.ts';
import { resolveEntrypoint } from '../discovery/discovery.usecases.ts';
import { AppError } from '../http/app-error.ts';
import { type Operator, operatorEvent, withExistingTenant } from './tenants.usecases.ts';

/** Where an operator places a firm's services (`portico discovery show|set`); discovery answers from these rows. */

/** The tenant's service addresses for the document-management role, as stored and as clients get them. */
export async function showDiscovery(db: Database, code: string, publicUrl: string) {
  return withExistingTenant(db, code, async (tx) => {
    const rows = await listServiceEndpoints(tx, code, DOCUMENT_MANAGEMENT_ROLE);
    return rows.map((row) => ({ ...row, resolved: resolveEntrypoint(row.address, publicUrl) ?? null }));
  });
}

/**
 * Places a tenant's service at another address, for one client type or both: a path (`/t/acme/portal/`, on this
 * server) or an absolute http(s) URL (another host). Each change is audited with the address it replaced.
 */
export async function setServiceAddress(
  db: Database,
  operator: Operator,
  code: string,
  change: { serviceType: string; clientTypes: readonly string[]; address: string },
) {
  if (!(SERVICE_TYPES as readonly string[]).includes(change.serviceType)) {
    throw new AppError(
      'request.invalid',
      `Unknown service type "${change.serviceType}": one of ${SERVICE_TYPES.join(', ')}.`,
    );
  }
  for (const clientType of change.clientTypes) {
    if (!(CLIENT_TYPES as readonly string[]).includes(clientType)) {
      throw new AppError(
        'request.invalid',
        `Unknown client type "${clientType}": one of ${CLIENT_TYPES.join(', ')}.`,
      );
    }
  }
  const address = change.address.trim();
  if (
    !resolveEntrypoint(address, 'http://localhost') ||
    !(address.startsWith('/') || URL.canParse(address))
  ) {
    throw new AppError(
      'request.invalid',
      `"${address}" is neither a path starting with / nor an http(s) URL.`,
    );
  }
  await withExistingTenant(db, code, async (tx) => {
    const events: AuditRecord[] = [];
    for (const clientType of change.clientTypes) {
      const row = {
        serviceType: change.serviceType,
        roleType: DOCUMENT_MANAGEMENT_ROLE,
        clientType,
        address,
      };
      const before = await saveServiceEndpoint(tx, code, row);
      if (before === address) continue;
      events.push(
        operatorEvent(operator, code, OPERATOR_AUDIT_ACTIONS.discoveryUpdate, {
          serviceType: row.serviceType,
          clientType,
          address: { from: before ?? null, to: address },
        }),
      );
    }
    await recordAuditEvents(tx, events);
  });
}
