import { REQUEST_AUDIT_ACTIONS, type ReminderSettings, type SentReminder } from '@portico/contracts';
import { type AuditRecord, recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/caller.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { JobDefinition } from '../db/periodic-jobs.ts';
import { AppError } from '../http/app-error.ts';
import {
  findReminderCandidates,
  insertReminderSteps,
  openItemNames,
  toReminderSettings,
} from './reminders.repository.ts';
import { findVisibleRequest } from './request-items.ts';
import { mailSiteClients } from './request-mail.ts';

const DAY_MS = 86_400_000;

/** The UTC day of an instant, `YYYY-MM-DD`. */
export const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);

/** Whole days from `a` to `b` (UTC days, `YYYY-MM-DD`). */
const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / DAY_MS);

/**
 * The reminder step a request due on `dueDate` has reached on `today`, or null: `before-due` from `daysBefore`
 * days before the due date to the day itself, then `overdue-1` the day after, `overdue-2` `overdueEveryDays`
 * later and so on up to `overdue-{overdueMax}`. Pure; each step is sent at most once (the reminders table).
 */
export function reminderStepOn(dueDate: string, today: string, settings: ReminderSettings): string | null {
  const late = daysBetween(dueDate, today);
  if (late > 0) {
    if (settings.overdueMax === 0) return null;
    return `overdue-${Math.min(settings.overdueMax, Math.floor((late - 1) / settings.overdueEveryDays) + 1)}`;
  }
  return settings.daysBefore > 0 && -late <= settings.daysBefore ? 'before-due' : null;
}

export interface ReminderTarget {
  tenantCode: string;
  requestId: string;
  siteId: string;
  siteName: string;
  title: string;
  dueDate: string;
}

/**
 * Claims each (request, step) and records it: the primary key lets one transaction, of one process, claim a step;
 * any other that tries the same step claims nothing and sends nothing. Answers the steps claimed here, each
 * audited in the same transaction.
 */
async function claimSteps(
  tx: Queryable,
  claims: readonly (ReminderTarget & { step: string })[],
  sentBy: string | null,
  now: Date,
): Promise<SentReminder[]> {
  if (!claims.length) return [];
  const rows = await insertReminderSteps(tx, claims, sentBy, now);
  const target = new Map(claims.map((c) => [`${c.requestId} ${c.step}`, c]));
  const open = await openItemNames(
    tx,
    rows.map((r) => r.request_id),
  );
  const sent = rows.map((r) => ({
    requestId: r.request_id,
    step: r.step,
    sentAt: new Date(r.sent_at).toISOString(),
  }));
  await recordAuditEvents(
    tx,
    sent.map((s): AuditRecord => {
      const c = target.get(`${s.requestId} ${s.step}`)!;
      return {
        tenantCode: c.tenantCode,
        siteId: c.siteId,
        userId: sentBy,
        action: REQUEST_AUDIT_ACTIONS.reminder,
        detail: { requestId: c.requestId, title: c.title, dueDate: c.dueDate, step: s.step },
      };
    }),
  );
  for (const s of sent) {
    const c = target.get(`${s.requestId} ${s.step}`)!;
    const data = {
      siteId: c.siteId,
      siteName: c.siteName,
      requestId: c.requestId,
      title: c.title,
      dueDate: c.dueDate,
      overdue: c.dueDate < utcDay(now),
      openItems: open.filter((o) => o.request_id === c.requestId).map((o) => o.name),
    };
    await mailSiteClients(tx, c, 'request-reminder', data, `request.reminder:${c.requestId}:${s.step}`);
  }
  return sent;
}

/**
 * The reminders due at `now` across every firm, each step of each open request once: completed and cancelled
 * requests get none. It works across tenants, so it runs on the owner connection like the upload reaper; the
 * clock is a parameter so tests can move it. Answers the reminders sent by this call.
 */
export async function sendDueReminders(db: Database, now: Date): Promise<SentReminder[]> {
  const today = utcDay(now);
  return db.transaction(async (tx) => {
    const rows = await findReminderCandidates(tx, today);
    const claims = rows.flatMap((r) => {
      const step = reminderStepOn(r.due_date, today, toReminderSettings(r));
      const target = {
        tenantCode: r.tenant_code,
        requestId: r.id,
        siteId: r.site_id,
        siteName: r.site_name,
        title: r.title,
        dueDate: r.due_date,
      };
      return step ? [{ ...target, step }] : [];
    });
    return claimSteps(tx, claims, null, now);
  });
}

/** A reminder staff send now, besides the scheduled ones; a step of its own, named by the instant. */
export async function sendReminderNow(
  tx: Queryable,
  caller: Caller,
  requestId: string,
  now: Date,
): Promise<SentReminder> {
  const request = await findVisibleRequest(tx, caller, requestId, { lock: true });
  if (request.status !== 'open') {
    throw new AppError('requests.closed', `This request is ${request.status}: no reminder is sent.`);
  }
  const [sent] = await claimSteps(
    tx,
    [
      {
        tenantCode: caller.tenantCode,
        requestId: request.id,
        siteId: request.siteId,
        siteName: request.siteName,
        title: request.title,
        dueDate: request.dueDate,
        step: `manual-${now.toISOString()}`,
      },
    ],
    caller.user.id,
    now,
  );
  return sent!;
}

/**
 * Looks for due reminders every 15 minutes, once per period across all processes (db/periodic-jobs.ts); the
 * unique (request, step) row keeps a step from being sent twice in any case.
 */
export const requestReminderJob: JobDefinition = {
  name: 'request-reminders',
  intervalMs: 15 * 60_000,
  firstAfterMs: 60_000,
  failure: 'document request reminders could not be sent',
  async run({ db, log }) {
    const sent = await sendDueReminders(db, new Date());
    if (sent.length) log.info({ sent: sent.length }, 'document request reminders sent');
  },
};
