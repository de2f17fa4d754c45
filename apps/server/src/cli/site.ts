import { Command } from '@commander-js/extra-typings';
import { findSiteIdByRef, listStaffSites } from '../sites/sites.staff.repository.ts';
import { changeSite, createSite } from '../sites/sites.staff.usecases.ts';
import { withExistingTenant } from '../tenants/tenants.usecases.ts';
import { type CliContext, type CliIo, withContext } from './context.ts';
import { day } from './output.ts';
import { plainText } from './plain-text.ts';

/** The id of the site `--site` names (its id, reference or exact name). */
export const siteIdOf = (ctx: CliContext, tenantCode: string, ref: string) =>
  withExistingTenant(ctx.db, tenantCode, (tx) => findSiteIdByRef(tx, { tenantCode }, ref));

export const AS_OPTION = [
  '--as <staff e-mail>',
  'act as this staff member of the firm: the audit log and the files name them',
] as const;
export const SITE_OPTION = ['--site <site>', 'the site, by its id, reference or exact name'] as const;

/** `portico site create|list|archive`: a firm's sites, each one client's (or one matter's) file area. */
export function siteCommand(io: CliIo) {
  const site = new Command('site').description("Create, list and archive a firm's sites");

  site
    .command('create')
    .description('Create a site')
    .argument('<tenant>', 'tenant code')
    .requiredOption('--name <name>', "the site's name, e.g. the client's")
    .option('--reference <reference>', "the firm's own reference for it, e.g. ACME-1001")
    .requiredOption(...AS_OPTION)
    .action((tenant, options) =>
      withContext(io, async (ctx) => {
        const name = plainText(options.name, '--name');
        const reference =
          options.reference === undefined ? undefined : plainText(options.reference, '--reference', 100);
        const caller = await ctx.actingAs(tenant, options.as);
        const created = await createSite(ctx.db, caller, { name, reference });
        ctx.print(`Created site "${created.name}" (${created.id}).`);
      }),
    );

  site
    .command('list')
    .description("List a firm's sites")
    .argument('<tenant>', 'tenant code')
    .option('--archived', 'include archived sites')
    .action((tenant, options) =>
      withContext(io, async (ctx) => {
        const sites = await withExistingTenant(ctx.db, tenant, (tx) =>
          listStaffSites(
            tx,
            { tenantCode: tenant },
            {
              limit: 100_000,
              offset: 0,
              includeArchived: options.archived ?? false,
              sortBy: 'name',
              sortOrder: 'asc',
            },
          ),
        );
        ctx.printTable(
          ['ID', 'NAME', 'REFERENCE', 'MEMBERS', 'PUBLISHED', 'SUBMITTED', 'STATE', 'CREATED'],
          sites.records.map((s) => [
            s.id,
            s.name,
            s.reference,
            s.memberCount,
            s.publishedFileCount,
            s.submittedFileCount,
            s.archived ? 'archived' : 'active',
            day(s.createdAt),
          ]),
        );
      }),
    );

  site
    .command('archive')
    .description('Archive a site: its clients no longer see it; its files stay')
    .argument('<tenant>', 'tenant code')
    .requiredOption(...SITE_OPTION)
    .requiredOption(...AS_OPTION)
    .action((tenant, options) =>
      withContext(io, async (ctx) => {
        const caller = await ctx.actingAs(tenant, options.as);
        const siteId = await siteIdOf(ctx, tenant, options.site);
        const archived = await changeSite(ctx.db, caller, siteId, { archived: true });
        ctx.print(`Archived site "${archived.name}".`);
      }),
    );

  return site;
}
