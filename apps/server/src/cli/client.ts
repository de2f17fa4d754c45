import { Command } from '@commander-js/extra-typings';
import { invitationSettingsOf, sendInvitation } from '../invitations/invitations.usecases.ts';
import { findTenantSite, listSiteMembers, listStaffSites } from '../sites/sites.staff.repository.ts';
import { addSiteMemberIn } from '../sites/sites.staff.usecases.ts';
import { withExistingTenant } from '../tenants/tenants.usecases.ts';
import { type CliIo, withContext } from './context.ts';
import { invitePerson, nextSteps, passwordStdinOption, usernameOption } from './invite.ts';
import { day } from './output.ts';
import { AS_OPTION, SITE_OPTION, siteIdOf } from './site.ts';

/** `portico client invite|list`: the firm's clients, who use the portal through the sites they belong to. */
export function clientCommand(io: CliIo) {
  const client = new Command('client').description("Invite and list a firm's clients");

  client
    .command('invite')
    .description(
      'Make someone a client member of a site, creating them (and, with the embedded provider, their account)',
    )
    .argument('<tenant>', 'tenant code')
    .requiredOption(...SITE_OPTION)
    .requiredOption('--email <address>', 'their e-mail address')
    .requiredOption('--name <name>', 'their name as the firm shows it')
    .requiredOption(...AS_OPTION)
    .addOption(usernameOption())
    .addOption(passwordStdinOption())
    .option(
      '--no-mail',
      'do not mail them an invitation (by default someone new gets one, unless a password is given)',
    )
    .action((tenant, options) =>
      withContext(io, async (ctx) => {
        const caller = await ctx.actingAs(tenant, options.as);
        const siteId = await siteIdOf(ctx, tenant, options.site);
        let mailed = false;
        const invited = await invitePerson(ctx, tenant, options, async (tx, person) => {
          const added = await addSiteMemberIn(tx, caller, siteId, { email: person.email, name: person.name });
          if (options.mail && !options.passwordStdin && person.accountCreated) {
            await sendInvitation(tx, caller, person.userId, invitationSettingsOf(ctx.config), {
              siteName: (await findTenantSite(tx, caller, siteId)).name,
            });
            mailed = true;
          }
          return added;
        });
        ctx.print(
          invited.result.added
            ? `${invited.result.member.email} is now a client of the site.`
            : `${invited.result.member.email} was a client of the site already.`,
        );
        for (const line of nextSteps(
          ctx,
          { ...invited, email: options.email, mailed },
          `${ctx.config.publicUrl}/`,
          tenant,
        ))
          ctx.print(line);
      }),
    );

  client
    .command('list')
    .description("List a firm's clients, site by site")
    .argument('<tenant>', 'tenant code')
    .option(...SITE_OPTION)
    .action((tenant, options) =>
      withContext(io, async (ctx) => {
        const siteIds = options.site ? [await siteIdOf(ctx, tenant, options.site)] : undefined;
        const rows = await withExistingTenant(ctx.db, tenant, async (tx) => {
          const caller = { tenantCode: tenant };
          const sites = siteIds
            ? await Promise.all(siteIds.map((id) => findTenantSite(tx, caller, id)))
            : (
                await listStaffSites(tx, caller, {
                  limit: 100_000,
                  offset: 0,
                  includeArchived: false,
                  sortBy: 'name',
                  sortOrder: 'asc',
                })
              ).records;
          const out: (string | null)[][] = [];
          for (const site of sites) {
            for (const m of await listSiteMembers(tx, caller, site.id)) {
              out.push([site.name, m.email, m.name, day(m.addedAt)]);
            }
          }
          return out;
        });
        ctx.printTable(['SITE', 'EMAIL', 'NAME', 'SINCE'], rows);
      }),
    );

  return client;
}
