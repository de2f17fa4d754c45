import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/server/src/testing/test-server.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

const MAIN = new URL('../../apps/server/src/main.ts', import.meta.url).pathname;

/**
 * The server as `npm start` runs it, in a process of its own, so a spec can kill it (SIGKILL: no clean-up of
 * any kind) and start it again on the same port and data folder, as an operator's restart would.
 */
export interface ServerProcess {
  /** Where browsers reach it (PUBLIC_URL): through the TCP proxy, whose `block()` cuts the network. */
  url: string;
  network: TcpProxy;
  /** The server itself, around the proxy: for a spec's own requests while the network is cut. */
  directUrl: string;
  /** `kill -9`, then waits until the process is gone. */
  kill(): Promise<void>;
  /** Starts it again with the same port, data folder and settings; resolves once it answers /healthz. */
  restart(): Promise<void>;
  /** Stops it and removes its data folder. */
  close(): Promise<void>;
}

export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portico-e2e-process-'));
  const port = await freePort();
  const network = await startTcpProxy(port);
  const url = `http://127.0.0.1:${network.port}`;
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(process.execPath, [MAIN], {
      env: {
        // The default database (PGlite in DATA_DIR), whatever the specs themselves run on.
        ...withoutDatabaseUrl(process.env),
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        LOGIN_RATE_LIMIT: '1000',
        // The specs sign in as the demo's people; `npm start` asks for them the same way (SEED_DEMO=auto).
        SEED_DEMO: 'true',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} while starting`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      if (Date.now() > deadline) throw new Error('the server did not start within 90 s');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  const stop = async (signal: NodeJS.Signals) => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill(signal);
    await exited;
  };
  await start();
  return {
    url,
    network,
    directUrl: `http://127.0.0.1:${port}`,
    kill: () => stop('SIGKILL'),
    restart: start,
    async close() {
      await stop('SIGTERM');
      await network.close();
      // The database process ends after its server; its folder goes once it has.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...rest } = env;
  return rest;
}
