import {
  type FileHistory,
  type FileProperties,
  fileHistoryLabel,
  SUBMISSION_STATUS_LABELS,
  type SubmissionStatus,
} from '@portico/contracts';
import { listFileEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/caller.ts';
import type { Database } from '../db/database.ts';
import { fileNotFound, requireFileAccess } from '../site-files/file-access.ts';
import { classificationRecord, publishedClassificationRecord } from '../site-files/file-classification.ts';
import { type FileDetailsRow, findFileDetails, folderPath } from './file-history.repository.ts';

/**
 * A file's history and properties (issue 26, item 6; decision 50). History is the audit log read by file
 * (decision 46): whatever names the file, newest first, with the contracts' one label per action and who did it as
 * this firm knows them. A caller reaches only a file they may see (`requireFileAccess`), so a client never reads
 * the timeline of a file of a site they are not in, nor another firm's anything.
 */

const byWhom = (id: string | null, name: string | null) => (id ? { name: name ?? 'Someone' } : null);
const iso = (value: Date | string) => new Date(value).toISOString();

export async function fileHistory(
  db: Database,
  caller: Caller,
  fileId: string,
  page: { limit: number; offset: number },
): Promise<FileHistory> {
  return db.readTenant(caller.tenantCode, async (tx) => {
    const file = await requireFileAccess(tx, caller, 'files.history', fileId);
    const events = await listFileEvents(tx, caller.tenantCode, file.id, page);
    return {
      totalRecordCount: events.totalRecordCount,
      records: events.records.map((e) => ({
        id: e.id,
        occurredAt: e.occurredAt.toISOString(),
        action: e.action,
        label: fileHistoryLabel(e.action),
        by: byWhom(e.actorId, e.actorName),
      })),
    };
  });
}

/**
 * Name, place, bytes, version, who and when, the lock, the status and the classification (tags, category, project,
 * assignee) of a file the caller may see.
 */
export async function fileProperties(db: Database, caller: Caller, fileId: string): Promise<FileProperties> {
  return db.readTenant(caller.tenantCode, async (tx) => {
    const file = await requireFileAccess(tx, caller, 'files.properties', fileId);
    const details = await findFileDetails(tx, caller.tenantCode, file.id);
    if (!details) throw fileNotFound();
    const path = await folderPath(tx, caller.tenantCode, file.folderId);
    return {
      id: file.id,
      siteId: file.siteId,
      direction: file.direction,
      title: file.title,
      fileName: file.fileName,
      folder: { id: file.folderId, path },
      size: Number(details.size),
      contentType: details.content_type,
      sha256: details.sha256,
      version: file.version,
      uploadedBy: byWhom(details.uploaded_by, details.uploaded_by_name),
      uploadedAt: iso(details.created_at),
      versionBy: details.version_at
        ? byWhom(details.version_by, details.version_by_name)
        : byWhom(details.uploaded_by, details.uploaded_by_name),
      versionAt: iso(details.version_at ?? details.created_at),
      checkedOutBy:
        file.checkedOutBy && file.checkedOutUntil
          ? {
              name: file.checkedOutName ?? 'Someone',
              userId: file.checkedOutBy,
              until: file.checkedOutUntil.toISOString(),
            }
          : null,
      ...statusOf(file.direction, details),
      ...classificationRecord(details),
    };
  });
}

/** A published file's status is the firm's (its name from the firm's list), a submitted file's its review. */
function statusOf(
  direction: 'published' | 'submitted',
  details: FileDetailsRow,
): Pick<FileProperties, 'status' | 'statusNote'> {
  if (direction === 'published') {
    const { statusName, statusNote } = publishedClassificationRecord(details);
    return { status: statusName, statusNote };
  }
  const review = SUBMISSION_STATUS_LABELS[details.status as SubmissionStatus] ?? details.status;
  return { status: review, statusNote: details.status_note };
}
