import {
  type DocumentRequest,
  REQUEST_AUDIT_ACTIONS,
  type RequestItemAction,
  type StaffRequestSummary,
} from '@portico/contracts';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { may } from '../sites/access.ts';
import { findVisibleSite } from '../sites/sites.repository.ts';
import { mailSiteClients } from './request-mail.ts';
import { isComplete, nextItemStatus, type RequestActor } from './request-states.ts';
import {
  findRequestRow,
  lockItem,
  refreshProgress,
  requestNotFound,
  updateItem,
  withItems,
} from './requests.repository.ts';

/**
 * One request as the caller may see it: a client, only on a site they may see (another client's, an archived one,
 * another firm's answer `requests.not_found`, exactly like a missing one); the firm's staff, any request of the
 * firm, archived sites included, as their list shows them.
 */
export async function findVisibleRequest(
  tx: Queryable,
  caller: Caller,
  requestId: string,
  options: { lock?: boolean } = {},
): Promise<StaffRequestSummary> {
  const request = await findRequestRow(tx, caller, requestId, options);
  if (may(caller, 'requests.anyOfTenant')) return request;
  try {
    await findVisibleSite(tx, caller, request.siteId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'sites.not_found') throw requestNotFound();
    throw error;
  }
  return request;
}

export async function readRequest(
  tx: Queryable,
  caller: Caller,
  requestId: string,
): Promise<DocumentRequest> {
  const [request] = await withItems(tx, caller, [await findVisibleRequest(tx, caller, requestId)]);
  return request!;
}

const AUDIT_OF: Record<RequestItemAction, string> = {
  upload: REQUEST_AUDIT_ACTIONS.itemUpload,
  markNotApplicable: REQUEST_AUDIT_ACTIONS.itemNotApplicable,
  reopen: REQUEST_AUDIT_ACTIONS.itemReopen,
  accept: REQUEST_AUDIT_ACTIONS.itemAccept,
  reject: REQUEST_AUDIT_ACTIONS.itemReject,
};

export interface ItemChange {
  action: RequestItemAction;
  actor: RequestActor;
  staffNote?: string | null;
  clientComment?: string | null;
  /** Runs after the move is known to be allowed and before it is written (the upload saves its files here). */
  before?: (item: { id: string; multiple: boolean }, request: StaffRequestSummary) => Promise<void>;
  detail?: Record<string, unknown>;
}

/** What happened, for whoever must be told (the client, by mail). */
export interface ItemChangeOutcome {
  request: DocumentRequest;
  completed: boolean;
}

/**
 * Moves one item, in the caller's transaction: the request is locked (so two changes to its items never race the
 * completion check), the move checked against the state machine, written, audited, the progress counters
 * rewritten, and the request completed when its last required item is accepted.
 */
export async function changeItem(
  tx: Queryable,
  caller: Caller,
  requestId: string,
  itemId: string,
  change: ItemChange,
): Promise<ItemChangeOutcome> {
  const request = await findVisibleRequest(tx, caller, requestId, { lock: true });
  const item = await lockItem(tx, caller, request.id, itemId);
  const result = nextItemStatus(request.status, item, change.action, change.actor);
  if (!result.ok) throw new AppError(result.code, result.message);
  await change.before?.(item, request);
  await updateItem(tx, caller, item.id, {
    status: result.to,
    // A rejection's note stays until the client answers it; a comment lasts while the item is not applicable.
    staffNote:
      change.staffNote !== undefined ? change.staffNote : change.actor === 'client' ? null : item.staff_note,
    clientComment: result.to === 'not_applicable' ? (change.clientComment ?? item.client_comment) : null,
  });
  const items = await refreshProgress(tx, caller, request.id);
  const completed = isComplete(items);
  if (completed) await refreshProgress(tx, caller, request.id, 'completed');
  const base = { tenantCode: caller.tenantCode, siteId: request.siteId, userId: caller.user.id };
  await recordAuditEvents(tx, [
    {
      ...base,
      action: AUDIT_OF[change.action],
      detail: {
        requestId: request.id,
        itemId: item.id,
        item: item.name,
        from: item.status,
        to: result.to,
        ...(change.staffNote ? { note: change.staffNote } : {}),
        ...(change.clientComment ? { comment: change.clientComment } : {}),
        ...change.detail,
      },
    },
    ...(completed
      ? [
          {
            ...base,
            action: REQUEST_AUDIT_ACTIONS.complete,
            detail: { requestId: request.id, title: request.title },
          },
        ]
      : []),
  ]);
  if (completed) {
    const data = { siteId: request.siteId, siteName: request.siteName, title: request.title };
    await mailSiteClients(tx, base, 'request-completed', data, `request.complete:${request.id}`);
  }
  return { request: await readRequest(tx, caller, request.id), completed };
}
