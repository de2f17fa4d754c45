import { REQUEST_AUDIT_ACTIONS, type ReminderSettings } from '@portico/contracts';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/tenant-scope.ts';
import type { Queryable } from '../db/database.ts';
import { readReminderSettings, upsertReminderSettings } from './reminders.repository.ts';

export { readReminderSettings };

export async function saveReminderSettings(
  tx: Queryable,
  scope: Caller,
  settings: ReminderSettings,
): Promise<ReminderSettings> {
  const before = await readReminderSettings(tx, scope);
  await upsertReminderSettings(tx, scope.tenantCode, settings);
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
