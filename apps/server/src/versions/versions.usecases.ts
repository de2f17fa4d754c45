import { type FileVersion, VERSION_AUDIT_ACTIONS } from '@portico/contracts';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/caller.ts';
import { assertNotCheckedOutByOther } from '../checkouts/checkout-guard.ts';
import type { Database, Queryable } from '../db/database.ts';
import { type FileTarget, type FileUse, requireFileAccess } from '../site-files/file-access.ts';
import { notifyFileUpdated } from '../site-files/file-notifications.ts';
import type { FileLookup } from '../site-files/file-transfer.ts';
import { authorize } from '../sites/access.ts';
import { markUploadsSaved } from '../uploads/uploads.repository.ts';
import type { NewVersionHook } from '../uploads/uploads.usecases.ts';
import { versionNotFound } from './versions.errors.ts';
import {
  findVersion,
  insertNextVersion,
  listVersions,
  promoteVersions,
  reopenRejectedSubmission,
  type VersionContent,
} from './versions.repository.ts';

/**
 * A file's versions (issue 26 item 4, decision 49). A new version is one transaction on the file's locked row: the
 * caller may update it (`files.update`), nobody else holds it checked out, the next number is written to
 * `file_versions`, and the file points at it once its bytes are released by the virus scan (at once when they
 * are, else when the scan releases them; until then the current version stays, visible). Audited
 * `file.new_version` with the file's id.
 */

/** The settings a new version's mail needs (NOTIFY_BATCH_SECONDS). */
export interface VersionMailSettings {
  batchSeconds: number;
}

/**
 * Adds `content` as the next version of the locked `file`; answers its number. An uploaded version (not a restore)
 * of a submission the firm rejected sends it back to `received`: the corrected file is for the firm to review.
 */
async function addVersion(
  tx: Queryable,
  caller: Caller,
  file: FileTarget,
  content: VersionContent,
  detail: Record<string, unknown>,
  restoredFrom: number | null = null,
): Promise<number> {
  assertNotCheckedOutByOther(caller, file);
  const version = await insertNextVersion(
    tx,
    caller.tenantCode,
    file.id,
    caller.user.id,
    content,
    restoredFrom,
  );
  await promoteVersions(tx, caller.tenantCode, content.blobKey);
  const reopened =
    file.direction === 'submitted' &&
    restoredFrom === null &&
    (await reopenRejectedSubmission(tx, caller.tenantCode, file.id, caller.user.id));
  await recordAuditEvents(tx, [
    {
      tenantCode: caller.tenantCode,
      siteId: file.siteId,
      userId: caller.user.id,
      action: VERSION_AUDIT_ACTIONS.newVersion,
      fileId: file.id,
      detail: {
        version,
        fileName: content.fileName,
        size: content.size,
        sha256: content.sha256,
        ...(restoredFrom ? { restoredFrom } : {}),
        ...(reopened ? { status: 'received' } : {}),
        ...detail,
      },
    },
  ]);
  return version;
}

/** What the upload paths call for an upload that names a file (wired by the file-storage routes). */
export const newVersionHook = (mail: VersionMailSettings): NewVersionHook => ({
  async siteOf(tx, caller, fileId) {
    const file = await requireFileAccess(tx, caller, 'files.update', fileId);
    assertNotCheckedOutByOther(caller, file);
    return file.siteId;
  },
  async record(tx, caller, fileId, upload) {
    const file = await requireFileAccess(tx, caller, 'files.update', fileId, { lock: true });
    const version = await addVersion(tx, caller, file, upload, { referenceNumber: upload.referenceNumber });
    await markUploadsSaved(tx, [{ uploadId: upload.id, fileId: file.id, version }]);
    // The firm's new version of a published file: its clients are told, batched with new publications.
    if (file.direction === 'published' && caller.user.isStaff) {
      await notifyFileUpdated(
        tx,
        caller,
        file.site,
        { id: file.id, title: file.title, version, folder_id: file.folderId },
        mail.batchSeconds,
      );
    }
    return version;
  },
});

/** `GET files/{id}/versions`: every released version, newest first (`files.versionHistory`). */
export async function listFileVersions(db: Database, caller: Caller, fileId: string): Promise<FileVersion[]> {
  return db.readTenant(caller.tenantCode, async (tx) => {
    const file = await requireFileAccess(tx, caller, 'files.versionHistory', fileId);
    return listVersions(tx, caller.tenantCode, file.id);
  });
}

/**
 * One version as the download and preview code reads a file (site-files/file-transfer.ts, file-preview.ts): the
 * caller may see the file's versions (`files.versionHistory`) and download (or preview) its files.
 */
export function versionLookup(caller: Caller, version: number, use: FileUse): FileLookup {
  return {
    caller,
    auditDetail: { version },
    async find(tx, [fileId]) {
      const file = await requireFileAccess(tx, caller, 'files.versionHistory', fileId!);
      authorize(caller, use === 'download' ? 'files.download' : 'files.preview', file.site);
      const found = await findVersion(tx, caller.tenantCode, file, version);
      if (!found) throw versionNotFound();
      return [found];
    },
  };
}

/**
 * `POST files/{id}/versions/{version}/restore` (staff): the old version's bytes become a new, current version
 * (sharing its blob: nothing is copied), never a rewrite of the history.
 */
export async function restoreVersion(
  db: Database,
  caller: Caller,
  fileId: string,
  version: number,
): Promise<FileVersion> {
  return db.withTenant(caller.tenantCode, async (tx) => {
    const file = await requireFileAccess(tx, caller, 'files.update', fileId, { lock: true });
    authorize(caller, 'files.anyOfTenant');
    const old = await findVersion(tx, caller.tenantCode, file, version);
    if (!old) throw versionNotFound();
    const restored = await addVersion(tx, caller, file, old, {}, version);
    const records = await listVersions(tx, caller.tenantCode, file.id);
    return records.find((r) => r.version === restored)!;
  });
}
