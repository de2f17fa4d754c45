import type { Caller } from '../auth/caller.ts';
import type { Database, Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { claimKey, findStoredAnswer, type KeyedRequest, storeAnswer } from './idempotency.repository.ts';

/**
 * Idempotent changes. A save whose commit landed just before the connection broke answered 404 on retry (its
 * uploads were saved already), so the client could not tell that it had succeeded. A change sent with an
 * `Idempotency-Key` now records its answer in its own transaction, and a repeat with the key answers that.
 */

export interface Answer<T> {
  status: number;
  body: T;
  /** Repeated from an earlier request with the same key; nothing was changed this time. */
  replayed: boolean;
}

/**
 * Runs `change` in a transaction bound to the caller's tenant and answers `status` with its result. With a key,
 * the key is claimed first and the answer stored before the commit: a key already answered gives that answer
 * back without running `change`, unless it was used for another request (422 `request.idempotency_mismatch`).
 * A repeat sent while the first is still running waits for it (claimKey). A failed change stores nothing, so its
 * retry runs again. Keys belong to the caller: another user's key never answers for this one.
 */
export async function runIdempotently<T>(
  db: Database,
  caller: Caller,
  request: KeyedRequest | undefined,
  status: number,
  change: (tx: Queryable) => Promise<T>,
): Promise<Answer<T>> {
  return db.withTenant(caller.tenantCode, async (tx) => {
    if (!request) return { status, body: await change(tx), replayed: false };
    if (!(await claimKey(tx, caller, request))) return replay(tx, caller, request);
    const body = await change(tx);
    await storeAnswer(tx, caller, request.key, { status, body });
    return { status, body, replayed: false };
  });
}

async function replay<T>(tx: Queryable, caller: Caller, request: KeyedRequest): Promise<Answer<T>> {
  const stored = await findStoredAnswer(tx, caller, request.key);
  if (!stored) throw new Error('an idempotency key was claimed but holds no answer');
  const same =
    stored.method === request.method &&
    stored.path === request.path &&
    stored.requestSha256 === request.requestSha256;
  if (!same) {
    throw new AppError(
      'request.idempotency_mismatch',
      'This Idempotency-Key was already used for another request; send a new key for a new request.',
    );
  }
  return { status: stored.status, body: stored.body as T, replayed: true };
}
