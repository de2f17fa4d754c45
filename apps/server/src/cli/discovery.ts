import { Command, Option } from '@commander-js/extra-typings';
import { CLIENT_TYPES, SERVICE_TYPES } from '@portico/contracts';
import { setServiceAddress, showDiscovery } from '../tenants/service-addresses.usecases.ts';
import { type CliIo, withContext } from './context.ts';

/** `portico discovery show|set`: where a firm's services live, as the front ends discover them. */
export function discoveryCommand(io: CliIo) {
  const discovery = new Command('discovery').description("Show or change a firm's service addresses");

  discovery
    .command('show')
    .description('Show the service addresses of a firm, as stored and as the front ends get them')
    .argument('<tenant>', 'tenant code')
    .action((tenant) =>
      withContext(io, async (ctx) => {
        const rows = await showDiscovery(ctx.db, tenant, ctx.config.publicUrl);
        ctx.printTable(
          ['SERVICE', 'CLIENT', 'ADDRESS', 'ANSWERED AS'],
          rows.map((r) => [r.serviceType, r.clientType, r.address, r.resolved ?? '(invalid: left out)']),
        );
      }),
    );

  discovery
    .command('set')
    .description("Place one of a firm's services at an address: a path on this server, or another host's URL")
    .argument('<tenant>', 'tenant code')
    .addOption(new Option('--service <type>', 'the service').choices(SERVICE_TYPES).makeOptionMandatory())
    .addOption(new Option('--client <type>', 'only for this front end (default: both)').choices(CLIENT_TYPES))
    .requiredOption(
      '--address <path or URL>',
      'e.g. /t/acme/portal/ or https://files.example.com/t/acme/portal/',
    )
    .action((tenant, options) =>
      withContext(io, async (ctx) => {
        await setServiceAddress(ctx.db, ctx.operator, tenant, {
          serviceType: options.service,
          clientTypes: options.client ? [options.client] : CLIENT_TYPES,
          address: options.address,
        });
        ctx.print(`The ${options.service} service of "${tenant}" is now at ${options.address}.`);
      }),
    );

  return discovery;
}
