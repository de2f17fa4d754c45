#!/usr/bin/env node
import { Command, CommanderError } from '@commander-js/extra-typings';
import { APP_VERSION } from '@portico/contracts';
import { ConfigError } from '../config.ts';
import { AppError } from '../http/app-error.ts';
import { auditCommand } from './audit.ts';
import { clientCommand } from './client.ts';
import { CliError, type CliIo } from './context.ts';
import { discoveryCommand } from './discovery.ts';
import { memberCommand } from './member.ts';
import { publishCommand } from './publish.ts';
import { scanCommand } from './scan.ts';
import { siteCommand } from './site.ts';
import { staffCommand } from './staff.ts';
import { tenantCommand } from './tenant.ts';
import { userCommand } from './user.ts';
import { fileCommand, folderCommand, trashCommand } from './workspace.ts';

/**
 * The operators' command line: `npm run portico -- <command>`, or `portico <command>` once installed. It reads the
 * server's own settings (DATABASE_URL, DATA_DIR, OIDC_ISSUER…), opens the same database with the same migrations,
 * and changes it through the server's own modules, with the same row-level security and audit log.
 */
export function buildProgram(io: CliIo) {
  const program = new Command('portico')
    .description('Administer a Portico installation: firms, staff, clients, sites, files, discovery, audit')
    .version(APP_VERSION)
    .showHelpAfterError('(add --help for usage)')
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    })
    .addHelpText(
      'after',
      '\nSettings come from the same environment variables as the server (DATABASE_URL, DATA_DIR, OIDC_ISSUER, …).' +
        '\nWith PGlite (no DATABASE_URL), stop the server first: one process at a time may open its data folder.',
    );
  for (const command of [
    tenantCommand(io),
    staffCommand(io),
    clientCommand(io),
    siteCommand(io),
    memberCommand(io),
    publishCommand(io),
    scanCommand(io),
    discoveryCommand(io),
    auditCommand(io),
    userCommand(io),
    folderCommand(io),
    trashCommand(io),
    fileCommand(io),
  ]) {
    program.addCommand(command);
  }
  // Every command and subcommand exits through runCli rather than process.exit, and shares the output streams.
  const configure = (command: Command<unknown[], Record<string, unknown>>) => {
    command.exitOverride().configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    });
    for (const sub of command.commands) configure(sub as never);
  };
  configure(program as never);
  return program;
}

/** Runs one command line; answers the exit code. Failures are one line on stderr: `portico: …`. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    await buildProgram(io).parseAsync([...argv], { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    const known = error instanceof CliError || error instanceof AppError || error instanceof ConfigError;
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`portico: ${known ? message : `failed: ${message}`}\n`);
    return 1;
  }
}

if (import.meta.main) {
  const code = await runCli(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
  });
  process.exitCode = code;
}
