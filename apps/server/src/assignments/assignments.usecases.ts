import { randomUUID } from 'node:crypto';
import {
  type AssignedFile,
  type AssignedToMe,
  type AssigneeList,
  type BulkResult,
  FILE_WORKFLOW_AUDIT_ACTIONS,
  type FileAssignmentList,
} from '@portico/contracts';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/caller.ts';
import type { Database, Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { enqueueMail } from '../mail/outbox.repository.ts';
import { type FileTarget, requireFileAccess, requireFilesAccess } from '../site-files/file-access.ts';
import { commonRecord, isoDate } from '../site-files/site-file-lists.ts';
import { authorize, may } from '../sites/access.ts';
import { assignablePeople, rolesInTenant, sitesNotAssignableTo } from '../sites/members.repository.ts';
import { allVisibleSites, findVisibleSite } from '../sites/sites.repository.ts';
import {
  type AssignmentRow,
  assignFiles,
  countAssignedFiles,
  listAssignedFiles,
  listAssignments,
} from './assignments.repository.ts';

/**
 * Assignee and assignment (issue 27 item 2, decision 56): a file has at most one assignee, the firm's staff or a
 * live member client of its site. Setting it on one file and assigning many at once are the same change, made in
 * one statement over every file; each change is a `file_assignments` row and a `file.assign` audit event, and
 * the new assignee (unless they assigned themselves) gets one mail listing the files.
 */

const invalidAssignee = () =>
  new AppError(
    'assignee.invalid',
    'A file can be assigned only to the firm’s staff or to a client who is a member of the file’s site.',
  );

interface Change {
  to: string | null;
  note: string | null;
  due: string | null;
}

/** Checks the assignee, makes the change, records it and mails the assignee; answers how many files changed. */
async function applyAssignment(tx: Queryable, caller: Caller, files: FileTarget[], change: Change) {
  const { tenantCode } = caller;
  if (change.to !== null) {
    const refused = await sitesNotAssignableTo(tx, tenantCode, change.to, [
      ...new Set(files.map((f) => f.siteId)),
    ]);
    if (refused.length > 0) throw invalidAssignee();
  }
  const rows = await assignFiles(tx, {
    tenantCode,
    fileIds: files.map((f) => f.id),
    to: change.to,
    by: caller.user.id,
    note: change.note,
    due: change.due,
  });
  const fromOf = new Map(rows.map((r) => [r.file_id, r.from_user]));
  await recordAuditEvents(
    tx,
    files.map((file) => ({
      tenantCode,
      siteId: file.siteId,
      userId: caller.user.id,
      action: FILE_WORKFLOW_AUDIT_ACTIONS.assign,
      fileId: file.id,
      detail: {
        from: fromOf.get(file.id) ?? null,
        to: change.to,
        ...(change.note ? { note: change.note } : {}),
        ...(change.due && change.to ? { dueDate: change.due } : {}),
      },
    })),
  );
  if (change.to !== null && change.to !== caller.user.id) {
    const [by, to] = await Promise.all([
      rolesInTenant(tx, tenantCode, caller.user.id),
      rolesInTenant(tx, tenantCode, change.to),
    ]);
    // One event per call (this transaction makes it once).
    await enqueueMail(tx, {
      tenantCode,
      template: 'files-assigned',
      to: { userId: change.to },
      dedupeKey: `file.assign:${change.to}:${randomUUID()}`,
      data: {
        byName: by?.name ?? 'Someone',
        items: files.map((f) => ({ fileId: f.id, title: f.title, siteName: f.site.name })),
        note: change.note,
        dueDate: change.due,
        audience: to?.is_staff ? 'staff' : 'client',
      },
    });
  }
  return rows.length;
}

/** `PUT files/{id}/assignee`: one file's assignee set (or cleared with null). */
export async function setAssignee(
  db: Database,
  caller: Caller,
  fileId: string,
  body: { userId: string | null; note?: string | undefined },
): Promise<void> {
  await db.withTenant(caller.tenantCode, async (tx) => {
    const file = await requireFileAccess(tx, caller, 'files.setAssignee', fileId, { lock: true });
    await applyAssignment(tx, caller, [file], {
      to: body.userId?.toLowerCase() ?? null,
      note: body.note?.trim() || null,
      due: null,
    });
  });
}

/** `POST files/assign`: many files to one person, all or nothing. */
export async function assignFilesTo(
  db: Database,
  caller: Caller,
  body: { fileIds: string[]; userId: string; note?: string | undefined; dueDate?: string | undefined },
): Promise<BulkResult> {
  return db.withTenant(caller.tenantCode, async (tx) => {
    const files = await requireFilesAccess(tx, caller, 'files.assign', body.fileIds, { lock: true });
    const count = await applyAssignment(tx, caller, files, {
      to: body.userId.toLowerCase(),
      note: body.note?.trim() || null,
      due: body.dueDate ?? null,
    });
    return { count };
  });
}

const person = (id: string | null, name: string | null) =>
  id ? { userId: id, name: name ?? 'Someone' } : null;

const toAssignment = (row: AssignmentRow) => ({
  id: row.id,
  from: person(row.from_user, row.from_name),
  to: person(row.to_user, row.to_name),
  by: person(row.assigned_by, row.by_name),
  note: row.note,
  dueDate: row.due_date,
  createdAt: isoDate(row.created_at),
});

/** `GET files/{id}/assignments`: every change of the file's assignee, newest first, paged. */
export async function assignmentHistory(
  db: Database,
  caller: Caller,
  fileId: string,
  page: { limit: number; offset: number },
): Promise<FileAssignmentList> {
  return db.readTenant(caller.tenantCode, async (tx) => {
    const file = await requireFileAccess(tx, caller, 'files.assignmentHistory', fileId);
    const { rows, total } = await listAssignments(tx, caller.tenantCode, file.id, page);
    return { records: rows.map(toAssignment), totalRecordCount: total };
  });
}

/**
 * `GET files/assigned-to-me`: the caller's assigned live files in the sites they see (staff: every site that is
 * not archived; a client: the sites they are a member of whose `portalFilesView` is on), optionally one site.
 */
export async function assignedToMe(
  db: Database,
  caller: Caller,
  query: { count?: boolean | undefined; siteId?: string | undefined; limit: number; offset: number },
): Promise<AssignedToMe> {
  return db.readTenant(caller.tenantCode, async (tx) => {
    const sites = (await allVisibleSites(tx, caller)).filter(
      (site) => (!query.siteId || site.id === query.siteId) && may(caller, 'publishedFiles.list', site),
    );
    const siteIds = sites.map((s) => s.id);
    if (query.count)
      return { count: await countAssignedFiles(tx, caller.tenantCode, caller.user.id, siteIds) };
    const { rows, total } = await listAssignedFiles(tx, caller.tenantCode, caller.user.id, siteIds, query);
    const nameOf = new Map(sites.map((s) => [s.id, s.name]));
    const records: AssignedFile[] = rows.map((row) => ({
      ...commonRecord(row),
      siteName: nameOf.get(row.site_id) ?? '',
      direction: row.direction,
      assignedAt: isoDate(row.assigned_at),
    }));
    return { records, totalRecordCount: total };
  });
}

/** `GET files/assignees?siteId=`: who a file of the site may be assigned to, for a people picker. */
export async function assigneesOf(db: Database, caller: Caller, siteId: string): Promise<AssigneeList> {
  return db.readTenant(caller.tenantCode, async (tx) => {
    const site = await findVisibleSite(tx, caller, siteId);
    if (!may(caller, 'files.setAssignee', site)) authorize(caller, 'files.assign', site);
    const rows = await assignablePeople(tx, caller.tenantCode, site.id);
    return {
      records: rows.map((r) => ({
        userId: r.user_id,
        name: r.name ?? 'Someone',
        role: r.is_staff ? ('staff' as const) : ('client' as const),
      })),
    };
  });
}
