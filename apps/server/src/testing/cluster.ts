import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVER_NODE_FLAGS } from '../node-flags.ts';
import { startTestS3Server, type TestS3Server } from './s3-server.ts';
import { freePort } from './test-server.ts';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
/** Whether this machine can run a cluster: Debian's nginx (CI installs `nginx-light`). */
export const nginxAvailable = () => existsSync(NGINX);

const MAIN = new URL('../main.ts', import.meta.url).pathname;

export interface ClusterOptions {
  /** The one PostgreSQL database every process uses (DATABASE_URL). */
  databaseUrl: string;
  /** Server processes behind the balancer (3). */
  processes?: number;
  /** The balancer's port (0: a free one). */
  port?: number;
  /** Settings for every server process, over the cluster's own. */
  env?: Record<string, string>;
  /** Where logs, data folders, s3rver's files and nginx's configuration go; a temporary folder by default. */
  workDir?: string;
  /** Server output goes to files in `workDir` unless this is set (`inherit` for the command line). */
  stdio?: 'files' | 'inherit';
}

export interface ClusterProcess {
  index: number;
  port: number;
  /** The process itself, bypassing the balancer. */
  url: string;
  child: ChildProcess;
  exited: Promise<void>;
}

export interface Cluster {
  /** The balancer: PUBLIC_URL of every process. */
  url: string;
  processes: ClusterProcess[];
  s3: TestS3Server;
  workDir: string;
  /** The settings every process got (without the per-process PORT and DATA_DIR). */
  env: Record<string, string>;
  /** nginx's master process (its one worker is a child of it). */
  nginxPid: number;
  /** Kills one server process (SIGKILL by default: no clean-up, as a crash) and waits for it to be gone. */
  kill(index: number, signal?: NodeJS.Signals): Promise<void>;
  /** Starts a killed process again on its port. */
  restart(index: number): Promise<void>;
  /** Stops nginx, the server processes and s3rver, and removes the work folder if it made it. */
  close(): Promise<void>;
}

/**
 * One machine's cluster: s3rver (in this process), `processes` identical server processes on distinct ports
 * with the same DATABASE_URL, S3 settings and PUBLIC_URL (the balancer's), each with a data folder of its own
 * (nothing on disk is shared: blobs go to S3, keys and sessions to PostgreSQL), and Debian's nginx in front as a
 * round-robin balancer with request and response buffering off (uploads and downloads stream through). The
 * first process starts alone (it migrates and seeds the demo), the others after it. `npm run cluster` and the
 * cluster tests use it.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!nginxAvailable()) throw new Error(`the cluster needs nginx at ${NGINX} (apt-get install nginx-light)`);
  const count = options.processes ?? 3;
  const madeWorkDir = !options.workDir;
  const workDir = options.workDir ?? (await mkdtemp(path.join(tmpdir(), 'portico-cluster-')));
  await mkdir(workDir, { recursive: true });
  const s3 = await startTestS3Server({ directory: path.join(workDir, 's3') });
  const balancerPort = options.port || (await freePort());
  const url = `http://127.0.0.1:${balancerPort}`;
  const env: Record<string, string> = {
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATABASE_URL: options.databaseUrl,
    ...s3.env,
    // nginx on this machine is the one proxy; it sets X-Forwarded-For/-Proto.
    TRUST_PROXY: '127.0.0.1',
    // A process reached at its own address serves the portal's pages' calls too (a tenant moved by discovery).
    CORS_ORIGINS: url,
    LOG_LEVEL: 'warn',
    // The demo firms and people the tests and a person trying the cluster sign in as (a server started with
    // DATABASE_URL seeds only when asked; the demo seed runs once, whichever process gets there first).
    SEED_DEMO: 'true',
    ...options.env,
  };
  const processes: ClusterProcess[] = [];
  const start = async (index: number, port: number) => {
    const dataDir = path.join(workDir, `process-${index}`);
    await mkdir(dataDir, { recursive: true });
    const logFile = path.join(workDir, `process-${index}.log`);
    const { openSync } = await import('node:fs');
    const out = options.stdio === 'inherit' ? 'inherit' : openSync(logFile, 'a');
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, MAIN], {
      env: { ...process.env, ...env, PORT: String(port), DATA_DIR: dataDir },
      stdio: ['ignore', out, out],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const entry: ClusterProcess = { index, port, url: `http://127.0.0.1:${port}`, child, exited };
    processes[index] = entry;
    await waitHealthy(entry, logFile);
  };
  let nginx: ChildProcess | undefined;
  try {
    const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
    await start(0, ports[0]!);
    await Promise.all(ports.slice(1).map((port, i) => start(i + 1, port)));
    const maxUpload = Number(env.MAX_UPLOAD_BYTES ?? 2 * 1024 ** 3);
    nginx = await startNginx(workDir, balancerPort, ports, maxUpload, options.stdio ?? 'files');
  } catch (error) {
    await stopAll(processes, nginx, s3);
    throw error;
  }
  return {
    url,
    processes,
    s3,
    workDir,
    env,
    nginxPid: nginx.pid ?? 0,
    async kill(index, signal = 'SIGKILL') {
      const entry = processes[index];
      if (!entry) throw new Error(`no process ${index}`);
      entry.child.kill(signal);
      await entry.exited;
    },
    async restart(index) {
      const entry = processes[index];
      if (!entry) throw new Error(`no process ${index}`);
      await start(index, entry.port);
    },
    async close() {
      await stopAll(processes, nginx, s3);
      if (madeWorkDir) await rm(workDir, { recursive: true, force: true });
    },
  };
}

async function waitHealthy(entry: ClusterProcess, logFile: string) {
  let exited = false;
  void entry.exited.then(() => {
    exited = true;
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`server process ${entry.index} exited while starting (see ${logFile})`);
    try {
      const answer = await fetch(`${entry.url}/healthz`);
      if (answer.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`server process ${entry.index} did not become healthy within 90 s (see ${logFile})`);
}

/** The balancer's configuration: round robin, streaming both ways, a dead process skipped for GETs. */
export function nginxConfig(prefix: string, port: number, upstreamPorts: number[], maxUploadBytes: number) {
  const temp = (name: string) => `${name}_temp_path ${path.join(prefix, name)};`;
  return `daemon off;
worker_processes 1;
pid ${path.join(prefix, 'nginx.pid')};
error_log stderr warn;
events { worker_connections 1024; }
http {
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  upstream portico {
    ${upstreamPorts.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n    ')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    # The multipart envelope around the largest file: the server refuses a larger file itself, with JSON.
    client_max_body_size ${maxUploadBytes + 1024 * 1024};
    proxy_request_buffering off;
    proxy_buffering off;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_read_timeout 3600s;
    proxy_send_timeout 3600s;
    # A process that refuses connections is skipped; a request already sent is never sent twice (POSTs are not
    # retried by nginx anyway), so a killed process's uploads fail rather than run again elsewhere.
    proxy_next_upstream error timeout;
    # Which process answered (its address), for trying the cluster and for the cluster tests.
    add_header X-Upstream $upstream_addr always;
    location / {
      proxy_pass http://portico;
    }
  }
}
`;
}

async function startNginx(
  workDir: string,
  port: number,
  upstreamPorts: number[],
  maxUploadBytes: number,
  stdio: 'files' | 'inherit',
): Promise<ChildProcess> {
  const prefix = path.join(workDir, 'nginx');
  await mkdir(prefix, { recursive: true });
  const conf = path.join(prefix, 'nginx.conf');
  await writeFile(conf, nginxConfig(prefix, port, upstreamPorts, maxUploadBytes));
  const child = spawn(NGINX, ['-c', conf, '-p', prefix, '-e', 'stderr'], {
    stdio: ['ignore', stdio === 'inherit' ? 'inherit' : 'ignore', stdio === 'inherit' ? 'inherit' : 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${errors.trim()}`);
    try {
      await fetch(`http://127.0.0.1:${port}/healthz`);
      return child;
    } catch {
      await sleep(100);
    }
  }
  child.kill('SIGKILL');
  throw new Error(`nginx did not answer on port ${port}: ${errors.trim()}`);
}

async function stopAll(processes: ClusterProcess[], nginx: ChildProcess | undefined, s3: TestS3Server) {
  if (nginx && nginx.exitCode === null) {
    const gone = new Promise((resolve) => nginx.once('exit', resolve));
    nginx.kill('SIGQUIT');
    await Promise.race([gone, sleep(5000)]);
    if (nginx.exitCode === null) nginx.kill('SIGKILL');
  }
  await Promise.all(
    processes.map(async (entry) => {
      if (!entry || entry.child.exitCode !== null || entry.child.signalCode !== null) return;
      entry.child.kill('SIGTERM');
      await Promise.race([entry.exited, sleep(20_000)]);
      if (entry.child.exitCode === null && entry.child.signalCode === null) entry.child.kill('SIGKILL');
    }),
  );
  await s3.close().catch(() => {});
}
