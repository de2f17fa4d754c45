import { Command } from '@commander-js/extra-typings';
import { findAccountByUsernameOrEmail } from '../idp/accounts.ts';
import { resetTwoStep } from '../idp/two-step.usecases.ts';
import { CliError, type CliIo, withContext } from './context.ts';

/** `portico user reset-two-step`: a person's own sign-in, across the firms they work with (embedded provider). */
export function userCommand(io: CliIo) {
  const user = new Command('user').description("A person's sign-in on the embedded provider");

  user
    .command('reset-two-step')
    .description(
      "Remove a person's authenticator app, recovery codes and passkeys (a lost phone): audited in their firms, mailed to them",
    )
    .argument('<username or e-mail>', 'their username or e-mail address')
    .action((who) =>
      withContext(io, async (ctx) => {
        if (ctx.config.oidcIssuer) {
          throw new CliError(
            "two-step sign-in is the identity provider's own with OIDC_ISSUER: reset it there",
          );
        }
        const account = await findAccountByUsernameOrEmail(ctx.db, who);
        if (!account) throw new CliError(`There is no account "${who.trim()}".`);
        const removed = await resetTwoStep(
          ctx.db,
          { userId: account.accountId, email: account.email },
          ctx.operator,
        );
        ctx.print(
          removed
            ? `Two-step sign-in of ${account.email} removed; they were mailed. They sign in with their password and set it up again where required.`
            : `${account.email} had no second step; nothing removed (they were mailed all the same).`,
        );
      }),
    );
  return user;
}
