import type { Queryable } from '../db/database.ts';

/** The people the portal knows (`users`) and the identities of providers linked to them (`user_identities`). */

export interface UserRow {
  id: string;
  email: string;
  /** A name the person gave themselves (their embedded account's), or null; never one a firm typed. */
  name: string | null;
}

/** A person's users row by id. */
export async function findUserById(tx: Queryable, userId: string): Promise<UserRow | undefined> {
  const { rows } = await tx.query<UserRow>('SELECT id, email, name FROM users WHERE id = $1', [userId]);
  return rows[0];
}

/** The person an issuer's subject is linked to. */
export async function findLinkedUser(
  tx: Queryable,
  issuer: string,
  subject: string,
): Promise<UserRow | undefined> {
  const { rows } = await tx.query<UserRow>(
    `SELECT u.id, u.email, u.name FROM user_identities i JOIN users u ON u.id = i.user_id
     WHERE i.issuer = $1 AND i.subject = $2`,
    [issuer, subject],
  );
  return rows[0];
}

/** The id of the person with this address who has no identity at `issuer` yet. */
export async function findUnlinkedUserByEmail(
  tx: Queryable,
  email: string,
  issuer: string,
): Promise<string | undefined> {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT u.id FROM users u
     WHERE lower(u.email) = lower($1)
       AND NOT EXISTS (SELECT 1 FROM user_identities i WHERE i.user_id = u.id AND i.issuer = $2)`,
    [email, issuer],
  );
  return rows[0]?.id;
}

/** Links an issuer's subject to a person; a link made meanwhile by another request stays. */
export async function linkIdentity(tx: Queryable, issuer: string, subject: string, userId: string) {
  await tx.query(
    `INSERT INTO user_identities (issuer, subject, user_id) VALUES ($1, $2, $3)
     ON CONFLICT (issuer, subject) DO NOTHING`,
    [issuer, subject, userId],
  );
}
