import { Command } from '@commander-js/extra-typings';
import { createTenant, disableTenant, listAllTenants, renameTenant } from '../tenants/tenants.usecases.ts';
import { CliError, type CliIo, withContext } from './context.ts';
import { day } from './output.ts';
import { plainText } from './plain-text.ts';

const HEX = /^[0-9A-Fa-f]{6}$/;

/** `portico tenant create|list|rename|disable`: the firms themselves. */
export function tenantCommand(io: CliIo) {
  const tenant = new Command('tenant').description('Create, list, rename and disable firms (tenants)');

  tenant
    .command('create')
    .description('Create a firm with its discovery addresses, menus and default settings')
    .argument('<code>', 'tenant code: lower-case letters, digits and dashes, e.g. "acme"')
    .requiredOption('--name <display name>', 'the name people see, e.g. "Acme Accounting"')
    .option('--colors <primary,secondary,tertiary>', 'three hex colours without #, e.g. 1F4E79,F2A900,E8F1F8')
    .action((code, options) =>
      withContext(io, async (ctx) => {
        const colors = options.colors?.split(',');
        if (colors && (colors.length !== 3 || !colors.every((c) => HEX.test(c)))) {
          throw new CliError('--colors expects three hex colours such as 1F4E79,F2A900,E8F1F8');
        }
        const created = await createTenant(ctx.db, ctx.operator, {
          code,
          displayName: plainText(options.name, '--name'),
          ...(colors ? { colors: { primary: colors[0]!, secondary: colors[1]!, tertiary: colors[2]! } } : {}),
        });
        ctx.print(`Created tenant "${created.code}" (${created.displayName}).`);
        ctx.print(`Next: portico staff invite ${created.code} --email <address> --name <name>`);
      }),
    );

  tenant
    .command('list')
    .description('List every firm, disabled ones included')
    .action(() =>
      withContext(io, async (ctx) => {
        const rows = await listAllTenants(ctx.db);
        ctx.printTable(
          ['CODE', 'NAME', 'STATE', 'STAFF', 'SITES', 'CREATED'],
          rows.map((t) => [
            t.code,
            t.displayName,
            t.disabled ? 'disabled' : 'active',
            t.staffCount,
            t.siteCount,
            day(t.createdAt),
          ]),
        );
      }),
    );

  tenant
    .command('rename')
    .description("Change a firm's display name")
    .argument('<code>', 'tenant code')
    .requiredOption('--name <display name>', 'the new name')
    .action((code, options) =>
      withContext(io, async (ctx) => {
        await renameTenant(ctx.db, ctx.operator, code, plainText(options.name, '--name'));
        ctx.print(`Tenant "${code}" is now called ${options.name.trim()}.`);
      }),
    );

  tenant
    .command('disable')
    .description('Take a firm out of service: nobody reaches it any more; its data stays')
    .argument('<code>', 'tenant code')
    .action((code) =>
      withContext(io, async (ctx) => {
        await disableTenant(ctx.db, ctx.operator, code);
        ctx.print(`Tenant "${code}" is disabled: its people are refused within 5 seconds on every server.`);
      }),
    );

  return tenant;
}
