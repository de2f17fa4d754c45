import type { SignInMethod } from '@portico/contracts';
import type { Queryable } from '../db/database.ts';

/** The rows of the sign-in history (`sign_ins`, migration 0020); what they mean is sign-in-history.ts. */

export interface SignInRecord {
  at: Date;
  method: SignInMethod;
  browser: string;
  address: string;
}

/** Whether this browser signed the person in before, and whether anything did. */
export async function findBrowserSeen(
  db: Queryable,
  userId: string,
  browserHash: string,
): Promise<{ known: boolean; earlier: boolean }> {
  const { rows } = await db.query<{ known: boolean; earlier: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM sign_ins WHERE user_id = $1 AND browser_sha256 = $2) AS known,
            EXISTS (SELECT 1 FROM sign_ins WHERE user_id = $1) AS earlier`,
    [userId, browserHash],
  );
  return rows[0] ?? { known: false, earlier: false };
}

export async function insertSignIn(
  db: Queryable,
  signIn: { userId: string; method: SignInMethod; browser: string; address: string; browserHash: string },
): Promise<{ id: string; signed_in_at: Date }> {
  const { rows } = await db.query<{ id: string; signed_in_at: Date }>(
    `INSERT INTO sign_ins (user_id, method, browser, address, browser_sha256) VALUES ($1, $2, $3, $4, $5)
     RETURNING id::text, signed_in_at`,
    [signIn.userId, signIn.method, signIn.browser, signIn.address, signIn.browserHash],
  );
  return rows[0]!;
}

/** A person's last sign-ins, newest first. */
export async function listSignIns(db: Queryable, userId: string, limit = 10): Promise<SignInRecord[]> {
  const { rows } = await db.query<{
    signed_in_at: Date;
    method: SignInMethod;
    browser: string;
    address: string;
  }>(
    `SELECT signed_in_at, method, browser, address FROM sign_ins WHERE user_id = $1
      ORDER BY signed_in_at DESC, id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows.map((r) => ({
    at: new Date(r.signed_in_at),
    method: r.method,
    browser: r.browser,
    address: r.address,
  }));
}
