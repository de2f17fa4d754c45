import { Command } from '@commander-js/extra-typings';
import { addStaffIn, listTenantStaff, removeStaff } from '../tenants/tenants.usecases.ts';
import { type CliIo, withContext } from './context.ts';
import { invitePerson, nextSteps, passwordStdinOption, usernameOption } from './invite.ts';
import { day } from './output.ts';

/** `portico staff invite|list|remove`: the firm's own people, who use the control panel. */
export function staffCommand(io: CliIo) {
  const staff = new Command('staff').description("Invite, list and remove a firm's staff");

  staff
    .command('invite')
    .description(
      'Make someone staff of a firm, creating them (and, with the embedded provider, their account) if needed',
    )
    .argument('<tenant>', 'tenant code')
    .requiredOption('--email <address>', 'their e-mail address')
    .requiredOption('--name <name>', 'their name as the firm shows it')
    .addOption(usernameOption())
    .addOption(passwordStdinOption())
    .action((tenant, options) =>
      withContext(io, async (ctx) => {
        const invited = await invitePerson(ctx, tenant, options, (tx, person) =>
          addStaffIn(tx, ctx.operator, tenant, person),
        );
        ctx.print(
          invited.result
            ? `${options.email} is now staff of "${tenant}".`
            : `${options.email} was staff of "${tenant}" already.`,
        );
        for (const line of nextSteps(
          ctx,
          { ...invited, email: options.email },
          `${ctx.config.publicUrl}/control-panel/`,
          tenant,
        ))
          ctx.print(line);
      }),
    );

  staff
    .command('list')
    .description("List a firm's staff")
    .argument('<tenant>', 'tenant code')
    .action((tenant) =>
      withContext(io, async (ctx) => {
        const rows = await listTenantStaff(ctx.db, tenant);
        ctx.printTable(
          ['EMAIL', 'NAME', 'SINCE'],
          rows.map((s) => [s.email, s.name, day(s.addedAt)]),
        );
      }),
    );

  staff
    .command('remove')
    .description('Take someone off the staff of a firm (their account and site memberships stay)')
    .argument('<tenant>', 'tenant code')
    .requiredOption('--email <address>', 'their e-mail address')
    .action((tenant, options) =>
      withContext(io, async (ctx) => {
        await removeStaff(ctx.db, ctx.operator, tenant, options.email);
        ctx.print(`${options.email} is no longer staff of "${tenant}".`);
      }),
    );

  return staff;
}
