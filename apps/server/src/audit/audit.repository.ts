import type { AuditEvent, AuditEventList, SortOrder } from '@portico/contracts';
import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';
import { containsPattern } from '../db/sql-fragments.ts';
import { AppError } from '../http/app-error.ts';

/**
 * The audit log, written and read in one place: every module records its events here in its own transaction, and
 * staff read them back (list, CSV export).
 */
/** One line of the audit log: who did what to which file of which site. */
export interface AuditRecord {
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
export async function recordAuditEvents(tx: Queryable, events: readonly AuditRecord[]): Promise<void> {
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

/**
 * The tenant's audit log as staff read it, with who, which site and which file by name. Events are ordered by
 * id, the order they were recorded in; unpublished files and archived sites keep their names here.
 */

export interface AuditFilter {
  siteId?: string | undefined;
  userId?: string | undefined;
  person?: string | undefined;
  actions?: readonly string[] | undefined;
  /** `YYYY-MM-DD`, inclusive, a UTC day. */
  from?: string | undefined;
  to?: string | undefined;
}

interface AuditRow {
  id: string;
  occurred_at: Date | string;
  action: string;
  detail: unknown;
  user_id: string | null;
  user_name: string | null;
  user_email: string | null;
  site_id: string | null;
  site_name: string | null;
  file_id: string | null;
  file_title: string | null;
  file_name: string | null;
}

// Who, as this firm knows them (migration 0007): never another firm's name for the person. A file deleted for good
// from the trash keeps the name its events recorded.
const FROM = `audit_events a
  LEFT JOIN tenant_people u ON u.tenant_code = a.tenant_code AND u.user_id = a.user_id
  LEFT JOIN sites s ON s.tenant_code = a.tenant_code AND s.id = a.site_id
  LEFT JOIN files f ON f.tenant_code = a.tenant_code AND f.id = a.file_id`;

const COLUMNS = `a.id::text AS id, a.occurred_at, a.action, a.detail, a.user_id, u.name AS user_name,
  u.email AS user_email, a.site_id, s.name AS site_name, a.file_id,
  coalesce(f.title, a.detail->>'title') AS file_title, coalesce(f.file_name, a.detail->>'fileName') AS file_name`;

const toEvent = (row: AuditRow): AuditEvent => ({
  id: row.id,
  occurredAt: new Date(row.occurred_at).toISOString(),
  action: row.action,
  actor:
    row.user_id === null ? null : { id: row.user_id, name: row.user_name ?? '', email: row.user_email ?? '' },
  site: row.site_id === null ? null : { id: row.site_id, name: row.site_name ?? '' },
  file:
    row.file_id === null
      ? null
      : { id: row.file_id, title: row.file_title ?? '', fileName: row.file_name ?? '' },
  detail: row.detail && typeof row.detail === 'object' ? (row.detail as Record<string, unknown>) : {},
});

/** WHERE with its parameters, `$1` the tenant; checks the range first, so an export fails before it starts. */
export function auditFilterSql(caller: Pick<Caller, 'tenantCode'>, filter: AuditFilter) {
  if (filter.from && filter.to && filter.from > filter.to) {
    throw new AppError(
      'request.invalid',
      `The date range is empty: "from" (${filter.from}) is after "to" (${filter.to}).`,
    );
  }
  const params: unknown[] = [caller.tenantCode];
  const where = ['a.tenant_code = $1'];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.siteId) where.push(`a.site_id = ${add(filter.siteId)}`);
  if (filter.userId) where.push(`a.user_id = ${add(filter.userId)}`);
  if (filter.person) {
    const p = add(containsPattern(filter.person));
    where.push(`(u.name ILIKE ${p} ESCAPE '\\' OR u.email ILIKE ${p} ESCAPE '\\')`);
  }
  if (filter.actions?.length) where.push(`a.action = ANY(${add(filter.actions)}::text[])`);
  if (filter.from) where.push(`a.occurred_at >= (${add(filter.from)}::date)::timestamp AT TIME ZONE 'UTC'`);
  if (filter.to) where.push(`a.occurred_at < (${add(filter.to)}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  return { where: where.join(' AND '), params };
}

export async function listAuditEvents(
  tx: Queryable,
  caller: Caller,
  filter: AuditFilter,
  page: { limit: number; offset: number; sortOrder: SortOrder },
): Promise<AuditEventList> {
  const { where, params } = auditFilterSql(caller, filter);
  const total = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${FROM} WHERE ${where}`,
    params,
  );
  const direction = page.sortOrder === 'asc' ? 'ASC' : 'DESC';
  const n = params.length;
  const { rows } = await tx.query<AuditRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE ${where} ORDER BY a.id ${direction} LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...params, page.limit, page.offset],
  );
  return { records: rows.map(toEvent), totalRecordCount: total.rows[0]?.n ?? 0 };
}

/**
 * The matching events, newest first, a batch per transaction: an export of any length holds one batch in memory
 * and no transaction open while the client reads. Each batch continues below the last id seen, so events
 * recorded during the export neither repeat nor shift the rest.
 */
export async function* auditEventBatches(
  withTenant: <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T>,
  caller: Pick<Caller, 'tenantCode'>,
  filter: AuditFilter,
  batchSize = 1000,
): AsyncGenerator<AuditEvent[]> {
  const { where, params } = auditFilterSql(caller, filter);
  let below: string | null = null;
  for (;;) {
    const n = params.length;
    const { rows } = await withTenant((tx) =>
      tx.query<AuditRow>(
        `SELECT ${COLUMNS} FROM ${FROM}
         WHERE ${where} AND ($${n + 1}::bigint IS NULL OR a.id < $${n + 1}::bigint)
         ORDER BY a.id DESC LIMIT $${n + 2}`,
        [...params, below, batchSize],
      ),
    );
    if (!rows.length) return;
    yield rows.map(toEvent);
    if (rows.length < batchSize) return;
    below = rows[rows.length - 1]!.id;
  }
}

/** One event of a file's timeline: who (as this firm knows them), what, when, and what the event recorded. */
export interface FileEventRow {
  id: string;
  occurredAt: Date;
  action: string;
  /** Null for the server itself (a job) or an account since removed. */
  actorId: string | null;
  actorName: string | null;
  detail: Record<string, unknown>;
}

/**
 * A file's events, newest first (index audit_events_file_time, decision 46): its history, or with `actions` one
 * part of it (the check-out history). Names are this firm's (`tenant_people`), never another firm's for the
 * person. Runs in the caller's tenant transaction, after the caller was allowed to see the file.
 */
export async function listFileEvents(
  tx: Queryable,
  tenantCode: string,
  fileId: string,
  page: { limit: number; offset: number; actions?: readonly string[] },
): Promise<{ records: FileEventRow[]; totalRecordCount: number }> {
  const filter = page.actions ? 'AND a.action = ANY($3::text[])' : 'AND $3::text[] IS NULL';
  const params = [tenantCode, fileId, page.actions ?? null];
  const { rows } = await tx.query<{
    id: string;
    occurred_at: Date | string;
    action: string;
    user_id: string | null;
    actor_name: string | null;
    detail: unknown;
  }>(
    `SELECT a.id::text AS id, a.occurred_at, a.action, a.user_id, u.name AS actor_name, a.detail
     FROM audit_events a
     LEFT JOIN tenant_people u ON u.tenant_code = a.tenant_code AND u.user_id = a.user_id
     WHERE a.tenant_code = $1 AND a.file_id = $2 ${filter}
     ORDER BY a.occurred_at DESC, a.id DESC
     LIMIT $4 OFFSET $5`,
    [...params, page.limit, page.offset],
  );
  // A page that is not full ends the list: its total is known without counting (most files have a short history).
  let total = page.offset + rows.length;
  if (rows.length === page.limit || (rows.length === 0 && page.offset > 0)) {
    const counted = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_events a WHERE a.tenant_code = $1 AND a.file_id = $2 ${filter}`,
      params,
    );
    total = counted.rows[0]?.n ?? 0;
  }
  return {
    totalRecordCount: total,
    records: rows.map((r) => ({
      id: r.id,
      occurredAt: new Date(r.occurred_at),
      action: r.action,
      actorId: r.user_id,
      actorName: r.actor_name,
      detail: r.detail && typeof r.detail === 'object' ? (r.detail as Record<string, unknown>) : {},
    })),
  };
}
