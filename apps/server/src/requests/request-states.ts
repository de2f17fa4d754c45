import type { ErrorCode, RequestItemAction, RequestItemStatus, RequestStatus } from '@portico/contracts';

/** Who acts on an item: the site's client or the firm's staff. */
export type RequestActor = 'client' | 'staff';

/** One allowed move of an item; every move not in the table is refused. */
export interface ItemTransition {
  action: RequestItemAction;
  actor: RequestActor;
  from: readonly RequestItemStatus[];
  to: RequestItemStatus;
  /** Only for an optional item (an item the firm requires cannot be "not applicable"). */
  optionalOnly?: boolean;
  /** Only for an item that takes several files (a one-file item is re-sent only after a rejection). */
  multipleOnly?: boolean;
}

/**
 * The item lifecycle: open → received → accepted, or rejected (with the firm's note) → received again; an
 * optional item may be marked not applicable (and taken back), which the firm accepts or rejects like a file.
 * Accepted is final. Nothing moves once the request is completed or cancelled.
 */
export const ITEM_TRANSITIONS: readonly ItemTransition[] = [
  { action: 'upload', actor: 'client', from: ['open', 'rejected'], to: 'received' },
  { action: 'upload', actor: 'client', from: ['received'], to: 'received', multipleOnly: true },
  {
    action: 'markNotApplicable',
    actor: 'client',
    from: ['open', 'rejected'],
    to: 'not_applicable',
    optionalOnly: true,
  },
  { action: 'reopen', actor: 'client', from: ['not_applicable'], to: 'open' },
  { action: 'accept', actor: 'staff', from: ['received', 'not_applicable'], to: 'accepted' },
  { action: 'reject', actor: 'staff', from: ['received', 'not_applicable'], to: 'rejected' },
];

export interface ItemState {
  status: RequestItemStatus;
  required: boolean;
  multiple: boolean;
}

export type TransitionResult =
  | { ok: true; to: RequestItemStatus }
  | { ok: false; code: ErrorCode; message: string };

/** Where `action` by `actor` takes `item` of a request in `requestStatus`, or why it may not. Pure. */
export function nextItemStatus(
  requestStatus: RequestStatus,
  item: ItemState,
  action: RequestItemAction,
  actor: RequestActor,
): TransitionResult {
  if (requestStatus !== 'open') {
    return {
      ok: false,
      code: 'requests.closed',
      message: `This request is ${requestStatus}: nothing more changes.`,
    };
  }
  const candidates = ITEM_TRANSITIONS.filter(
    (t) => t.action === action && t.actor === actor && t.from.includes(item.status),
  );
  const allowed = candidates.find(
    (t) => (!t.optionalOnly || !item.required) && (!t.multipleOnly || item.multiple),
  );
  if (allowed) return { ok: true, to: allowed.to };
  if (candidates.some((t) => t.multipleOnly)) {
    return {
      ok: false,
      code: 'requests.one_file_only',
      message: 'This item takes one file and already has it; wait for the firm’s review.',
    };
  }
  if (candidates.some((t) => t.optionalOnly)) {
    return {
      ok: false,
      code: 'requests.transition_refused',
      message: 'This item is required: it cannot be marked not applicable.',
    };
  }
  return {
    ok: false,
    code: 'requests.transition_refused',
    message: `An item that is ${item.status.replace('_', ' ')} cannot be changed that way.`,
  };
}

export interface RequestProgress {
  itemsTotal: number;
  /** Answered by the client: received, accepted or not applicable. */
  itemsReceived: number;
  itemsAccepted: number;
  /** Waiting for the client: open or rejected. */
  itemsOpen: number;
}

export function progressOf(items: readonly Pick<ItemState, 'status'>[]): RequestProgress {
  const count = (...statuses: RequestItemStatus[]) => items.filter((i) => statuses.includes(i.status)).length;
  return {
    itemsTotal: items.length,
    itemsReceived: count('received', 'accepted', 'not_applicable'),
    itemsAccepted: count('accepted'),
    itemsOpen: count('open', 'rejected'),
  };
}

/**
 * A request completes when every required item is accepted; one with no required item, when every item is
 * accepted or not applicable (else it would be complete the moment it was made).
 */
export function isComplete(items: readonly Pick<ItemState, 'status' | 'required'>[]): boolean {
  const required = items.filter((i) => i.required);
  if (required.length) return required.every((i) => i.status === 'accepted');
  return items.length > 0 && items.every((i) => i.status === 'accepted' || i.status === 'not_applicable');
}
