import { Option } from '@commander-js/extra-typings';
import type { Queryable } from '../db/database.ts';
import { saveIdpAccount } from '../idp/accounts.ts';
import { hasAccount } from '../invitations/invitations.repository.ts';
import { findOrCreateUserByEmail } from '../sites/sites.staff.repository.ts';
import { bindToExistingTenant } from '../tenants/tenants.usecases.ts';
import { type CliContext, CliError } from './context.ts';
import { passwordHashFromStdin } from './password.ts';
import { plainText } from './plain-text.ts';

/** What `staff invite` and `client invite` take to create a person. */
export interface InviteOptions {
  email: string;
  name: string;
  username?: string;
  passwordStdin?: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The embedded provider's username by default: the address's local part, as the username rule allows it. */
const usernameOf = (email: string) =>
  email
    .split('@')[0]!
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .slice(0, 64);

/**
 * Creates the person (or finds them by e-mail), with the embedded provider their account (a username, and a
 * password only if one is read from standard input), then binds the same transaction to the tenant and runs
 * `grant` (the role). One transaction: a failure anywhere leaves nothing behind. Answers what `grant` answers, the
 * username, and whether a password was set.
 */
export async function invitePerson<T>(
  ctx: CliContext,
  tenantCode: string,
  options: InviteOptions,
  grant: (
    tx: Queryable,
    person: { userId: string; email: string; name: string; accountCreated: boolean },
  ) => Promise<T>,
) {
  const email = options.email.trim();
  const name = plainText(options.name, '--name');
  if (!EMAIL.test(email)) throw new CliError(`"${email}" is not an e-mail address`);
  const embedded = !ctx.config.oidcIssuer;
  if (!embedded && (options.passwordStdin || options.username)) {
    throw new CliError('--password-stdin and --username are for the embedded provider: OIDC_ISSUER is set');
  }
  const passwordHash = options.passwordStdin
    ? await passwordHashFromStdin(ctx.io.stdin, { email, username: options.username ?? usernameOf(email) })
    : undefined;
  let username: string | undefined;
  const result = await ctx.db.transaction(async (tx) => {
    const userId = await findOrCreateUserByEmail(tx, email);
    // With an external provider, someone is new until they first signed in there.
    let accountCreated = !embedded && !(await hasAccount(tx, userId));
    if (embedded) {
      try {
        ({ username, created: accountCreated } = await saveIdpAccount(tx, {
          userId,
          username: options.username ?? usernameOf(email),
          renameTo: options.username !== undefined,
          name,
          passwordHash,
        }));
      } catch (error) {
        throw new CliError((error as Error).message);
      }
    }
    const tenant = await bindToExistingTenant(tx, tenantCode);
    if (tenant.disabled) throw new CliError(`tenant "${tenantCode}" is disabled`);
    return grant(tx, { userId, email, name, accountCreated });
  });
  return { result, username, passwordSet: passwordHash !== undefined };
}

/**
 * What the operator does next. `client invite` mails the firm's invitation (as the control panel does when staff
 * add someone) unless told `--no-mail`; otherwise the person sets a password through "Forgot your password?",
 * which mails them a link, or the operator gives one on standard input.
 */
export function nextSteps(
  ctx: CliContext,
  invited: { username: string | undefined; passwordSet: boolean; email: string; mailed?: boolean },
  signInAt: string,
  tenantCode: string,
): string[] {
  if (!invited.username) {
    return [
      `Next: create ${invited.email} at your identity provider (${ctx.config.oidcIssuer}), with a verified e-mail`,
      `and "${tenantCode}" in the ${ctx.config.tenantClaim} claim; they are linked on first sign-in at ${signInAt}`,
    ];
  }
  if (invited.passwordSet) {
    return [`They sign in at ${signInAt} as "${invited.username}" with the password given.`];
  }
  if (invited.mailed) {
    return [
      `An invitation was mailed to ${invited.email}: its link sets a password (the running server sends it).`,
      `They sign in as "${invited.username}" or with their e-mail address.`,
    ];
  }
  return [
    `Next: they open ${signInAt}, choose "Forgot your password?" and enter ${invited.email}: a link to set a password`,
    `is mailed to them; or run this command again with --password-stdin (the password on standard input).`,
    `They sign in as "${invited.username}" or with their e-mail address.`,
  ];
}

/** The options both invitations take for the embedded provider's account (new each time: commander owns them). */
export const usernameOption = () =>
  new Option('--username <username>', 'embedded provider: their username (default: the part before @)');
export const passwordStdinOption = () =>
  new Option(
    '--password-stdin',
    'embedded provider: read an initial password from standard input (never give it as an argument)',
  );
