import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { runCli } from '../cli/main.ts';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/open-database.ts';
import { createThrowawayDatabase } from './test-database.ts';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * An empty installation for the operators' command line (no firm in it): a new data folder holding, on PGlite, a
 * copy of the run's migrated template, and on PostgreSQL a new database created on the DATABASE_URL server, which
 * the first command migrates (dropped by `close`). `run` runs one command line in this process against
 * it, with `stdin` as its standard input, and answers its exit code and output.
 */
export async function createCliInstallation(extraEnv: Record<string, string> = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portico-cli-'));
  const throwaway = await createThrowawayDatabase(dataDir);
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    ...(throwaway.url ? { DATABASE_URL: throwaway.url } : {}),
    ...extraEnv,
  };
  // Opening PGlite costs seconds: the commands share one open database, as a long-running process would, unless
  // a test asks for the whole path (`ownDatabase`) or releases it for a server on the same data.
  let shared: Promise<Database> | undefined;
  const release = async () => {
    const db = await shared;
    shared = undefined;
    await db?.close();
  };
  const database = () => (shared ??= openDatabase({ dataDir, databaseUrl: throwaway.url }));
  return {
    dataDir,
    env,
    /** Closes the shared database, e.g. before a server opens the same PGlite folder. */
    release,
    /**
     * The database the commands share, for a test to read what they wrote: opening another handle would first
     * have to release this one (PGlite: one opener at a time), and each opening costs seconds.
     */
    database,
    async run(
      argv: readonly string[],
      stdin = '',
      options: { ownDatabase?: boolean; env?: Record<string, string> } = {},
    ): Promise<CliRun> {
      const opened = options.ownDatabase ? undefined : await database();
      let stdout = '';
      let stderr = '';
      const out = new PassThrough().setEncoding('utf8');
      out.on('data', (chunk: string) => {
        stdout += chunk;
      });
      const err = new PassThrough().setEncoding('utf8');
      err.on('data', (chunk: string) => {
        stderr += chunk;
      });
      const io = {
        stdout: out,
        stderr: err,
        stdin: Readable.from([stdin]),
        env: { ...env, ...options.env },
        ...(opened ? { database: opened } : {}),
      };
      const code = await runCli(argv, io);
      return { code, stdout, stderr };
    },
    async close() {
      await release();
      await throwaway.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
