import { randomUUID } from 'node:crypto';
import {
  type CreateRequestBody,
  type DocumentRequest,
  REQUEST_AUDIT_ACTIONS,
  type ReviewItemBody,
} from '@portico/contracts';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/tenant-scope.ts';
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
async function assertLiveSites(tx: Queryable, scope: Caller, siteIds: readonly string[]) {
  const live = await findLiveSiteIds(tx, scope, siteIds);
  if (live.length !== new Set(siteIds).size) {
    throw new AppError('sites.not_found', 'There is no such site, or it is archived.');
  }
}

/** One request per site, all in the caller's transaction: every one or none; each site's clients get a mail. */
export async function createRequests(
  tx: Queryable,
  scope: Caller,
  body: CreateRequestBody,
  notify: FileMailSettings,
): Promise<DocumentRequest[]> {
  const names = body.items.map((i) => i.name.trim().toLowerCase());
  if (new Set(names).size !== names.length) {
    throw new AppError('request.invalid', 'Two items of a request may not have the same name.');
  }
  await assertLiveSites(tx, scope, body.siteIds);
  // The template a request names is one of this firm's: the link is kept as data, so it must be true.
  if (body.templateId) await assertTemplateOfTenant(tx, scope, body.templateId);
  const ids = await insertRequests(
    tx,
    scope,
    body.siteIds.map((siteId) => ({
      siteId,
      title: body.title.trim(),
      note: body.note?.trim() || null,
      dueDate: body.dueDate,
      templateId: body.templateId ?? null,
      items: body.items,
    })),
  );
  const created = await withItems(tx, scope, await findSummaries(tx, scope, ids));
  await recordAuditEvents(
    tx,
    created.map((r) => ({
      tenantCode: scope.tenantCode,
      siteId: r.siteId,
      userId: scope.user.id,
      action: REQUEST_AUDIT_ACTIONS.create,
      detail: { requestId: r.id, title: r.title, dueDate: r.dueDate, items: r.itemsTotal },
    })),
  );
  for (const request of created) {
    await mailItemsAsked(tx, scope.tenantCode, request, request.items, notify.batchSeconds);
  }
  return created;
}

/** Accept an item, or reject it with a note the client reads. */
export async function reviewItem(
  tx: Queryable,
  scope: Caller,
  requestId: string,
  itemId: string,
  body: ReviewItemBody,
) {
  const note = body.note?.trim() || null;
  if (body.decision === 'reject' && !note) {
    throw new AppError('requests.note_required', 'A rejection needs a note that tells the client why.');
  }
  const outcome = await changeItem(tx, scope, requestId, itemId, {
    action: body.decision,
    actor: 'staff',
    staffNote: body.decision === 'reject' ? note : null,
  });
  await settleItemSubmissions(
    tx,
    scope,
    itemId,
    body.decision === 'accept' ? 'accepted' : 'rejected',
    body.decision === 'reject' ? note : null,
  );
  if (body.decision === 'reject' && note) {
    const { request } = outcome;
    const item = request.items.find((i) => i.id === itemId)!;
    await mailSiteClients(
      tx,
      { tenantCode: scope.tenantCode, siteId: request.siteId },
      'request-item-rejected',
      { siteId: request.siteId, siteName: request.siteName, title: request.title, item: item.name, note },
      `request.item_reject:${item.id}:${randomUUID()}`,
    );
  }
  return outcome;
}

/** Withdraws an open request: it leaves the client's checklist and no reminder follows. */
export async function cancelRequest(tx: Queryable, scope: Caller, requestId: string) {
  const request = await findVisibleRequest(tx, scope, requestId, { lock: true });
  if (request.status !== 'open') {
    throw new AppError('requests.closed', `This request is ${request.status}: nothing more changes.`);
  }
  await refreshProgress(tx, scope, request.id, 'cancelled');
  await recordAuditEvents(tx, [
    {
      tenantCode: scope.tenantCode,
      siteId: request.siteId,
      userId: scope.user.id,
      action: REQUEST_AUDIT_ACTIONS.cancel,
      detail: { requestId: request.id, title: request.title },
    },
  ]);
  return readRequest(tx, scope, request.id);
}
