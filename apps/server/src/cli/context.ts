import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { Caller } from '../auth/caller.ts';
import { type Config, parseConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/open-database.ts';
import { isPgliteProcess } from '../db/pglite-process/pglite-pid.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { createFsBlobStore } from '../storage/fs-blob-store.ts';
import { findStaffCaller, type Operator } from '../tenants/tenants.usecases.ts';
import { table } from './output.ts';

/** Where the command line reads and writes: the process's own streams, or a test's. */
export interface CliIo {
  stdout: Writable & { isTTY?: boolean; columns?: number };
  stderr: Writable;
  stdin: Readable;
  env: Record<string, string | undefined>;
  /** A database already open (and migrated) to use and leave open, instead of opening DATABASE_URL or PGlite. */
  database?: Database;
}

/** A failure the command line reports as one line and exit code 1. */
export class CliError extends Error {}

export interface CliContext {
  config: Config;
  db: Database;
  blobs: BlobStore;
  io: CliIo;
  operator: Operator;
  /** A staff member of the tenant, named by e-mail (`--as`), as the caller the server's use cases take. */
  actingAs(tenantCode: string, email: string): Promise<Caller>;
  print(line?: string): void;
  /** Rows under their headers, in padded columns (`output.ts`). */
  printTable(headers: readonly string[], rows: readonly (readonly (string | number | null)[])[]): void;
}

/** What every command that writes in the audit log says it came through. */
const OPERATOR: Operator = { via: 'cli' };

/**
 * Runs one command with the server's own settings, database and blob store (the same environment variables, the
 * same migrations, applied first if the database is behind), and closes them after, whatever happens.
 */
export async function withContext<T>(io: CliIo, fn: (ctx: CliContext) => Promise<T>): Promise<T> {
  const config = parseConfig(io.env);
  if (!config.databaseUrl && !io.database) await refuseBusyPglite(config.dataDir);
  const db = io.database ?? (await openDatabase(config));
  try {
    const blobs = createFsBlobStore(path.join(config.dataDir, 'blobs'), {
      abandonedWriteAgeMs: config.tempFileMaxAgeSeconds * 1000,
    });
    return await fn({
      config,
      db,
      blobs,
      io,
      operator: OPERATOR,
      actingAs: (tenantCode, email) => findStaffCaller(db, tenantCode, email),
      print: (line = '') => io.stdout.write(`${line}\n`),
      printTable: (headers, rows) => {
        for (const line of table(headers, rows)) io.stdout.write(`${line}\n`);
      },
    });
  } finally {
    if (!io.database) await db.close();
  }
}

/**
 * PGlite allows one process on its data folder, and a running server is one: say so at once rather than wait for
 * it (`pglite.pid` names the PGlite process of a running server).
 */
async function refuseBusyPglite(dataDir: string) {
  const pid = Number(await readFile(path.join(dataDir, 'pglite.pid'), 'utf8').catch(() => ''));
  if (!pid || pid === process.pid || !(await isPgliteProcess(pid))) return;
  throw new CliError(
    `the PGlite database in ${dataDir} is in use (process ${pid}): stop the server first, or use DATABASE_URL`,
  );
}
