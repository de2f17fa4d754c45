import { createWriteStream } from 'node:fs';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Command } from '@commander-js/extra-typings';
import { auditEventBatches, auditFilterSql } from '../audit/audit.repository.ts';
import { auditCsvRow, csvHeader } from '../audit/audit-csv.ts';
import { withExistingTenant } from '../tenants/tenants.usecases.ts';
import { CliError, type CliIo, withContext } from './context.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `portico audit export`: a firm's audit log as CSV, the same columns as the control panel's export. */
export function auditCommand(io: CliIo) {
  const audit = new Command('audit').description("Export a firm's audit log");
  audit
    .command('export')
    .description('Write the audit log of a date range as CSV (newest first), to a file or standard output')
    .argument('<tenant>', 'tenant code')
    .requiredOption('--from <YYYY-MM-DD>', 'first day, UTC, inclusive')
    .requiredOption('--to <YYYY-MM-DD>', 'last day, UTC, inclusive')
    .option('--output <file>', 'write to this file instead of standard output')
    .action((tenant, options) =>
      withContext(io, async (ctx) => {
        for (const [name, value] of [
          ['--from', options.from],
          ['--to', options.to],
        ] as const) {
          if (!DAY.test(value) || Number.isNaN(Date.parse(value))) {
            throw new CliError(`${name} expects a date as YYYY-MM-DD, not "${value}"`);
          }
        }
        const filter = { from: options.from, to: options.to };
        const caller = { tenantCode: tenant };
        await withExistingTenant(ctx.db, tenant, async () => auditFilterSql(caller, filter));
        const batches = auditEventBatches((fn) => ctx.db.withTenant(tenant, fn), caller, filter);
        const csv = Readable.from(
          (async function* () {
            yield csvHeader();
            for await (const batch of batches) yield batch.map(auditCsvRow).join('');
          })(),
        );
        const target: Writable = options.output ? createWriteStream(options.output) : ctx.io.stdout;
        await pipeline(csv, target, { end: Boolean(options.output) });
      }),
    );
  return audit;
}
