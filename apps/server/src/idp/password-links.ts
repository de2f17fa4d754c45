import type { Database, Queryable } from '../db/database.ts';
import {
  createAccountLink,
  findUsableAccountLink,
  retireAccountLinks,
  useAccountLink,
} from '../invitations/account-links.repository.ts';
import { dayOf, setPasswordLink } from '../invitations/invitations.usecases.ts';
import { enqueueMail } from '../mail/outbox.repository.ts';
import { hashPassword } from './password.ts';
import {
  findAccountOwner,
  findResetRecipient,
  hasRoleInTenant,
  lockResetRequests,
  upsertPasswordAccount,
} from './password-accounts.repository.ts';
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
      if (link.tenantCode && !(await hasRoleInTenant(tx, link.userId, link.tenantCode))) return undefined;
      const problem = passwordRuleProblem(password, await findAccountOwner(tx, link.userId));
      // Thrown, so the transaction rolls back and the link stays unspent.
      if (problem) throw new PasswordRefused(problem);
      return storePassword(tx, link.userId, passwordHash);
    })
    .catch((error: unknown) => {
      if (error instanceof PasswordRefused) return error;
      throw error;
    });
}

/** The password stored, other reset links void, and a sign-in link for the cookie. */
async function storePassword(tx: Queryable, userId: string, passwordHash: string): Promise<PasswordSet> {
  const username = await upsertPasswordAccount(tx, userId, passwordHash);
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
  return !link.tenantCode || hasRoleInTenant(db, link.userId, link.tenantCode);
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
  const address = email.trim();
  await db.transaction(async (tx) => {
    await lockResetRequests(tx, address);
    const person = await findResetRecipient(tx, address, RESET_INTERVAL);
    if (!person) return;
    await retireAccountLinks(tx, person.id, 'password_reset');
    const link = await createAccountLink(tx, { purpose: 'password_reset', userId: person.id });
    // To the person's own address, the one they asked with; not the firm's record of them.
    await enqueueMail(tx, {
      tenantCode: person.tenantCode,
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
