import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isPgliteProcess } from '../db/pglite-process/pglite-pid.ts';

const MAIN = new URL('../main.ts', import.meta.url).pathname;

export interface ServerProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves once the start banner is printed; rejects if the process ends first or after `timeoutMs`. */
  running(timeoutMs?: number): Promise<void>;
  /** SIGKILL, as the OOM killer or `kill -9` would; resolves once it is gone, its PGlite process included. */
  kill(): Promise<void>;
}

/**
 * `node apps/server/src/main.ts` as `npm start` runs it, in a process of its own, with only the given settings
 * (DATA_DIR, PORT… included). For what only a real process shows: a crash, two replicas on one database.
 */
export function spawnServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      // Node's compiled code kept between starts, when the test run keeps it (vitest.config.ts).
      ...(process.env.NODE_COMPILE_CACHE ? { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = once(child, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    async running(timeoutMs = 90_000) {
      const deadline = Date.now() + timeoutMs;
      while (!stdout.includes('is running')) {
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`the server exited: ${stderr}`);
        if (Date.now() > deadline)
          throw new Error(`the server did not start within ${timeoutMs} ms: ${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
      // With PGlite the server's database runs in a child process of its own, which ends once it sees its server
      // gone: "gone" includes it, so the next process on DATA_DIR (a restart, the CLI) finds the folder free.
      if (env.DATA_DIR && !env.DATABASE_URL) await pgliteProcessGone(path.join(env.DATA_DIR, 'pglite.pid'));
    },
  };
}

/** The settings of a test's server process on `port` with `dataDir`, on `databaseUrl` when it is not PGlite. */
export function serverProcessEnv(options: {
  port: number;
  dataDir: string;
  databaseUrl?: string | undefined;
}): Record<string, string> {
  return {
    PORT: String(options.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${options.port}`,
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '1000',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  };
}

/** Waits (up to 10 s) until the PGlite process named in `pidFile` has ended, or answers at once if none runs. */
async function pgliteProcessGone(pidFile: string) {
  const pid = Number(await readFile(pidFile, 'utf8').catch(() => ''));
  const deadline = Date.now() + 10_000;
  while (pid && (await isPgliteProcess(pid))) {
    if (Date.now() > deadline) throw new Error(`the PGlite process ${pid} of a killed server did not end`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
