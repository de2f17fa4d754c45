import { type ClientPublishedFile, FILE_WORKFLOW_AUDIT_ACTIONS } from '@portico/contracts';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/caller.ts';
import { assertNotCheckedOutByOther } from '../checkouts/checkout-guard.ts';
import type { Database } from '../db/database.ts';
import { assertNameFree } from '../file-actions/file-actions.usecases.ts';
import { AppError } from '../http/app-error.ts';
import { type FileTarget, requireFileAccess } from '../site-files/file-access.ts';
import { type FileMailSettings, notifyFilesPublished } from '../site-files/file-notifications.ts';
import {
  findPublisher,
  markClientPublished,
  markReturnedToSubmitted,
} from './client-publishing.repository.ts';

/**
 * Client publishing (issue 27 item 9, decision 60): a client puts a file they submitted on their site's Published
 * Files, marked with their name, and takes it back; staff may take it back too. The file keeps its id, folder,
 * versions, history and tags; only its direction (and who published it) changes. Both reach the file through
 * `requireFileAccess(…, 'files.publish')`: 404 unless the caller sees it, 403 `settings.forbidden` unless the site's
 * `internalFilesPublishUnPublish` is on (staff always pass).
 */

const notYours = (message: string) => new AppError('auth.forbidden', message);

const audit = (caller: Caller, file: FileTarget, action: string) => ({
  tenantCode: caller.tenantCode,
  siteId: file.siteId,
  userId: caller.user.id,
  action,
  fileId: file.id,
  detail: { title: file.title, fileName: file.fileName, folderId: file.folderId },
});

/**
 * `POST files/{id}/publish`: the caller's own submitted file (else 403 `auth.forbidden`) to Published Files; a name
 * a published file already has in its folder answers 409 `name.taken`, a check-out by someone else 409
 * `file.checked_out`. The site's other members are told in the batched "files published" mail. A file the caller
 * already published answers as it is.
 */
export async function publishOwnFile(
  db: Database,
  caller: Caller,
  fileId: string,
  notify: FileMailSettings,
): Promise<ClientPublishedFile> {
  return db.withTenant(caller.tenantCode, async (tx) => {
    const file = await requireFileAccess(tx, caller, 'files.publish', fileId, { lock: true });
    const mine = { id: file.id, direction: 'published' as const, publishedBy: { name: caller.user.name } };
    if (file.direction === 'published') {
      if ((await findPublisher(tx, caller.tenantCode, file.id)) === caller.user.id) return mine;
      throw notYours('This file is already published, and not by you.');
    }
    if (caller.user.isStaff || file.createdBy !== caller.user.id) {
      throw notYours('Only the client who submitted a file may publish it to the site.');
    }
    assertNotCheckedOutByOther(caller, file);
    const place = { tenantCode: caller.tenantCode, siteId: file.siteId, direction: 'published' as const };
    await assertNameFree(tx, { ...place, folderId: file.folderId }, file.fileName, file.id);
    await markClientPublished(tx, caller.tenantCode, file.id, caller.user.id);
    await recordAuditEvents(tx, [audit(caller, file, FILE_WORKFLOW_AUDIT_ACTIONS.clientPublish)]);
    await notifyFilesPublished(
      tx,
      caller,
      file.site,
      [{ id: file.id, title: file.title }],
      notify.batchSeconds,
      {
        exceptUserId: caller.user.id,
      },
    );
    return mine;
  });
}

/**
 * `POST files/{id}/unpublish`: a file a client published goes back to Submitted Files, its review status as it was;
 * its publisher or staff may (anyone else 403 `auth.forbidden`, as is a file the firm published: staff unpublish
 * those to the trash). A file already submitted answers as it is.
 */
export async function unpublishOwnFile(
  db: Database,
  caller: Caller,
  fileId: string,
): Promise<ClientPublishedFile> {
  return db.withTenant(caller.tenantCode, async (tx) => {
    const file = await requireFileAccess(tx, caller, 'files.publish', fileId, { lock: true });
    const answer = { id: file.id, direction: 'submitted' as const, publishedBy: null };
    if (file.direction === 'submitted') return answer;
    const publisher = await findPublisher(tx, caller.tenantCode, file.id);
    if (!publisher)
      throw notYours('The firm published this file; only a file a client published can be taken back.');
    if (!caller.user.isStaff && publisher !== caller.user.id) {
      throw notYours('Only the client who published this file, or the firm, may take it back.');
    }
    assertNotCheckedOutByOther(caller, file);
    const place = { tenantCode: caller.tenantCode, siteId: file.siteId, direction: 'submitted' as const };
    await assertNameFree(tx, { ...place, folderId: file.folderId }, file.fileName, file.id);
    await markReturnedToSubmitted(tx, caller.tenantCode, file.id);
    await recordAuditEvents(tx, [{ ...audit(caller, file, FILE_WORKFLOW_AUDIT_ACTIONS.clientUnpublish) }]);
    return answer;
  });
}
