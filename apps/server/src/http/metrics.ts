import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { AppError } from './app-error.ts';

/** What a scanner counted since its process started (scanning/scan-worker.ts). */
interface ScanCounts {
  scans: number;
  hits: number;
  failures: number;
  seconds: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** When the request arrived and what its connection had carried by then, for the metrics. */
    metricsStart?: { at: bigint; read: number; written: number };
  }
}

/**
 * Prometheus metrics at `/metrics` (text format, prom-client), behind `METRICS_TOKEN` as a bearer token; without
 * it the route answers 404 as if it did not exist. Requests are labelled by their route pattern
 * (`/t/:tenant/portal/api/sites`), never the raw URL, so tenants, ids and queries neither leak into the metrics
 * nor multiply the series. Each app has its own registry (tests run many apps in one process).
 */
export function registerMetrics(
  app: FastifyInstance,
  config: Pick<Config, 'metricsToken'>,
  db: Database,
  jobs: readonly { name: string; intervalMs: number }[],
  scanner?: { stats: ScanCounts } | undefined,
  blobs?: Pick<BlobStore, 'missingOperations'>,
) {
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'portico_http_requests_total',
    help: 'HTTP requests answered, by route pattern',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'portico_http_request_duration_seconds',
    help: 'Time from request to the last byte of the answer, by route pattern',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10, 60],
    registers: [registry],
  });
  const uploaded = new Counter({
    name: 'portico_upload_bytes_total',
    help: 'Bytes received in multipart uploads',
    registers: [registry],
  });
  const downloaded = new Counter({
    name: 'portico_download_bytes_total',
    help: 'Bytes sent in file downloads and zips (answers sent as attachments)',
    registers: [registry],
  });
  new Gauge({
    name: 'portico_db_pool_connections',
    help: 'Database pool connections by state (PostgreSQL only)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = db.poolStats?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });

  new Gauge({
    name: 'portico_blob_store_missing_operations',
    help: 'Housekeeping calls the blob store does not implement (1 each), skipped since found',
    labelNames: ['operation'],
    registers: [registry],
    collect() {
      for (const operation of blobs?.missingOperations?.() ?? []) this.set({ operation }, 1);
    },
  });

  // The mail outbox (decision 34), all firms together: what waits, what is being sent, what gave up.
  new Gauge({
    name: 'portico_mail_outbox',
    help: 'Mails in the outbox by state: pending (waiting or retrying), sending (claimed), failed',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const { rows } = await db.query<{ state: string; n: number }>(
        `SELECT state, count(*)::int AS n FROM mail_outbox
          WHERE state IN ('pending', 'sending', 'failed') GROUP BY state`,
      );
      for (const state of ['pending', 'sending', 'failed'])
        this.set({ state }, rows.find((r) => r.state === state)?.n ?? 0);
    },
  });

  // The background jobs of the composition root's list (jobs.ts): their period, and when a process last finished
  // a run of each (job_runs, all processes together).
  const periods = new Gauge({
    name: 'portico_job_period_seconds',
    help: 'Background jobs this process runs, by name: the period of each',
    labelNames: ['job'],
    registers: [registry],
  });
  for (const job of jobs) periods.set({ job: job.name }, job.intervalMs / 1000);
  new Gauge({
    name: 'portico_job_last_finished_seconds',
    help: 'When a run of each background job last finished, in any process (seconds since the epoch)',
    labelNames: ['job'],
    registers: [registry],
    async collect() {
      const { rows } = await db.query<{ job: string; at: number }>(
        `SELECT job, extract(epoch FROM max(finished_at))::float8 AS at FROM job_runs
          WHERE finished_at IS NOT NULL GROUP BY job`,
      );
      for (const row of rows) this.set({ job: row.job }, Number(row.at));
    },
  });
  // Malware scanning (decision 43): what this process's scanner did, and what waits across all firms.
  if (scanner) {
    const counted = (name: string, help: string, value: (stats: ScanCounts) => number) =>
      new Counter({
        name,
        help,
        registers: [registry],
        collect() {
          this.reset();
          this.inc(value(scanner.stats));
        },
      });
    counted('portico_scans_total', 'Files clamd scanned (each rescan too)', (s) => s.scans);
    counted('portico_scan_hits_total', 'Scans that found malware (the file was quarantined)', (s) => s.hits);
    counted(
      'portico_scan_failures_total',
      'Scans that failed (clamd down, slow or wrong); retried',
      (s) => s.failures,
    );
    counted('portico_scan_seconds_total', 'Time spent scanning, failed scans included', (s) => s.seconds);
    new Gauge({
      name: 'portico_scans_waiting',
      help: 'Files waiting for their first scan (held from the other side), all firms together',
      registers: [registry],
      async collect() {
        const { rows } = await db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM blob_scans WHERE state = 'scanning'",
        );
        this.set(rows[0]?.n ?? 0);
      },
    });
  }

  app.addHook('onRequest', async (request) => {
    const socket = request.raw.socket;
    request.metricsStart = {
      at: process.hrtime.bigint(),
      read: socket.bytesRead,
      written: socket.bytesWritten,
    };
  });
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const start = request.metricsStart;
    if (!start) return;
    // The pattern Fastify matched; a request no route matched counts under one label.
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status_code: String(reply.statusCode) };
    requests.inc(labels);
    durations.observe(labels, Number(process.hrtime.bigint() - start.at) / 1e9);
    // Requests on one connection follow each other, so what the connection carried meanwhile is this request's.
    const socket = request.raw.socket;
    if (String(request.headers['content-type'] ?? '').startsWith('multipart/form-data')) {
      // The socket may have read a whole small body before the request began: a complete body's length is exact.
      const length = Number(request.headers['content-length']);
      const whole = request.raw.complete && Number.isSafeInteger(length);
      uploaded.inc(whole ? length : Math.max(0, socket.bytesRead - start.read));
    }
    const disposition = reply.getHeader('content-disposition') ?? reply.raw.getHeader('content-disposition');
    if (String(disposition ?? '').startsWith('attachment')) {
      downloaded.inc(Math.max(0, socket.bytesWritten - start.written));
    }
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!config.metricsToken) throw new AppError('request.not_found', 'There is nothing at this address.');
    if (!bearerMatches(request.headers.authorization, config.metricsToken)) {
      throw new AppError('auth.token_invalid', 'The metrics need their bearer token (METRICS_TOKEN).');
    }
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
