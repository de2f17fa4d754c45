import { randomUUID } from 'node:crypto';
import {
  FILE_WORKFLOW_AUDIT_ACTIONS,
  type FileStatusList,
  type PutFileStatusesBody,
  type SetFileStatusBody,
  SUBMISSION_STATUSES,
  type SubmissionStatus,
} from '@portico/contracts';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/caller.ts';
import type { Database, Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { enqueueMail } from '../mail/outbox.repository.ts';
import { type FileTarget, requireFileAccess } from '../site-files/file-access.ts';
import { setSubmissionStatus } from '../site-files/submissions.staff.usecases.ts';
import { authorize } from '../sites/access.ts';
import { staffIdsOf } from '../sites/members.repository.ts';
import {
  countFilesByStatus,
  findFileStatus,
  findStatus,
  listStatuses,
  lockStatusList,
  removeStatuses,
  updateFileStatus,
  writeStatuses,
} from './file-statuses.repository.ts';

/**
 * Statuses of published files (issue 27 item 1, decision 55): the tenant's list, which staff replace as a whole,
 * and a file's status with its note. Staff set any file's status (a submitted file's through the review of
 * submissions); a client sets a published file's where the site's `internalFileStatusUpdate` is on, and the
 * firm's staff are mailed, batched per site.
 */

/** NOTIFY_BATCH_SECONDS, as the route is given it. */
export interface StatusMailSettings {
  batchSeconds: number;
}

/** The tenant's statuses in order; staff also read how many files carry each. */
export async function getStatuses(db: Database, caller: Caller): Promise<FileStatusList> {
  return db.readTenant(caller.tenantCode, async (tx) => {
    const records = await listStatuses(tx, caller.tenantCode);
    if (!caller.user.isStaff) return { records };
    const counts = await countFilesByStatus(tx, caller.tenantCode);
    return { records: records.map((s) => ({ ...s, fileCount: counts.get(s.key) ?? 0 })) };
  });
}

const KEY_MAX = 40;

/** A key for a new status, from its name: lower-case ASCII letters, digits and `_`, starting with a letter. */
export function keyFromName(name: string, taken: ReadonlySet<string>): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^[^a-z]+/, '')
      .replace(/_+$/, '')
      .slice(0, KEY_MAX)
      .replace(/_+$/, '') || 'status';
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const suffix = `_${n}`;
    const key = `${base.slice(0, KEY_MAX - suffix.length)}${suffix}`;
    if (!taken.has(key)) return key;
  }
}

/**
 * Replaces the tenant's list (staff only): an entry with a `key` keeps that status (renamed, moved); one without
 * is new, its key made from its name; a status left out is removed and cleared from its files. Names are unique
 * ignoring case (409 `name.taken`); a key that is not one of the list answers 400 `status.unknown`.
 */
export async function putStatuses(
  db: Database,
  caller: Caller,
  body: PutFileStatusesBody,
): Promise<FileStatusList> {
  authorize(caller, 'statuses.manage');
  const wanted = body.records.map((r) => ({ key: r.key, name: r.name.trim() }));
  const seenNames = new Set<string>();
  for (const entry of wanted) {
    if (!entry.name) throw new AppError('request.invalid', 'A status needs a name.');
    const lower = entry.name.toLowerCase();
    if (seenNames.has(lower)) {
      throw new AppError(
        'name.taken',
        `There are two statuses named "${entry.name}": each name must differ.`,
      );
    }
    seenNames.add(lower);
  }
  const keysGiven = wanted.flatMap((w) => (w.key ? [w.key] : []));
  if (new Set(keysGiven).size !== keysGiven.length) {
    throw new AppError('request.invalid', 'A status key may appear only once in the list.');
  }
  await db.withTenant(caller.tenantCode, async (tx) => {
    await lockStatusList(tx, caller.tenantCode);
    const before = await listStatuses(tx, caller.tenantCode);
    const existing = new Set(before.map((s) => s.key));
    const unknown = keysGiven.find((k) => !existing.has(k));
    if (unknown) {
      throw new AppError('status.unknown', `"${unknown}" is not a status of this firm's list.`);
    }
    const removed = before.filter((s) => !keysGiven.includes(s.key)).map((s) => s.key);
    const taken = new Set(keysGiven);
    const kept: { key: string; name: string; order: number }[] = [];
    const added: { key: string; name: string; order: number }[] = [];
    wanted.forEach((entry, index) => {
      if (entry.key) kept.push({ key: entry.key, name: entry.name, order: index + 1 });
      else {
        const key = keyFromName(entry.name, taken);
        taken.add(key);
        added.push({ key, name: entry.name, order: index + 1 });
      }
    });
    const cleared = await removeStatuses(tx, caller.tenantCode, removed);
    await writeStatuses(tx, caller.tenantCode, kept, added);
    const after = await listStatuses(tx, caller.tenantCode);
    await recordAuditEvents(tx, [
      {
        tenantCode: caller.tenantCode,
        siteId: null,
        userId: caller.user.id,
        action: FILE_WORKFLOW_AUDIT_ACTIONS.statusesUpdate,
        detail: { before, after, removed, filesCleared: cleared },
      },
    ]);
  });
  return getStatuses(db, caller);
}

const isSubmissionStatus = (value: string): value is SubmissionStatus =>
  (SUBMISSION_STATUSES as readonly string[]).includes(value);

/**
 * Sets a file's status. A published file: `status` must be a key of the tenant's list (400 `status.unknown`);
 * staff always, a client through the access table (`files.setStatus`: a member, the site's flag on). A submitted
 * file: staff only (a client gets 403 `auth.staff_only`), one of the review statuses, through the review of
 * submissions (a rejection needs a note, the client is mailed). Setting the same status and note again changes
 * nothing.
 */
export async function setFileStatus(
  db: Database,
  caller: Caller,
  fileId: string,
  body: SetFileStatusBody,
  mail: StatusMailSettings,
): Promise<void> {
  await db.withTenant(caller.tenantCode, async (tx) => {
    const file = await requireFileAccess(tx, caller, 'files.setStatus', fileId, { lock: true });
    if (file.direction === 'submitted') {
      authorize(caller, 'files.anyOfTenant');
      if (!isSubmissionStatus(body.status)) {
        throw new AppError(
          'status.unknown',
          `A submitted file's status is one of ${SUBMISSION_STATUSES.join(', ')}.`,
        );
      }
      await setSubmissionStatus(tx, caller, file.id, {
        status: body.status,
        ...(body.note === undefined ? {} : { note: body.note }),
      });
      return;
    }
    await setPublishedStatus(tx, caller, file, body, mail);
  });
}

async function setPublishedStatus(
  tx: Queryable,
  caller: Caller,
  file: FileTarget,
  body: SetFileStatusBody,
  mail: StatusMailSettings,
) {
  const status = await findStatus(tx, caller.tenantCode, body.status);
  if (!status) {
    throw new AppError(
      'status.unknown',
      `"${body.status}" is not a status of this firm's list (GET statuses).`,
    );
  }
  const note = body.note?.trim() || null;
  const before = await findFileStatus(tx, caller.tenantCode, file.id);
  if (before.status === status.key && before.note === note) return;
  await updateFileStatus(tx, caller.tenantCode, file.id, { status: status.key, note, by: caller.user.id });
  await recordAuditEvents(tx, [
    {
      tenantCode: caller.tenantCode,
      siteId: file.siteId,
      userId: caller.user.id,
      action: FILE_WORKFLOW_AUDIT_ACTIONS.status,
      fileId: file.id,
      detail: { from: before.status, to: status.key, toName: status.name, note, title: file.title },
    },
  ]);
  if (!caller.user.isStaff) await mailStaff(tx, caller, file, status.name, note, mail.batchSeconds);
}

/** A client's change, to every staff member of the firm, batched per site (decision 34). */
async function mailStaff(
  tx: Queryable,
  caller: Caller,
  file: FileTarget,
  statusName: string,
  note: string | null,
  batchSeconds: number,
) {
  // One key per change: the same status set again later is a new event.
  const change = randomUUID();
  for (const staffId of await staffIdsOf(tx, caller.tenantCode)) {
    await enqueueMail(tx, {
      tenantCode: caller.tenantCode,
      template: 'file-status-changed',
      data: {
        siteId: file.siteId,
        siteName: file.site.name,
        items: [{ fileId: file.id, title: file.title, statusName, note, changedBy: caller.user.name }],
      },
      to: { userId: staffId },
      dedupeKey: `file.status:${file.id}:${change}:${staffId}`,
      batch: { key: file.siteId, windowSeconds: batchSeconds },
    });
  }
}
