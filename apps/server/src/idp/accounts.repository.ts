import type { Queryable } from '../db/database.ts';
import { ACTIVE_MEMBERSHIPS } from '../sites/members.repository.ts';

/** The embedded provider's accounts (idp_accounts, users) as rows; `accounts.ts` checks passwords against them. */

/** A person who can sign in to the embedded provider; the subject of their tokens is `users.id`. */
export interface IdpAccount {
  accountId: string;
  username: string;
  name: string;
  /** The name the person gave themselves, if any; the firm's own record names them otherwise (decision 7). */
  ownName: string | null;
  email: string;
  emailVerified: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AccountRow {
  user_id: string;
  username: string;
  name: string;
  own_name: string | null;
  email: string;
  email_verified: boolean;
  password_hash: string;
}

// users.name is NULL for someone who never gave a name (migration 0007); the address stands in.
const SELECT_ACCOUNT = `SELECT a.user_id, a.username, coalesce(u.name, u.email) AS name, u.name AS own_name, u.email,
                               a.email_verified, a.password_hash
                          FROM idp_accounts a JOIN users u ON u.id = a.user_id`;

export const toAccount = (row: AccountRow): IdpAccount => ({
  accountId: row.user_id,
  username: row.username,
  name: row.name,
  ownName: row.own_name,
  email: row.email,
  emailVerified: row.email_verified,
});

export async function findAccountById(db: Queryable, accountId: string): Promise<IdpAccount | undefined> {
  if (!UUID.test(accountId)) return undefined;
  const { rows } = await db.query<AccountRow>(`${SELECT_ACCOUNT} WHERE a.user_id = $1`, [accountId]);
  return rows[0] && toAccount(rows[0]);
}

/** The account a username or e-mail address names (an operator typing either), without a password check. */
export async function findAccountByUsernameOrEmail(
  db: Queryable,
  who: string,
): Promise<IdpAccount | undefined> {
  const row = await findAccountRow(db, who);
  return row && toAccount(row);
}

/** The row of the account a username or address names, password hash included (for `authenticate`). */
export async function findAccountRow(db: Queryable, who: string): Promise<AccountRow | undefined> {
  const byEmail = who.includes('@');
  const { rows } = await db.query<AccountRow>(
    `${SELECT_ACCOUNT} WHERE ${byEmail ? 'lower(u.email) = lower($1)' : 'a.username = $1'}`,
    [byEmail ? who.trim() : normalizeUsername(who)],
  );
  return rows[0];
}

/** Usernames are stored lower-case; people type them as they like. */
export const normalizeUsername = (username: string) => username.trim().normalize('NFC').toLowerCase();

/** The shape the database allows (idp_accounts.username); anything else cannot be an account. */
export const isPlausibleUsername = (username: string) =>
  /^[a-z0-9._-]{1,64}$/.test(normalizeUsername(username));

/**
 * Tenant codes the user works in, read when a token is issued so that a membership change shows in the next
 * token: tenants where they are staff, and tenants of the non-archived sites they are a member of.
 */
export async function tenantsOf(db: Queryable, accountId: string): Promise<string[]> {
  if (!UUID.test(accountId)) return [];
  const { rows } = await db.query<{ tenant_code: string }>(
    `SELECT k.tenant_code FROM (
       SELECT tenant_code FROM tenant_staff WHERE user_id = $1
       UNION
       SELECT am.tenant_code FROM ${ACTIVE_MEMBERSHIPS} am WHERE am.user_id = $1) k
     JOIN tenants t ON t.code = k.tenant_code AND t.disabled_at IS NULL
     ORDER BY k.tenant_code`,
    [accountId],
  );
  return rows.map((r) => r.tenant_code);
}

/** A password hash nothing verifies against: the account exists, but signing in needs a password set first. */
export const NO_PASSWORD = '!';

/**
 * Creates or updates the embedded provider's account of a person (owner transaction). A new account gets
 * `username`; an existing one keeps its own unless `renameTo` says otherwise. The password is set when one is
 * given (else a new account has none yet, and an existing one keeps its own). Their own name is set where the
 * person has none. A username another person has fails with a clear message. Answers the username in force.
 */
export async function saveIdpAccount(
  tx: Queryable,
  account: {
    userId: string;
    username: string;
    name: string;
    passwordHash?: string | undefined;
    /** Change an existing account's username to `username` (an operator named it). */
    renameTo?: boolean;
  },
): Promise<{ created: boolean; username: string }> {
  const existing = await tx.query<{ username: string }>(
    'SELECT username FROM idp_accounts WHERE user_id = $1',
    [account.userId],
  );
  const current = existing.rows[0]?.username;
  const username = current && !account.renameTo ? current : normalizeUsername(account.username);
  if (!isPlausibleUsername(username)) {
    throw new Error(`"${account.username}" is not a username: 1 to 64 of a-z, 0-9, ".", "_" and "-".`);
  }
  const taken = await tx.query<{ user_id: string }>('SELECT user_id FROM idp_accounts WHERE username = $1', [
    username,
  ]);
  if (taken.rows[0] && taken.rows[0].user_id !== account.userId) {
    throw new Error(`The username "${username}" belongs to someone else: choose another with --username.`);
  }
  await tx.query(
    `INSERT INTO idp_accounts (user_id, username, password_hash) VALUES ($1, $2, coalesce($3, '${NO_PASSWORD}'))
     ON CONFLICT (user_id) DO UPDATE SET username = excluded.username,
       password_hash = coalesce($3, idp_accounts.password_hash)`,
    [account.userId, username, account.passwordHash ?? null],
  );
  await tx.query('UPDATE users SET name = $2 WHERE id = $1 AND name IS NULL', [account.userId, account.name]);
  return { created: current === undefined, username };
}
