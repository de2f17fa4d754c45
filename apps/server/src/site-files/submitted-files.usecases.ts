import { FILE_AUDIT_ACTIONS, type SaveSubmittedFilesBody, type SubmittedFile } from '@portico/contracts';
import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';
import { authorize, requireAccess } from '../sites/access.ts';
import { type FileMailSettings, notifyFilesSubmitted } from './file-notifications.ts';
import { checkUploadChoices, createFilesFromUploads } from './files-from-uploads.ts';
import { SUBMITTED_FILES } from './site-file-lists.ts';

/**
 * Turns the caller's pending uploads to a site into Submitted Files, in the caller's tenant transaction (the
 * route's, which records the answer under its idempotency key): every reference or none. A reference that is not
 * the caller's, not pending or of another site answers 404 and saves nothing. The blob moves with the row (same
 * key), so saving copies no bytes. Needs the site's `internalFilesUpload`. The firm's staff get a mail (batched per
 * site: decision 34).
 */
export async function saveSubmittedFiles(
  tx: Queryable,
  caller: Caller,
  body: SaveSubmittedFilesBody,
  notify: FileMailSettings,
  /** Set by the requests module: the files answer this item of a document request. */
  requestItemId?: string,
): Promise<SubmittedFile[]> {
  checkUploadChoices(body.files, 'saved');
  const site = await requireAccess(tx, caller, 'files.upload', { siteId: body.siteId });
  // Saving with a category is categorising: a client needs the site's flag for it too.
  if (body.categoryId) authorize(caller, 'files.recategorize', site);
  const target = {
    siteId: site.id,
    direction: 'submitted',
    status: 'received',
    auditAction: FILE_AUDIT_ACTIONS.submit,
    requestItemId,
    site,
    folderId: body.folderId,
    categoryId: body.categoryId,
  } as const;
  const created = await createFilesFromUploads(tx, caller, target, body.files);
  await notifyFilesSubmitted(tx, caller, site, created, notify.batchSeconds);
  return created.map((row) => SUBMITTED_FILES.toRecord({ ...row, submitted_by: caller.user.name }));
}
