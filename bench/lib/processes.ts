import { type ChildProcess, fork } from 'node:child_process';
import { openSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';

/** A free port on 127.0.0.1, asked of the kernel; the child binds it right after. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface Child {
  process: ChildProcess;
  pid: number;
  logFile: string;
  /** Sends a message and waits for the answer carrying the same id. */
  request<T>(message: Record<string, unknown>): Promise<T>;
  /** Asks the child to stop, then kills it (only it, by its pid) if it has not exited within 15 s. */
  stop(): Promise<void>;
}

let nextId = 1;

/**
 * Extra Node options for both server processes (Portico and the baseline), from BENCH_SERVER_ARGS, e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/profiles` or `--trace-gc` (its output lands in the server logs). For
 * looking into a result, never for the numbers themselves: profiling slows a server down.
 */
export const serverNodeArgs = () => (process.env.BENCH_SERVER_ARGS ?? '').split(/\s+/).filter(Boolean);

/**
 * Forks a .ts module with this Node (24, which runs TypeScript as is) and an IPC channel, logs to a file, and
 * resolves once the child says `{ type: 'ready', ... }`.
 */
export async function startChild(
  module: string,
  options: { env: Record<string, string>; logFile: string; timeoutMs?: number; execArgv?: string[] },
): Promise<{ child: Child; ready: Record<string, unknown> }> {
  const log = openSync(options.logFile, 'a');
  const proc = fork(module, [], {
    env: { ...process.env, ...options.env },
    execPath: process.execPath,
    execArgv: options.execArgv ?? [],
    stdio: ['ignore', log, log, 'ipc'],
    serialization: 'advanced',
  });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    proc.once('exit', () => {
      exited = true;
      for (const p of pending.values()) p.reject(new Error(`${module} exited`));
      resolve();
    }),
  );
  const ready = await new Promise<Record<string, unknown>>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${module} not ready after ${options.timeoutMs ?? 120_000} ms`)),
      options.timeoutMs ?? 120_000,
    );
    proc.on('message', (message: { type: string; id?: number; error?: string; rows?: unknown }) => {
      if (message.type === 'ready') {
        clearTimeout(timer);
        resolve(message as Record<string, unknown>);
      } else if (message.id !== undefined) {
        const p = pending.get(message.id);
        pending.delete(message.id);
        if (message.error) p?.reject(new Error(message.error));
        else p?.resolve(message);
      }
    });
    proc.once('exit', async (code) => {
      clearTimeout(timer);
      const tail = (await readFile(options.logFile, 'utf8').catch(() => '')).slice(-2000);
      reject(new Error(`${module} exited with ${code} before it was ready:\n${tail}`));
    });
  }).catch(async (error) => {
    if (!exited) proc.kill('SIGKILL');
    throw error;
  });
  const child: Child = {
    process: proc,
    pid: proc.pid!,
    logFile: options.logFile,
    request<T>(message: Record<string, unknown>) {
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
        proc.send({ ...message, id });
      });
    },
    async stop() {
      if (exited) return;
      proc.send({ type: 'stop' });
      const timer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
      await exit;
      clearTimeout(timer);
    },
  };
  return { child, ready };
}
