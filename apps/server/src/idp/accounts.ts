import type { Queryable } from '../db/database.ts';
import { hashPassword, verifyPassword } from './password.ts';

/** A person who can sign in to the embedded provider; the subject of their tokens is `users.id`. */
export interface IdpAccount {
  accountId: string;
  username: string;
  name: string;
  email: string;
  emailVerified: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface AccountRow {
  user_id: string;
  username: string;
  name: string;
  email: string;
  email_verified: boolean;
  password_hash: string;
}

// users.name is NULL for someone who never gave a name (migration 0007); the address stands in.
const SELECT_ACCOUNT = `SELECT a.user_id, a.username, coalesce(u.name, u.email) AS name, u.email, a.email_verified, a.password_hash
                          FROM idp_accounts a JOIN users u ON u.id = a.user_id`;

const toAccount = (row: AccountRow): IdpAccount => ({
  accountId: row.user_id,
  username: row.username,
  name: row.name,
  email: row.email,
  emailVerified: row.email_verified,
});

export async function findAccountById(db: Queryable, accountId: string): Promise<IdpAccount | undefined> {
  if (!UUID.test(accountId)) return undefined;
  const { rows } = await db.query<AccountRow>(`${SELECT_ACCOUNT} WHERE a.user_id = $1`, [accountId]);
  return rows[0] && toAccount(rows[0]);
}

/** Usernames are stored lower-case; people type them as they like. */
export const normalizeUsername = (username: string) => username.trim().normalize('NFC').toLowerCase();

/** The shape the database allows (idp_accounts.username); anything else cannot be an account. */
export const isPlausibleUsername = (username: string) =>
  /^[a-z0-9._-]{1,64}$/.test(normalizeUsername(username));

let decoyHash: Promise<string> | undefined;

/**
 * The account whose username and password match, or undefined. An unknown username still costs one password
 * hash, so response times do not tell which usernames exist.
 */
export async function authenticate(
  db: Queryable,
  username: string,
  password: string,
): Promise<IdpAccount | undefined> {
  const { rows } = await db.query<AccountRow>(`${SELECT_ACCOUNT} WHERE a.username = $1`, [
    normalizeUsername(username),
  ]);
  const row = rows[0];
  if (!row) {
    decoyHash ??= hashPassword('decoy password that nobody has');
    await verifyPassword(password, await decoyHash);
    return undefined;
  }
  return (await verifyPassword(password, row.password_hash)) ? toAccount(row) : undefined;
}

/**
 * Tenant codes the user works in, read when a token is issued so that a membership change shows in the next
 * token: tenants where they are staff, and tenants of the non-archived sites they are a member of.
 */
export async function tenantsOf(db: Queryable, accountId: string): Promise<string[]> {
  if (!UUID.test(accountId)) return [];
  const { rows } = await db.query<{ tenant_code: string }>(
    `SELECT tenant_code FROM tenant_staff WHERE user_id = $1
     UNION
     SELECT s.tenant_code
       FROM site_members m JOIN sites s ON s.id = m.site_id AND s.tenant_code = m.tenant_code
      WHERE m.user_id = $1 AND s.archived_at IS NULL
     ORDER BY tenant_code`,
    [accountId],
  );
  return rows.map((r) => r.tenant_code);
}
