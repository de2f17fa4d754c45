import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import autocannon from 'autocannon';
import pg from 'pg';
import { type Cluster, startCluster } from '../apps/server/src/testing/cluster.ts';
import { signIn } from '../apps/server/src/testing/sign-in.ts';
import { readCpuMs } from './lib/rss.ts';

/**
 * `node bench/cluster.ts`: the rows of issue "beyond one machine". (1) The Published Files list (100,000 files,
 * first page) through nginx with 3 server processes vs 1 (50 connections, BENCH_SECONDS), with the servers' and
 * nginx's CPU per request; (2) a 1 GiB upload and its download on one process with the S3 store (s3rver, in this
 * process) vs the file store. Needs PostgreSQL (BENCH_DATABASE_URL, default the local test server) and nginx.
 * Writes bench/results/<date>-cluster.md. One run of each: on this shared 2-core machine, compare neighbours.
 */
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
/** BENCH_SCALE below 1 shrinks the rows and the file for a quick check; its results are printed, not written. */
const scale = Number(process.env.BENCH_SCALE ?? 1);
const ROWS = Math.round(100_000 * scale);
const GIB = Math.round(1024 ** 3 * scale);
const log = (line: string) => process.stderr.write(`bench cluster: ${line}\n`);

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function withCluster<T>(
  processes: number,
  env: Record<string, string>,
  fn: (c: Cluster, db: pg.Pool) => Promise<T>,
) {
  const name = `bench_cluster_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = new pg.Pool({ connectionString: url.href, max: 2 });
  // The database is dropped WITH (FORCE) at the end, which may end a connection still closing.
  db.on('error', () => {});
  let cluster: Cluster | undefined;
  try {
    cluster = await startCluster({ databaseUrl: url.href, processes, env: { LOG_LEVEL: 'warn', ...env } });
    return await fn(cluster, db);
  } finally {
    await cluster?.close();
    await db.end();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

const childrenOf = async (pid: number) =>
  (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => ''))
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);

async function cpuOf(pids: number[]) {
  let total = 0;
  for (const pid of pids) total += await readCpuMs(pid).catch(() => 0);
  return total;
}

const siteOf = async (db: pg.Pool) =>
  (await db.query<{ id: string }>("SELECT id FROM sites WHERE reference = 'ACME-1001'")).rows[0]!.id;

async function listRun(processes: number) {
  return withCluster(processes, {}, async (cluster, db) => {
    const site = await siteOf(db);
    await db.query(
      `INSERT INTO files (tenant_code, site_id, direction, title, file_name, content_type, size, sha256, blob_key,
                          status, created_by, created_at)
       SELECT 'acme', $1, 'published', 'Bench document ' || g, 'bench-document-' || g || '.pdf', 'application/pdf',
              10000 + g, md5(g::text) || md5((g + 1)::text), 'bench/list-' || g, 'published',
              (SELECT user_id FROM idp_accounts WHERE username = 'carol'), now() - g * interval '1 minute'
       FROM generate_series(1, $2::int) AS g`,
      [site, ROWS],
    );
    await db.query('ANALYZE files');
    const token = (await signIn(cluster.url, 'bob', 'portico')).accessToken;
    const options = {
      url: `${cluster.url}/t/acme/file-management/api/files/published-files?siteId=${site}`,
      connections: 50,
      headers: { authorization: `Bearer ${token}` },
    };
    await autocannon({ ...options, duration: 2 });
    const servers = cluster.processes.map((p) => p.child.pid ?? 0);
    const nginx = [cluster.nginxPid, ...(await childrenOf(cluster.nginxPid))];
    const [server0, nginx0] = [await cpuOf(servers), await cpuOf(nginx)];
    const result = await autocannon({ ...options, duration: seconds });
    const [server1, nginx1] = [await cpuOf(servers), await cpuOf(nginx)];
    const requests = result['2xx'] + result.non2xx;
    return {
      processes,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
      serverCpuMsPerRequest: (server1 - server0) / Math.max(1, requests),
      nginxCpuMsPerRequest: (nginx1 - nginx0) / Math.max(1, requests),
      wallSeconds: result.duration,
    };
  });
}

async function transferRun(store: 'fs' | 's3') {
  return withCluster(1, { BLOB_STORE: store, MAX_UPLOAD_BYTES: String(2 * GIB) }, async (cluster, db) => {
    const site = await siteOf(db);
    const token = (await signIn(cluster.url, 'bob', 'portico')).accessToken;
    const server = cluster.processes[0]!;
    const pid = server.child.pid ?? 0;
    const pool = randomBytes(16 * 1024 * 1024);
    const boundary = 'bench-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="siteId"\r\n\r\n${site}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const cpu0 = await readCpuMs(pid);
    const started = performance.now();
    const answer = await new Promise<string>((resolve, reject) => {
      const request = http.request(`${server.url}/t/acme/file-storage/api/files`, {
        method: 'POST',
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + GIB + tail.length),
        },
      });
      request.on('response', (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (c: string) => {
          body += c;
        });
        response.on('end', () => (response.statusCode === 201 ? resolve(body) : reject(new Error(body))));
      });
      request.on('error', reject);
      void (async () => {
        request.write(head);
        for (let sent = 0; sent < GIB; sent += pool.length) {
          const chunk = pool.subarray(0, Math.min(pool.length, GIB - sent));
          if (!request.write(chunk)) await new Promise((r) => request.once('drain', r));
        }
        request.end(tail);
      })();
    });
    const uploadSeconds = (performance.now() - started) / 1000;
    const uploadCpu = (await readCpuMs(pid)) - cpu0;
    const reference = (JSON.parse(answer) as { files: { referenceNumber: string }[] }).files[0]!
      .referenceNumber;
    const saved = await fetch(`${server.url}/t/acme/portal/api/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ siteId: site, files: [{ referenceNumber: reference }] }),
    });
    const id = ((await saved.json()) as { records: { id: string }[] }).records[0]!.id;
    const cpu1 = await readCpuMs(pid);
    const downloadStarted = performance.now();
    const bytes = await new Promise<number>((resolve, reject) => {
      http
        .get(
          `${server.url}/t/acme/portal/api/files/submitted/${id}`,
          { agent: false, headers: { authorization: `Bearer ${token}` } },
          (response) => {
            let n = 0;
            response.on('data', (c: Buffer) => {
              n += c.length;
            });
            response.on('end', () => resolve(n));
            response.on('error', reject);
          },
        )
        .on('error', reject);
    });
    const downloadSeconds = (performance.now() - downloadStarted) / 1000;
    const downloadCpu = (await readCpuMs(pid)) - cpu1;
    if (bytes !== GIB) throw new Error(`downloaded ${bytes} bytes`);
    return { store, uploadSeconds, uploadCpu, downloadSeconds, downloadCpu };
  });
}

const gbps = (seconds: number) => (GIB / 1e9 / seconds).toFixed(2);
const loadavg = async () => (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');

const startedAt = new Date();
const load0 = await loadavg();
log('list through nginx, 1 process');
const one = await listRun(1);
log('list through nginx, 3 processes');
const three = await listRun(3);
log('upload and download, file store');
const fs = await transferRun('fs');
log('upload and download, S3 store (s3rver)');
const s3 = await transferRun('s3');
const load1 = await loadavg();

const lines = [
  `# Cluster benchmarks, ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  '',
  `\`node bench/cluster.ts\` (issue "beyond one machine"), one run of each; PostgreSQL ${new URL(adminUrl).host}; load average ${load0} at the start, ${load1} at the end (2 cores, shared).`,
  '',
  '## List through the balancer: 3 processes vs 1',
  '',
  `Published Files, first page of a site with ${ROWS.toLocaleString('en')} files, 50 connections, ${seconds} s, through nginx (round robin, buffering off) in both rows.`,
  '',
  '| processes | requests/s | p50 ms | p99 ms | non-2xx | errors | server CPU ms / request (all processes) | nginx CPU ms / request |',
  '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ...[one, three].map(
    (r) =>
      `| ${r.processes} | ${Math.round(r.rps).toLocaleString('en')} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} | ${r.serverCpuMsPerRequest.toFixed(3)} | ${r.nginxCpuMsPerRequest.toFixed(3)} |`,
  ),
  '',
  `3 processes / 1 process: ${(three.rps / one.rps).toFixed(2)}× the requests per second, ${(three.p99 / one.p99).toFixed(2)}× the p99. With 2 cores shared by the servers, nginx, PostgreSQL and the load generator, no linear gain is expected.`,
  '',
  `## ${(GIB / 1024 ** 3).toFixed(2)} GiB upload and download: S3 store vs file store`,
  '',
  `One process, straight to its port (no nginx), one file of ${GIB.toLocaleString('en')} bytes (incompressible), uploaded as multipart then saved and downloaded whole. s3rver runs in the benchmark process itself (with the client), writing to the same disk; its CPU is not in the server column.`,
  '',
  '| store | upload s | upload GB/s | server CPU s (upload) | download s | download GB/s | server CPU s (download) |',
  '| --- | --- | --- | --- | --- | --- | --- |',
  ...[fs, s3].map(
    (r) =>
      `| ${r.store === 'fs' ? 'file (DATA_DIR)' : 'S3 (s3rver)'} | ${r.uploadSeconds.toFixed(1)} | ${gbps(r.uploadSeconds)} | ${(r.uploadCpu / 1000).toFixed(1)} | ${r.downloadSeconds.toFixed(1)} | ${gbps(r.downloadSeconds)} | ${(r.downloadCpu / 1000).toFixed(1)} |`,
  ),
  '',
];
if (scale === 1) {
  const file = new URL(`./results/${startedAt.toISOString().slice(0, 10)}-cluster.md`, import.meta.url);
  await writeFile(file, `${lines.join('\n')}\n`);
}
process.stdout.write(`${lines.join('\n')}\n`);
