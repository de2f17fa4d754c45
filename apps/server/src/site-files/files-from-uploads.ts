import type { Site } from '@portico/contracts';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';
import { requireSiteFolder } from '../folders/folders.usecases.ts';
import { AppError } from '../http/app-error.ts';
import { uploadsNotFound } from '../uploads/uploads.errors.ts';
import { lockPendingUploads, markUploadsSaved, type PendingUpload } from '../uploads/uploads.repository.ts';
import type { FileDirection } from './file-access.ts';
import {
  type CreatedFileRow,
  insertFilesFromUploads,
  tenantCategoryExists,
} from './files-from-uploads.repository.ts';

/**
 * Uploads become files of a site the same way whichever way they go — a client's submission, the firm's
 * publication: the caller's pending uploads are claimed and turned into rows of `files`, every one or none.
 */
export interface UploadChoice {
  referenceNumber: string;
  /** Defaults to the file name. */
  title?: string | undefined;
}

/** Refuses, before any transaction, a reference named twice or a blank title; `verb` is "saved" or "published". */
export function checkUploadChoices(files: readonly UploadChoice[], verb: string) {
  const references = files.map((f) => f.referenceNumber);
  if (new Set(references).size !== references.length) {
    throw new AppError('request.invalid', `Each reference number may be ${verb} once per request.`);
  }
  if (files.some((f) => f.title !== undefined && !f.title.trim())) {
    throw new AppError('request.invalid', 'A title may not be blank; leave it out to use the file name.');
  }
}

export type { CreatedFileRow };

/**
 * In the caller's transaction: locks the caller's pending uploads to `siteId` (any that is not the caller's, not
 * pending or of another site answers 404 `uploads.not_found`), inserts them as files of `direction` with
 * `status`, keeping each upload's blob (same key: no bytes are copied), marks the uploads saved and audits each
 * file with `auditAction`. Answers the rows in the order asked.
 */
export async function createFilesFromUploads(
  tx: Queryable,
  caller: Caller,
  target: {
    siteId: string;
    direction: FileDirection;
    status: string;
    auditAction: string;
    /** The item of a document request the files answer (requests module). */
    requestItemId?: string | undefined;
    /** The site as the caller sees it: a client puts files in folders only while its folders are on. */
    site: { id: string; fileAreaSettings?: Site['fileAreaSettings'] };
    /** The folder every file goes into; absent or null: the one each upload named when sent, else the root. */
    folderId?: string | null | undefined;
    /** A category of the tenant every file gets (else 404 `categories.not_found`). */
    categoryId?: string | undefined;
  },
  files: readonly UploadChoice[],
): Promise<CreatedFileRow[]> {
  const references = files.map((f) => f.referenceNumber);
  const pending = await lockPendingUploads(tx, caller, target.siteId, references);
  if (pending.length !== references.length) throw uploadsNotFound();
  const byReference = new Map(pending.map((u) => [u.referenceNumber, u]));
  const folderOf = (upload: PendingUpload) => target.folderId ?? upload.folderId ?? null;
  // Each folder named is a live one of the site (else 404 folders.not_found), and stays so until the commit.
  for (const folderId of new Set(pending.map(folderOf))) {
    if (folderId) await requireSiteFolder(tx, caller, target.site, folderId, { lock: 'share' });
  }
  if (target.categoryId && !(await tenantCategoryExists(tx, caller.tenantCode, target.categoryId))) {
    throw new AppError('categories.not_found', 'There is no such category (it may have been removed).');
  }
  const rows = files.map((file) => {
    const upload = byReference.get(file.referenceNumber)!;
    return {
      folder_id: folderOf(upload),
      title: file.title?.trim() ?? upload.fileName,
      file_name: upload.fileName,
      content_type: upload.contentType,
      size: upload.size,
      sha256: upload.sha256,
      blob_key: upload.blobKey,
      reference_number: upload.referenceNumber,
    };
  });
  const created = await insertFilesFromUploads(tx, caller, target, rows);

  const createdByReference = new Map(created.map((r) => [r.reference_number, r]));
  const records = references.map((reference) => createdByReference.get(reference)!);
  await markUploadsSaved(
    tx,
    records.map((r) => ({ uploadId: byReference.get(r.reference_number)!.id, fileId: r.id })),
  );
  await recordAuditEvents(
    tx,
    records.map((r) => ({
      tenantCode: caller.tenantCode,
      siteId: target.siteId,
      userId: caller.user.id,
      action: target.auditAction,
      fileId: r.id,
      detail: {
        referenceNumber: r.reference_number,
        title: r.title,
        fileName: r.file_name,
        size: Number(r.size),
        ...(r.folder_id ? { folderId: r.folder_id } : {}),
        ...(target.categoryId ? { categoryId: target.categoryId } : {}),
        ...(target.requestItemId ? { requestItemId: target.requestItemId } : {}),
      },
    })),
  );
  return records;
}
