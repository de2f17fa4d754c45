import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

/**
 * Single-use links of the embedded provider's accounts (migration 0012). A link's secret is 32 random bytes,
 * base64url; only its SHA-256 is stored, so a copy of the database opens no account. Whoever holds a secret can
 * use it once, before it expires; using it and checking it are one statement, so two tabs cannot both use it.
 */

export type AccountLinkPurpose = 'invitation' | 'password_reset' | 'sign_in';

/** How long each kind of link lasts. */
export const LINK_LIFETIME_MS: Record<AccountLinkPurpose, number> = {
  invitation: 7 * 24 * 3600 * 1000,
  password_reset: 7 * 24 * 3600 * 1000,
  // Only bridges the step from "password set" to the portal's sign-in, a few redirects later.
  sign_in: 5 * 60 * 1000,
};

/** The shape of a secret: anything else is not looked up at all. */
const SECRET = /^[A-Za-z0-9_-]{43}$/;

export const linkSecretHash = (secret: string) => createHash('sha256').update(secret).digest('hex');

export interface NewAccountLink {
  purpose: AccountLinkPurpose;
  userId: string;
  /** The inviting firm; an invitation needs one, the other kinds have none. */
  tenantCode?: string | undefined;
  createdBy?: string | undefined;
}

/**
 * Stores a new link and answers its secret, which exists nowhere else (put it in the link and forget it), with
 * the link's id and expiry.
 */
export async function createAccountLink(
  q: Queryable,
  link: NewAccountLink,
): Promise<{ id: string; secret: string; expiresAt: Date }> {
  const secret = randomBytes(32).toString('base64url');
  const { rows } = await q.query<{ id: string; expires_at: Date | string }>(
    `INSERT INTO account_links (token_sha256, purpose, user_id, tenant_code, created_by, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6::double precision))
     RETURNING id, expires_at`,
    [
      linkSecretHash(secret),
      link.purpose,
      link.userId,
      link.tenantCode ?? null,
      link.createdBy ?? null,
      LINK_LIFETIME_MS[link.purpose] / 1000,
    ],
  );
  return { id: rows[0]!.id, secret, expiresAt: new Date(rows[0]!.expires_at) };
}

/** Retires a person's open links of one kind (of one firm, for invitations): a new one replaces them. */
export async function retireAccountLinks(
  q: Queryable,
  userId: string,
  purpose: AccountLinkPurpose,
  tenantCode?: string,
) {
  await q.query(
    `UPDATE account_links SET used_at = now()
     WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL AND tenant_code IS NOT DISTINCT FROM $3`,
    [userId, purpose, tenantCode ?? null],
  );
}

export interface UsedAccountLink {
  userId: string;
  tenantCode: string | null;
}

/**
 * Uses a link: answers whose it was if the secret is one of `purposes`, unused and unexpired, and marks it used in
 * the same statement; anything else answers undefined, alike (unknown, used, expired, malformed).
 */
export async function useAccountLink(
  q: Queryable,
  secret: string,
  purposes: readonly AccountLinkPurpose[],
): Promise<(UsedAccountLink & { purpose: AccountLinkPurpose }) | undefined> {
  if (!SECRET.test(secret)) return undefined;
  const { rows } = await q.query<{
    user_id: string;
    tenant_code: string | null;
    purpose: AccountLinkPurpose;
  }>(
    `UPDATE account_links SET used_at = now()
     WHERE token_sha256 = $1 AND purpose = ANY($2::text[]) AND used_at IS NULL AND expires_at > now()
     RETURNING user_id, tenant_code, purpose`,
    [linkSecretHash(secret), [...purposes]],
  );
  const row = rows[0];
  return row && { userId: row.user_id, tenantCode: row.tenant_code, purpose: row.purpose };
}

/**
 * Whose link it is, without using it, if the secret is one of `purposes`, unused and unexpired: what a page asks
 * before asking for a password; anything else answers undefined, alike.
 */
export async function findUsableAccountLink(
  q: Queryable,
  secret: string,
  purposes: readonly AccountLinkPurpose[],
): Promise<UsedAccountLink | undefined> {
  if (!SECRET.test(secret)) return undefined;
  const { rows } = await q.query<{ user_id: string; tenant_code: string | null }>(
    `SELECT user_id, tenant_code FROM account_links
     WHERE token_sha256 = $1 AND purpose = ANY($2::text[]) AND used_at IS NULL AND expires_at > now()`,
    [linkSecretHash(secret), [...purposes]],
  );
  const row = rows[0];
  return row && { userId: row.user_id, tenantCode: row.tenant_code };
}

/** Links past their expiry are of no use to anyone; used ones are kept a day for the record, then removed. */
export async function deleteOldAccountLinks(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `WITH gone AS (DELETE FROM account_links
                   WHERE expires_at < now() - interval '1 day' OR used_at < now() - interval '1 day' RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
  );
  return rows[0]?.n ?? 0;
}
