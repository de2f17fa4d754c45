import type { Queryable } from '../db/database.ts';
import { ACTIVE_MEMBERSHIPS } from '../sites/members.repository.ts';

/** The rows the set-password and reset links read and write (password-links.ts), as the database owner. */

/** The address and username of a person, for the password rule (a password may not be either). */
export async function findAccountOwner(tx: Queryable, userId: string) {
  const { rows } = await tx.query<{ email: string; username: string | null }>(
    'SELECT u.email, a.username FROM users u LEFT JOIN idp_accounts a ON a.user_id = u.id WHERE u.id = $1',
    [userId],
  );
  return { email: rows[0]?.email, username: rows[0]?.username ?? undefined };
}

/** Whether the person is staff of the tenant or an active member of one of its sites. */
export async function hasRoleInTenant(tx: Queryable, userId: string, tenantCode: string): Promise<boolean> {
  const { rows } = await tx.query<{ yes: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM tenant_staff WHERE tenant_code = $1 AND user_id = $2)
         OR EXISTS (SELECT 1 FROM ${ACTIVE_MEMBERSHIPS} am WHERE am.tenant_code = $1 AND am.user_id = $2) AS yes`,
    [tenantCode, userId],
  );
  return rows[0]?.yes ?? false;
}

/**
 * Stores the password of the person's account, creating the account if they have none. A new account's username
 * comes from the address (its part before the @, in the characters usernames allow), numbered if taken; people
 * may sign in with their address as well.
 */
export async function upsertPasswordAccount(
  tx: Queryable,
  userId: string,
  passwordHash: string,
): Promise<string> {
  const updated = await tx.query<{ username: string }>(
    'UPDATE idp_accounts SET password_hash = $2 WHERE user_id = $1 RETURNING username',
    [userId, passwordHash],
  );
  if (updated.rows[0]) return updated.rows[0].username;
  const { rows } = await tx.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]);
  const base =
    (rows[0]?.email ?? '')
      .split('@')[0]!
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '.')
      .replace(/^[.]+|[.]+$/g, '')
      .slice(0, 56) || 'user';
  for (let n = 1; ; n++) {
    const username = n === 1 ? base : `${base}${n}`;
    const inserted = await tx.query<{ username: string }>(
      `INSERT INTO idp_accounts (user_id, username, password_hash) VALUES ($1, $2, $3)
       ON CONFLICT (username) DO NOTHING RETURNING username`,
      [userId, username, passwordHash],
    );
    if (inserted.rows[0]) return username;
  }
}

/**
 * Holds, until the transaction ends, every other reset request for this address: two requests at once (a double
 * click; the form's answer does not wait for the link) would otherwise both find no link of the last minute and
 * both send one. The statement after this one sees what the first request committed.
 */
export async function lockResetRequests(tx: Queryable, email: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('password-reset:' || lower($1), 0))`, [
    email,
  ]);
}

/**
 * The person with this address who may get a reset link now, with the firm whose branding the mail wears (one
 * they are staff of first, then one whose site they are a member of, by code); none if they have no role
 * anywhere or were sent a link within `interval` (an SQL interval such as '1 minute').
 */
export async function findResetRecipient(
  tx: Queryable,
  email: string,
  interval: string,
): Promise<{ id: string; email: string; tenantCode: string } | undefined> {
  const { rows } = await tx.query<{ id: string; email: string; tenant_code: string }>(
    `SELECT u.id, u.email, r.tenant_code FROM users u
     JOIN LATERAL (
       SELECT t.tenant_code, 0 AS rank FROM tenant_staff t WHERE t.user_id = u.id
       UNION ALL
       SELECT am.tenant_code, 1 FROM ${ACTIVE_MEMBERSHIPS} am WHERE am.user_id = u.id
       ORDER BY rank, tenant_code LIMIT 1) r ON true
     WHERE lower(u.email) = lower($1)
       AND NOT EXISTS (SELECT 1 FROM account_links l
                       WHERE l.user_id = u.id AND l.purpose = 'password_reset'
                         AND l.created_at > now() - $2::interval)`,
    [email, interval],
  );
  const row = rows[0];
  return row && { id: row.id, email: row.email, tenantCode: row.tenant_code };
}
