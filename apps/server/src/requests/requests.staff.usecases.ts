import { randomUUID } from 'node:crypto';
import {
  type CreateRequestBody,
  type DocumentRequest,
  REQUEST_AUDIT_ACTIONS,
  type ReviewItemBody,
} from '@portico/contracts';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import type { FileMailSettings } from '../site-files/file-notifications.ts';
import { settleItemSubmissions } from '../site-files/submissions.staff.repository.ts';
import { findLiveSiteIds } from '../sites/sites.staff.repository.ts';
import { changeItem, findVisibleRequest, readRequest } from './request-items.ts';
import { mailItemsAsked, mailSiteClients } from './request-mail.ts';
import {
  assertTemplateOfTenant,
  findSummaries,
  insertRequests,
  refreshProgress,
  withItems,
} from './requests.repository.ts';

/** What the firm's staff do with requests: make them (on many sites at once), review items, withdraw them. */

/** Refuses, with the ids in the message, any site that is not a live site of this firm. */
async function assertLiveSites(tx: Queryable, caller: Caller, siteIds: readonly string[]) {
  const live = await findLiveSiteIds(tx, caller, siteIds);
  if (live.length !== new Set(siteIds).size) {
    throw new AppError('sites.not_found', 'There is no such site, or it is archived.');
  }
}

/** One request per site, all in the caller's transaction: every one or none; each site's clients get a mail. */
export async function createRequests(
  tx: Queryable,
  caller: Caller,
  body: CreateRequestBody,
  notify: FileMailSettings,
): Promise<DocumentRequest[]> {
  const names = body.items.map((i) => i.name.trim().toLowerCase());
  if (new Set(names).size !== names.length) {
    throw new AppError('request.invalid', 'Two items of a request may not have the same name.');
  }
  await assertLiveSites(tx, caller, body.siteIds);
  // The template a request names is one of this firm's: the link is kept as data, so it must be true.
  if (body.templateId) await assertTemplateOfTenant(tx, caller, body.templateId);
  const ids = await insertRequests(
    tx,
    caller,
    body.siteIds.map((siteId) => ({
      siteId,
      title: body.title.trim(),
      note: body.note?.trim() || null,
      dueDate: body.dueDate,
      templateId: body.templateId ?? null,
      items: body.items,
    })),
  );
  const created = await withItems(tx, caller, await findSummaries(tx, caller, ids));
  await recordAuditEvents(
    tx,
    created.map((r) => ({
      tenantCode: caller.tenantCode,
      siteId: r.siteId,
      userId: caller.user.id,
      action: REQUEST_AUDIT_ACTIONS.create,
      detail: { requestId: r.id, title: r.title, dueDate: r.dueDate, items: r.itemsTotal },
    })),
  );
  for (const request of created) {
    await mailItemsAsked(tx, caller.tenantCode, request, request.items, notify.batchSeconds);
  }
  return created;
}

/** Accept an item, or reject it with a note the client reads. */
export async function reviewItem(
  tx: Queryable,
  caller: Caller,
  requestId: string,
  itemId: string,
  body: ReviewItemBody,
) {
  const note = body.note?.trim() || null;
  if (body.decision === 'reject' && !note) {
    throw new AppError('requests.note_required', 'A rejection needs a note that tells the client why.');
  }
  const outcome = await changeItem(tx, caller, requestId, itemId, {
    action: body.decision,
    actor: 'staff',
    staffNote: body.decision === 'reject' ? note : null,
  });
  await settleItemSubmissions(
    tx,
    caller,
    itemId,
    body.decision === 'accept' ? 'accepted' : 'rejected',
    body.decision === 'reject' ? note : null,
  );
  if (body.decision === 'reject' && note) {
    const { request } = outcome;
    const item = request.items.find((i) => i.id === itemId)!;
    await mailSiteClients(
      tx,
      { tenantCode: caller.tenantCode, siteId: request.siteId },
      'request-item-rejected',
      { siteId: request.siteId, siteName: request.siteName, title: request.title, item: item.name, note },
      `request.item_reject:${item.id}:${randomUUID()}`,
    );
  }
  return outcome;
}

/** Withdraws an open request: it leaves the client's checklist and no reminder follows. */
export async function cancelRequest(tx: Queryable, caller: Caller, requestId: string) {
  const request = await findVisibleRequest(tx, caller, requestId, { lock: true });
  if (request.status !== 'open') {
    throw new AppError('requests.closed', `This request is ${request.status}: nothing more changes.`);
  }
  await refreshProgress(tx, caller, request.id, 'cancelled');
  await recordAuditEvents(tx, [
    {
      tenantCode: caller.tenantCode,
      siteId: request.siteId,
      userId: caller.user.id,
      action: REQUEST_AUDIT_ACTIONS.cancel,
      detail: { requestId: request.id, title: request.title },
    },
  ]);
  return readRequest(tx, caller, request.id);
}
