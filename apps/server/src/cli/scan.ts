import { Command } from '@commander-js/extra-typings';
import type { ClamdAddress } from '../config.ts';
import { describeClamd } from '../scanning/clamd-client.ts';
import { createScanner } from '../scanning/scan-worker.ts';
import { countWaitingScans, requestRescan } from '../scanning/scans.repository.ts';
import { type CliContext, CliError, type CliIo, withContext } from './context.ts';

/** Scans what is due now with clamd and says what it found; files clamd cannot take stay due for the server. */
export async function scanNow(ctx: CliContext, clamd: ClamdAddress) {
  const scanner = createScanner({
    db: ctx.db,
    blobs: ctx.blobs,
    clamd,
    unscannedPolicy: ctx.config.scanUnscanned,
  });
  let ran = 0;
  for (;;) {
    const more = await scanner.drain();
    ran += more;
    if (!more || scanner.stats.failures) break;
  }
  const { stats } = scanner;
  ctx.print(
    `Scanned ${stats.scans} file(s) with clamd at ${describeClamd(clamd)}: ${stats.hits} infected (quarantined)` +
      (stats.failures ? `, ${stats.failures} failed (the server retries them)` : '') +
      '.',
  );
  const waiting = await countWaitingScans(ctx.db);
  if (waiting) ctx.print(`${waiting} file(s) still wait for a scan.`);
  return ran;
}

/**
 * `portico scan --all`: after a signature update, every stored file that is not already quarantined is scanned
 * again; new hits are quarantined, their firm's staff mailed and the event audited, as for a new upload.
 */
async function scanAll(ctx: CliContext) {
  const clamd = ctx.config.clamdUrl;
  if (!clamd) throw new CliError('CLAMD_URL is not set: there is no scanner to scan with.');
  const due = await requestRescan(ctx.db);
  ctx.print(`${due} stored file(s) to rescan.`);
  await scanNow(ctx, clamd);
}

export function scanCommand(io: CliIo) {
  return new Command('scan')
    .description('Scan stored files for malware with clamd (CLAMD_URL) and quarantine what it finds')
    .requiredOption('--all', 'rescan every stored file (after a signature update)')
    .action(() => withContext(io, (ctx) => scanAll(ctx)));
}
