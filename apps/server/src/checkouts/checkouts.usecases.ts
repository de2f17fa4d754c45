import {
  CHECKOUT_AUDIT_ACTIONS,
  CHECKOUT_EVENT_KIND_OF,
  type CheckoutHistory,
  type FileCheckout,
  fileHistoryLabel,
} from '@portico/contracts';
import { type AuditRecord, listFileEvents, recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/caller.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { JobContextBase, JobDefinition } from '../db/periodic-jobs.ts';
import { AppError } from '../http/app-error.ts';
import { type FileTarget, requireFileAccess } from '../site-files/file-access.ts';
import { authorize } from '../sites/access.ts';
import { assertNotCheckedOutByOther } from './checkout-guard.ts';
import {
  endCheckout,
  peopleNames,
  type ReleasedCheckout,
  releaseExpired,
  startCheckout,
} from './checkouts.repository.ts';

/**
 * Check-out (issue 26, item 5; decision 50): a file checked out by someone is locked for everyone else (the guard,
 * checkout-guard.ts, refuses their changes) until its holder checks it in, staff force a check-in, or
 * CHECKOUT_HOURS pass and the expiry job releases it. Every out, in, forced and expired is an audit event of the
 * file, and the check-out history is those events read back.
 */

const expiredEvent = (r: ReleasedCheckout): AuditRecord => ({
  tenantCode: r.tenantCode,
  siteId: r.siteId,
  userId: null,
  action: CHECKOUT_AUDIT_ACTIONS.expired,
  fileId: r.fileId,
  detail: { holderId: r.holderId, until: r.until.toISOString() },
});

/** A check-out past its end that the job has not released yet is released (and recorded) before acting. */
async function releaseIfExpired(tx: Queryable, file: FileTarget, caller: Caller) {
  const released = await releaseExpired(tx, { tenantCode: caller.tenantCode, fileId: file.id });
  await recordAuditEvents(tx, released.map(expiredEvent));
}

const answer = (file: FileTarget, holder: { id: string; name: string } | null, until: Date | null) => ({
  fileId: file.id,
  checkedOutBy: holder && until ? { name: holder.name, userId: holder.id, until: until.toISOString() } : null,
});

/**
 * Checks the file out to the caller for `hours`: someone else's check-out answers 409 `file.checked_out` naming
 * them and its end; the caller's own is renewed.
 */
export async function checkOutFile(
  db: Database,
  caller: Caller,
  fileId: string,
  hours: number,
): Promise<FileCheckout> {
  return db.withTenant(caller.tenantCode, async (tx) => {
    const file = await requireFileAccess(tx, caller, 'files.checkout', fileId, { lock: true });
    assertNotCheckedOutByOther(caller, file);
    await releaseIfExpired(tx, file, caller);
    const until = await startCheckout(tx, caller.tenantCode, file.id, caller.user.id, hours);
    await recordAuditEvents(tx, [
      {
        tenantCode: caller.tenantCode,
        siteId: file.siteId,
        userId: caller.user.id,
        action: CHECKOUT_AUDIT_ACTIONS.checkOut,
        fileId: file.id,
        detail: { until: until.toISOString(), ...(file.checkedOutBy ? { renewed: true } : {}) },
      },
    ]);
    const names = await peopleNames(tx, caller.tenantCode, [caller.user.id]);
    return answer(file, { id: caller.user.id, name: names.get(caller.user.id) ?? 'Someone' }, until);
  });
}

/**
 * Checks the file in. Its holder may; someone else gets 409 `file.checked_out`, unless they are staff and
 * `force` (a forced check-in, recorded with whose check-out it ended); a client's `force` is 403
 * `auth.staff_only`. A file nobody holds answers 409 `file.not_checked_out`.
 */
export async function checkInFile(
  db: Database,
  caller: Caller,
  fileId: string,
  options: { force?: boolean | undefined } = {},
): Promise<FileCheckout> {
  if (options.force) authorize(caller, 'files.anyOfTenant');
  return db.withTenant(caller.tenantCode, async (tx) => {
    const file = await requireFileAccess(tx, caller, 'files.checkout', fileId, { lock: true });
    // A check-out past its end reads as none here; the expiry job records its end.
    if (!file.checkedOutBy || !file.checkedOutUntil) {
      throw new AppError('file.not_checked_out', 'This file is not checked out.');
    }
    const forced = file.checkedOutBy !== caller.user.id;
    if (forced && !options.force) assertNotCheckedOutByOther(caller, file);
    await endCheckout(tx, caller.tenantCode, file.id);
    await recordAuditEvents(tx, [
      {
        tenantCode: caller.tenantCode,
        siteId: file.siteId,
        userId: caller.user.id,
        action: forced ? CHECKOUT_AUDIT_ACTIONS.forcedCheckIn : CHECKOUT_AUDIT_ACTIONS.checkIn,
        fileId: file.id,
        detail: forced ? { holderId: file.checkedOutBy, until: file.checkedOutUntil.toISOString() } : {},
      },
    ]);
    return answer(file, null, null);
  });
}

const CHECKOUT_ACTIONS = Object.values(CHECKOUT_AUDIT_ACTIONS);

const stringIn = (detail: Record<string, unknown>, key: string) =>
  typeof detail[key] === 'string' ? (detail[key] as string) : null;

/** Every out, in, forced and expired of a file the caller may see, newest first, paged. */
export async function checkoutHistory(
  db: Database,
  caller: Caller,
  fileId: string,
  page: { limit: number; offset: number },
): Promise<CheckoutHistory> {
  return db.readTenant(caller.tenantCode, async (tx) => {
    const file = await requireFileAccess(tx, caller, 'files.checkoutHistory', fileId);
    const events = await listFileEvents(tx, caller.tenantCode, file.id, {
      ...page,
      actions: CHECKOUT_ACTIONS,
    });
    const holderIds = events.records.flatMap((e) => stringIn(e.detail, 'holderId') ?? []);
    const holders = await peopleNames(tx, caller.tenantCode, holderIds);
    return {
      totalRecordCount: events.totalRecordCount,
      records: events.records.map((e) => {
        const kind = CHECKOUT_EVENT_KIND_OF[e.action]!;
        const holderId = stringIn(e.detail, 'holderId');
        return {
          id: e.id,
          kind,
          label: fileHistoryLabel(e.action),
          occurredAt: e.occurredAt.toISOString(),
          by: e.actorId ? { name: e.actorName ?? 'Someone' } : null,
          holder: holderId ? { name: holders.get(holderId) ?? 'Someone' } : null,
          until: kind === 'out' ? stringIn(e.detail, 'until') : null,
        };
      }),
    };
  });
}

/** At most this many check-outs are released per transaction of the expiry job. */
const RELEASE_BATCH = 500;

/** Releases every check-out past its end, each with its `expired` event; answers how many. */
export async function releaseExpiredCheckouts(db: Database): Promise<number> {
  let total = 0;
  for (;;) {
    const released = await db.transaction(async (tx) => {
      const rows = await releaseExpired(tx, { limit: RELEASE_BATCH });
      await recordAuditEvents(tx, rows.map(expiredEvent));
      return rows.length;
    });
    total += released;
    if (released < RELEASE_BATCH) return total;
  }
}

/** Releases check-outs past CHECKOUT_HOURS, once a minute across all processes (the job list, jobs.ts). */
export const checkoutExpiryJob: JobDefinition<JobContextBase> = {
  name: 'checkout-expiry',
  intervalMs: 60 * 1000,
  firstAfterMs: 10 * 1000,
  failure: 'expired check-outs could not be released',
  async run({ db, log }) {
    const released = await releaseExpiredCheckouts(db);
    if (released) log.info({ released }, 'expired check-outs released');
  },
};
