import {
  type SetSubmissionStatusBody,
  STAFF_AUDIT_ACTIONS,
  STATUS_REQUIRING_NOTE,
  type StaffSubmission,
  SUBMISSION_STATUS_LABELS,
} from '@portico/contracts';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { notifySubmissionStatus } from './file-notifications.ts';
import { findSubmission, updateSubmissionStatus } from './submissions.staff.repository.ts';

/**
 * Sets where the firm is with a submitted file, in the caller's tenant transaction (the route's, which records
 * the answer under its idempotency key); the client sees the status and the note on Submitted Files. A rejection
 * needs a note, so the client learns why; the client who submitted the file gets a mail with it. Setting the same status and note again changes nothing.
 */
export async function setSubmissionStatus(
  tx: Queryable,
  caller: Caller,
  fileId: string,
  body: SetSubmissionStatusBody,
): Promise<StaffSubmission> {
  const note = body.note?.trim() || null;
  if (body.status === STATUS_REQUIRING_NOTE && !note) {
    throw new AppError(
      'submissions.note_required',
      `A file can be set to "${SUBMISSION_STATUS_LABELS[STATUS_REQUIRING_NOTE]}" only with a note that tells the client why.`,
    );
  }
  const before = await findSubmission(tx, caller, fileId, { lock: true });
  if (before.status === body.status && before.statusNote === note) return before;
  await updateSubmissionStatus(tx, caller, before.id, body.status, note);
  await recordAuditEvents(tx, [
    {
      tenantCode: caller.tenantCode,
      siteId: before.siteId,
      userId: caller.user.id,
      action: STAFF_AUDIT_ACTIONS.fileStatus,
      fileId: before.id,
      detail: { from: before.status, to: body.status, note, title: before.title },
    },
  ]);
  const after = await findSubmission(tx, caller, before.id);
  await notifySubmissionStatus(tx, caller, after);
  return after;
}
