import { REQUEST_AUDIT_ACTIONS, type ReminderSettings } from '@portico/contracts';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { TenantScope } from '../auth/tenant-scope.ts';
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

export async function readReminderSettings(tx: Queryable, scope: TenantScope): Promise<ReminderSettings> {
  const { rows } = await tx.query<SettingsRow>(
    `SELECT ${SETTINGS_COLUMNS('s')} FROM (SELECT 1) one
     LEFT JOIN document_request_reminder_settings s ON s.tenant_code = $1`,
    [scope.tenantCode],
  );
  return toReminderSettings(rows[0]!);
}

export async function saveReminderSettings(
  tx: Queryable,
  scope: TenantScope,
  settings: ReminderSettings,
): Promise<ReminderSettings> {
  const before = await readReminderSettings(tx, scope);
  await tx.query(
    `INSERT INTO document_request_reminder_settings (tenant_code, days_before, overdue_every_days, overdue_max)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (tenant_code) DO UPDATE SET days_before = EXCLUDED.days_before,
       overdue_every_days = EXCLUDED.overdue_every_days, overdue_max = EXCLUDED.overdue_max`,
    [scope.tenantCode, settings.daysBefore, settings.overdueEveryDays, settings.overdueMax],
  );
  await recordAuditEvents(tx, [
    {
      tenantCode: scope.tenantCode,
      siteId: null,
      userId: scope.user.id,
      action: REQUEST_AUDIT_ACTIONS.reminderSettings,
      detail: { from: before, to: settings },
    },
  ]);
  return settings;
}
