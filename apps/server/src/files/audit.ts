import type { Queryable } from '../db/database.ts';

/** One line of the audit log: who did what to which file of which site. */
export interface AuditEvent {
  tenantCode: string;
  siteId: string | null;
  userId: string | null;
  action: string;
  fileId?: string | null;
  detail?: Record<string, unknown>;
}

/**
 * Writes audit events in the caller's transaction, so an event exists exactly when what it records was committed.
 * All rows go in one statement (a zip of a thousand files writes a thousand events), passed as one JSON
 * parameter, which both database engines read the same way.
 */
export async function recordAuditEvents(tx: Queryable, events: readonly AuditEvent[]): Promise<void> {
  if (!events.length) return;
  const rows = events.map((e) => ({
    tenant_code: e.tenantCode,
    site_id: e.siteId,
    user_id: e.userId,
    action: e.action,
    file_id: e.fileId ?? null,
    detail: e.detail ?? {},
  }));
  await tx.query(
    `INSERT INTO audit_events (tenant_code, site_id, user_id, action, file_id, detail)
     SELECT tenant_code, site_id, user_id, action, file_id, detail
     FROM jsonb_to_recordset($1::jsonb)
       AS e(tenant_code text, site_id uuid, user_id uuid, action text, file_id uuid, detail jsonb)`,
    [JSON.stringify(rows)],
  );
}
