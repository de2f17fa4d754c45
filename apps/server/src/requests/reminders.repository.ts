import type { ReminderSettings } from '@portico/contracts';
import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';

/** When a firm's reminders go, unless it chose otherwise: 3 days before, then every 7 days overdue, 3 at most. */
export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  daysBefore: 3,
  overdueEveryDays: 7,
  overdueMax: 3,
};

/** The same defaults as SQL, for a query that joins the settings table (a firm without a row). */
export const SETTINGS_COLUMNS = (t: string) =>
  `COALESCE(${t}.days_before, ${DEFAULT_REMINDER_SETTINGS.daysBefore}) AS days_before,
   COALESCE(${t}.overdue_every_days, ${DEFAULT_REMINDER_SETTINGS.overdueEveryDays}) AS overdue_every_days,
   COALESCE(${t}.overdue_max, ${DEFAULT_REMINDER_SETTINGS.overdueMax}) AS overdue_max`;

export interface SettingsRow {
  days_before: number;
  overdue_every_days: number;
  overdue_max: number;
}

export const toReminderSettings = (row: SettingsRow): ReminderSettings => ({
  daysBefore: row.days_before,
  overdueEveryDays: row.overdue_every_days,
  overdueMax: row.overdue_max,
});

export async function readReminderSettings(tx: Queryable, caller: Caller): Promise<ReminderSettings> {
  const { rows } = await tx.query<SettingsRow>(
    `SELECT ${SETTINGS_COLUMNS('s')} FROM (SELECT 1) one
     LEFT JOIN document_request_reminder_settings s ON s.tenant_code = $1`,
    [caller.tenantCode],
  );
  return toReminderSettings(rows[0]!);
}

/** Stores the firm's reminder settings, replacing any it had. */
export async function upsertReminderSettings(tx: Queryable, tenantCode: string, settings: ReminderSettings) {
  await tx.query(
    `INSERT INTO document_request_reminder_settings (tenant_code, days_before, overdue_every_days, overdue_max)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (tenant_code) DO UPDATE SET days_before = EXCLUDED.days_before,
       overdue_every_days = EXCLUDED.overdue_every_days, overdue_max = EXCLUDED.overdue_max`,
    [tenantCode, settings.daysBefore, settings.overdueEveryDays, settings.overdueMax],
  );
}

/** The reminders' rows: which open requests may be due, the steps claimed, the items still open. */

/** A step of a request to claim (request-reminders.ts). */
export interface StepClaim {
  tenantCode: string;
  requestId: string;
  step: string;
}

/**
 * Inserts the (request, step) rows; the primary key lets one transaction claim a step, any other claims nothing.
 * Answers the rows claimed here.
 */
export async function insertReminderSteps(
  tx: Queryable,
  claims: readonly StepClaim[],
  sentBy: string | null,
  now: Date,
) {
  const { rows } = await tx.query<{ request_id: string; step: string; sent_at: Date | string }>(
    `INSERT INTO document_request_reminders (tenant_code, request_id, step, sent_by, sent_at)
     SELECT tenant_code, request_id, step, $2, $3 FROM jsonb_to_recordset($1::jsonb)
       AS c(tenant_code text, request_id uuid, step text)
     ON CONFLICT (request_id, step) DO NOTHING
     RETURNING request_id, step, sent_at`,
    [
      JSON.stringify(
        claims.map((c) => ({ tenant_code: c.tenantCode, request_id: c.requestId, step: c.step })),
      ),
      sentBy,
      now.toISOString(),
    ],
  );
  return rows;
}

/** The names of the items still open (or rejected) of these requests, by request then position. */
export async function openItemNames(tx: Queryable, requestIds: readonly string[]) {
  const { rows } = await tx.query<{ request_id: string; name: string }>(
    `SELECT request_id, name FROM document_request_items
     WHERE request_id = ANY($1::uuid[]) AND status IN ('open', 'rejected') ORDER BY request_id, position`,
    [requestIds],
  );
  return rows;
}

export interface CandidateRow extends SettingsRow {
  tenant_code: string;
  id: string;
  site_id: string;
  site_name: string;
  title: string;
  due_date: string;
}

/**
 * The open requests of sites that are not archived, across every firm (owner transaction), whose due date is near
 * enough to `today` for a reminder, with their firm's reminder settings.
 */
export async function findReminderCandidates(tx: Queryable, today: string): Promise<CandidateRow[]> {
  const { rows } = await tx.query<CandidateRow>(
    `SELECT r.tenant_code, r.id, r.site_id, site.name AS site_name, r.title,
              to_char(r.due_date, 'YYYY-MM-DD') AS due_date, ${SETTINGS_COLUMNS('s')}
       FROM document_requests r
       JOIN sites site ON site.tenant_code = r.tenant_code AND site.id = r.site_id AND site.archived_at IS NULL
       LEFT JOIN document_request_reminder_settings s ON s.tenant_code = r.tenant_code
       WHERE r.status = 'open' AND r.due_date <= $1::date + 60
         AND r.due_date <= $1::date + COALESCE(s.days_before, 3)`,
    [today],
  );
  return rows;
}
