import { Command } from '@commander-js/extra-typings';
import { findUserIdByEmail } from '../sites/sites.staff.repository.ts';
import { addSiteMember, removeSiteMember } from '../sites/sites.staff.usecases.ts';
import { withExistingTenant } from '../tenants/tenants.usecases.ts';
import { CliError, type CliIo, withContext } from './context.ts';
import { plainText } from './plain-text.ts';
import { AS_OPTION, SITE_OPTION, siteIdOf } from './site.ts';

/**
 * `portico member add|remove`: a site's members, as the control panel's Members page changes them (by e-mail;
 * a person new to the portal is linked when they first sign in with that address, verified by their provider).
 */
export function memberCommand(io: CliIo) {
  const member = new Command('member').description('Add people to a site or remove them');

  member
    .command('add')
    .description('Add a person to a site by e-mail (see also: client invite, which also creates a sign-in)')
    .argument('<tenant>', 'tenant code')
    .requiredOption(...SITE_OPTION)
    .requiredOption('--email <address>', 'their e-mail address')
    .option('--name <name>', 'their name as the firm shows it (default: the address)')
    .requiredOption(...AS_OPTION)
    .action((tenant, options) =>
      withContext(io, async (ctx) => {
        const caller = await ctx.actingAs(tenant, options.as);
        const siteId = await siteIdOf(ctx, tenant, options.site);
        const { member: added, added: isNew } = await addSiteMember(ctx.db, caller, siteId, {
          email: options.email,
          ...(options.name ? { name: plainText(options.name, '--name') } : {}),
        });
        ctx.print(isNew ? `Added ${added.email} to the site.` : `${added.email} was a member already.`);
      }),
    );

  member
    .command('remove')
    .description('Remove a person from a site')
    .argument('<tenant>', 'tenant code')
    .requiredOption(...SITE_OPTION)
    .requiredOption('--email <address>', 'their e-mail address')
    .requiredOption(...AS_OPTION)
    .action((tenant, options) =>
      withContext(io, async (ctx) => {
        const caller = await ctx.actingAs(tenant, options.as);
        const siteId = await siteIdOf(ctx, tenant, options.site);
        const userId = await withExistingTenant(ctx.db, tenant, (tx) =>
          findUserIdByEmail(tx, options.email.trim()),
        );
        if (!userId) throw new CliError(`${options.email} is not a member of this site`);
        await removeSiteMember(ctx.db, caller, siteId, userId);
        ctx.print(`Removed ${options.email} from the site.`);
      }),
    );

  return member;
}
