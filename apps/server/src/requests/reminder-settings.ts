import { REQUEST_AUDIT_ACTIONS, type ReminderSettings } from '@portico/contracts';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';
import { readReminderSettings, upsertReminderSettings } from './reminders.repository.ts';

export { readReminderSettings };

export async function saveReminderSettings(
  tx: Queryable,
  caller: Caller,
  settings: ReminderSettings,
): Promise<ReminderSettings> {
  const before = await readReminderSettings(tx, caller);
  await upsertReminderSettings(tx, caller.tenantCode, settings);
  await recordAuditEvents(tx, [
    {
      tenantCode: caller.tenantCode,
      siteId: null,
      userId: caller.user.id,
      action: REQUEST_AUDIT_ACTIONS.reminderSettings,
      detail: { from: before, to: settings },
    },
  ]);
  return settings;
}
