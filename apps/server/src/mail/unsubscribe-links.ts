import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { readSigningKey } from './unsubscribe.repository.ts';

/** What one unsubscribe link turns off: one kind of mail, for one person, from one firm. */
export interface UnsubscribeTarget {
  tenantCode: string;
  userId: string;
  kind: string;
}

let cachedKey: Promise<string> | undefined;
let cachedFor: Queryable | undefined;

/** The installation's signing key (migration 0011), read once per database connection. */
function signingKey(db: Queryable): Promise<string> {
  if (cachedFor !== db || !cachedKey) {
    cachedFor = db;
    cachedKey = readSigningKey(db).catch((error) => {
      cachedKey = undefined;
      throw error;
    });
  }
  return cachedKey;
}

const signatureOf = (key: string, t: UnsubscribeTarget) =>
  createHmac('sha256', key)
    .update(`unsubscribe\n${t.tenantCode}\n${t.userId}\n${t.kind}`)
    .digest('base64url');

/**
 * The link of a mail's footer and List-Unsubscribe header. It carries tenant, person and kind in the clear and an
 * HMAC over all three: it can turn off that kind for that person at that firm and nothing else, and changing any
 * part (another tenant) breaks it. It needs no stored state, so any server process answers it.
 */
export async function unsubscribeUrl(db: Queryable, publicUrl: string, target: UnsubscribeTarget) {
  const sig = signatureOf(await signingKey(db), target);
  const query = new URLSearchParams({
    tenant: target.tenantCode,
    user: target.userId,
    kind: target.kind,
    sig,
  });
  return `${publicUrl}/mail/unsubscribe?${query}`;
}

/** Whether `sig` was made for exactly this target. */
export async function verifyUnsubscribe(db: Queryable, target: UnsubscribeTarget, sig: string) {
  const expected = Buffer.from(signatureOf(await signingKey(db), target));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What one subscription mail's link ends: one subscription of one person at one firm (decision 59). */
export interface UnfollowTarget {
  tenantCode: string;
  userId: string;
  subscriptionId: string;
}

// Its own first line, so a signature made for a kind can never pass for a subscription, or the reverse.
const unfollowSignatureOf = (key: string, t: UnfollowTarget) =>
  createHmac('sha256', key)
    .update(`unfollow\n${t.tenantCode}\n${t.userId}\n${t.subscriptionId}`)
    .digest('base64url');

/** The one-click link of a subscription mail: `/mail/unfollow?tenant&user&subscription&sig`. */
export async function unfollowUrl(db: Queryable, publicUrl: string, target: UnfollowTarget) {
  const sig = unfollowSignatureOf(await signingKey(db), target);
  const query = new URLSearchParams({
    tenant: target.tenantCode,
    user: target.userId,
    subscription: target.subscriptionId,
    sig,
  });
  return `${publicUrl}/mail/unfollow?${query}`;
}

/** Whether `sig` was made for exactly this subscription of this person at this firm. */
export async function verifyUnfollow(db: Queryable, target: UnfollowTarget, sig: string) {
  const expected = Buffer.from(unfollowSignatureOf(await signingKey(db), target));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
