import type { Database, Queryable } from '../db/database.ts';
import {
  createAccountLink,
  findUsableAccountLink,
  retireAccountLinks,
  useAccountLink,
} from '../invitations/account-links.repository.ts';
import { dayOf, setPasswordLink } from '../invitations/invitations.usecases.ts';
import { enqueueMail } from '../mail/outbox.repository.ts';
import { ACTIVE_MEMBERSHIPS } from '../sites/members.repository.ts';
import { hashPassword } from './password.ts';
import { passwordRuleProblem } from './password-rule.ts';
import { endSessionsOf } from './sessions.ts';

/**
 * What the provider does with the single-use links (migration 0012): set a password with an invitation or a reset
 * link, then hand the browser a short sign-in link so the portal's sign-in completes without the password being
 * typed again, and send reset links. It runs as the database owner, like the rest of the provider: an invitation
 * names its firm, which the link's use checks, not row-level security.
 */

/** Why a new password is refused, or undefined when it will do: the one rule (password-rule.ts), then the repeat. */
export function passwordProblem(password: string, confirmation: string, email?: string): string | undefined {
  return (
    passwordRuleProblem(password, { email }) ??
    (password !== confirmation ? 'The two passwords are not the same.' : undefined)
  );
}

export interface PasswordSet {
  userId: string;
  username: string;
  /** A sign-in link's secret for the cookie that carries the person into the portal's sign-in. */
  signInSecret: string;
}

/** A password the link's person may not choose (their own address): the link is kept for the next try. */
export class PasswordRefused extends Error {}

/**
 * Uses an invitation or reset link and sets the person's password, all in one transaction: the link is spent only
 * if the password is stored. An invitation whose person no longer has any role in the inviting firm is spent for
 * nothing (the firm took the invitation back). Answers undefined for a link that is unknown, used or expired, and
 * PasswordRefused (the link kept) for a password the rule refuses for this person: their own address or username.
 */
export async function setPasswordWithLink(
  db: Database,
  secret: string,
  password: string,
): Promise<PasswordSet | PasswordRefused | undefined> {
  const passwordHash = await hashPassword(password);
  return db
    .transaction(async (tx) => {
      const link = await useAccountLink(tx, secret, ['invitation', 'password_reset']);
      if (!link) return undefined;
      if (link.tenantCode && !(await hasRoleIn(tx, link.userId, link.tenantCode))) return undefined;
      const problem = passwordRuleProblem(password, await ownerOf(tx, link.userId));
      // Thrown, so the transaction rolls back and the link stays unspent.
      if (problem) throw new PasswordRefused(problem);
      return storePassword(tx, link.userId, passwordHash);
    })
    .catch((error: unknown) => {
      if (error instanceof PasswordRefused) return error;
      throw error;
    });
}

async function ownerOf(tx: Queryable, userId: string) {
  const { rows } = await tx.query<{ email: string; username: string | null }>(
    'SELECT u.email, a.username FROM users u LEFT JOIN idp_accounts a ON a.user_id = u.id WHERE u.id = $1',
    [userId],
  );
  return { email: rows[0]?.email, username: rows[0]?.username ?? undefined };
}

/** The password stored, other reset links void, and a sign-in link for the cookie. */
async function storePassword(tx: Queryable, userId: string, passwordHash: string): Promise<PasswordSet> {
  const username = await upsertAccount(tx, userId, passwordHash);
  // Every other open reset link of the person is void once the password changed, and so is every sign-in made
  // with the old one: whoever knew it is signed out everywhere.
  await retireAccountLinks(tx, userId, 'password_reset');
  await endSessionsOf(tx, userId);
  const signIn = await createAccountLink(tx, { purpose: 'sign_in', userId });
  return { userId, username, signInSecret: signIn.secret };
}

/**
 * Whether an invitation or reset link would still set a password, without using it: the page asks at once, so a
 * used or expired link says so before a password is typed (issue 30).
 */
export async function isPasswordLinkUsable(db: Database, secret: string): Promise<boolean> {
  const link = await findUsableAccountLink(db, secret, ['invitation', 'password_reset']);
  if (!link) return false;
  return !link.tenantCode || hasRoleIn(db, link.userId, link.tenantCode);
}

async function hasRoleIn(tx: Queryable, userId: string, tenantCode: string): Promise<boolean> {
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
async function upsertAccount(tx: Queryable, userId: string, passwordHash: string): Promise<string> {
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

/** The account a sign-in link was made for, spending it; undefined for anything else. */
export async function useSignInLink(db: Database, secret: string): Promise<string | undefined> {
  return db.transaction(async (tx) => (await useAccountLink(tx, secret, ['sign_in']))?.userId);
}

/** A reset link is sent to one address at most once a minute, whatever the rate limit per sender allows. */
const RESET_INTERVAL = '1 minute';

/**
 * Sends a reset link to the person with this address, if they have a role in some firm; does nothing otherwise.
 * The caller answers the same either way, so the form never tells who has an account. The mail wears the
 * branding of one firm the person works with (staff first, then by code): the outbox sends for a firm, and one
 * of their own names nothing they do not know.
 */
export async function requestPasswordReset(
  db: Database,
  email: string,
  settings: { publicUrl: string },
): Promise<void> {
  await db.transaction(async (tx) => {
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
                           AND l.created_at > now() - interval '${RESET_INTERVAL}')`,
      [email.trim()],
    );
    const person = rows[0];
    if (!person) return;
    await retireAccountLinks(tx, person.id, 'password_reset');
    const link = await createAccountLink(tx, { purpose: 'password_reset', userId: person.id });
    // To the person's own address, the one they asked with; not the firm's record of them.
    await enqueueMail(tx, {
      tenantCode: person.tenant_code,
      template: 'password-reset',
      to: { userId: person.id, email: person.email },
      data: {
        link: setPasswordLink(settings.publicUrl, link.secret),
        expiresOn: dayOf(link.expiresAt),
      },
      dedupeKey: `password-reset:${link.id}`,
    });
  });
}
