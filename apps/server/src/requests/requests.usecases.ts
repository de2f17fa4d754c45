import type {
  DocumentRequest,
  NotApplicableBody,
  RequestItemFilesBody,
  SiteRequestView,
} from '@portico/contracts';
import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import type { FileMailSettings } from '../site-files/file-notifications.ts';
import { saveSubmittedFiles } from '../site-files/submitted-files.usecases.ts';
import { changeItem } from './request-items.ts';
import { countOpenItems, listSiteRequests } from './requests.repository.ts';

/** What a site's clients do with the firm's requests: read the checklist, send files, say an item does not apply. */

export async function listRequests(
  tx: Queryable,
  caller: Caller,
  siteId: string,
  view: SiteRequestView = 'open',
) {
  const records = await listSiteRequests(tx, caller, siteId, view);
  return { records, totalRecordCount: records.length };
}

export async function countOpenRequestItems(tx: Queryable, caller: Caller, siteId: string) {
  return { count: await countOpenItems(tx, caller, siteId) };
}

/**
 * Saves the caller's pending uploads as Submitted Files of the request's site that name the item (the same save
 * as Submitted Files: `internalFilesUpload` applies, every reference or none), and marks the item received.
 */
export async function sendItemFiles(
  tx: Queryable,
  caller: Caller,
  requestId: string,
  itemId: string,
  body: RequestItemFilesBody,
  notify: FileMailSettings,
): Promise<DocumentRequest> {
  const outcome = await changeItem(tx, caller, requestId, itemId, {
    action: 'upload',
    actor: 'client',
    before: async (item, request) => {
      if (!item.multiple && body.referenceNumbers.length > 1) {
        throw new AppError('requests.one_file_only', 'This item takes one file.');
      }
      const files = body.referenceNumbers.map((referenceNumber) => ({ referenceNumber }));
      // The firm's staff hear of them as of any submission (batched per site, decision 34).
      await saveSubmittedFiles(tx, caller, { siteId: request.siteId, files }, notify, item.id);
    },
    detail: { referenceNumbers: body.referenceNumbers },
  });
  return outcome.request;
}

export async function markItemNotApplicable(
  tx: Queryable,
  caller: Caller,
  requestId: string,
  itemId: string,
  body: NotApplicableBody,
): Promise<DocumentRequest> {
  const comment = body.comment.trim();
  if (!comment) throw new AppError('requests.comment_required', 'Say why the item does not apply.');
  const outcome = await changeItem(tx, caller, requestId, itemId, {
    action: 'markNotApplicable',
    actor: 'client',
    clientComment: comment,
  });
  return outcome.request;
}

export async function reopenItem(tx: Queryable, caller: Caller, requestId: string, itemId: string) {
  const outcome = await changeItem(tx, caller, requestId, itemId, { action: 'reopen', actor: 'client' });
  return outcome.request;
}
