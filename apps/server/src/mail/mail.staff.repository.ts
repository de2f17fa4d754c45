import type { StaffMail, StaffMailList, StaffMailQuery } from '@portico/contracts';
import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';
import { containsPattern } from '../db/sql-fragments.ts';

interface MailRow {
  id: string;
  kind: string;
  template: string;
  recipient_email: string;
  subject: string | null;
  state: StaffMail['state'];
  attempts: number;
  events: number;
  last_error: string | null;
  created_at: Date | string;
  next_attempt_at: Date | string;
  sent_at: Date | string | null;
}

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

const toMail = (row: MailRow): StaffMail => ({
  id: row.id,
  kind: row.kind,
  template: row.template,
  recipient: row.recipient_email,
  subject: row.subject,
  state: row.state,
  attempts: row.attempts,
  events: row.events,
  lastError: row.last_error,
  createdAt: iso(row.created_at)!,
  nextAttemptAt: row.state === 'pending' ? iso(row.next_attempt_at) : null,
  sentAt: iso(row.sent_at),
});

/** The tenant's outbox as its staff see it on the Mail page: newest first, filtered by state and text. */
export async function listTenantMail(
  tx: Queryable,
  caller: Caller,
  query: StaffMailQuery,
): Promise<StaffMailList> {
  const params: unknown[] = [caller.tenantCode];
  const where = ['tenant_code = $1'];
  if (query.state?.length) {
    params.push(query.state);
    where.push(`state = ANY($${params.length}::text[])`);
  }
  if (query.search) {
    params.push(containsPattern(query.search));
    where.push(
      `(recipient_email ILIKE $${params.length} ESCAPE '\\' OR subject ILIKE $${params.length} ESCAPE '\\')`,
    );
  }
  const filter = where.join(' AND ');
  const total = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM mail_outbox WHERE ${filter}`,
    params,
  );
  const direction = query.sortOrder === 'asc' ? 'ASC' : 'DESC';
  const { rows } = await tx.query<MailRow>(
    `SELECT id, kind, template, recipient_email, subject, state, attempts, cardinality(event_keys) AS events,
            last_error, created_at, next_attempt_at, sent_at
     FROM mail_outbox WHERE ${filter}
     ORDER BY created_at ${direction}, id ${direction}
     LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, query.limit ?? 10, query.offset ?? 0],
  );
  return { records: rows.map(toMail), totalRecordCount: total.rows[0]?.n ?? 0 };
}
