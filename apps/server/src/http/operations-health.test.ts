import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { JOBS } from '../jobs.ts';
import { useTestApi } from '../testing/api.ts';

const METRICS_TOKEN = 'metrics-token-for-the-tests-0123456789';

/**
 * A Prometheus text exposition, read strictly: `# HELP`/`# TYPE` lines, and samples `name{label="value",…} number`.
 * Throws on any other line, so a malformed answer fails the test. Answers the samples.
 */
function parsePrometheus(text: string) {
  const samples: { name: string; labels: Record<string, string>; value: number }[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (!line) continue;
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/.exec(line);
    if (meta) {
      if (meta[1] === 'TYPE') types.set(meta[2]!, meta[3]!);
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.e+-]+|NaN|[+-]Inf)$/.exec(line);
    if (!sample) throw new Error(`not a Prometheus line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (sample[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/g)) {
      labels[pair[1]!] = pair[2]!;
    }
    samples.push({ name: sample[1]!, labels, value: Number(sample[3]) });
  }
  return { samples, types };
}

describe('/readyz and /metrics', () => {
  const api = useTestApi({ env: { METRICS_TOKEN } });
  const metrics = (token?: string) =>
    fetch(`${api.url}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {});

  test('/readyz answers ready when the database and the blob store work (the embedded issuer is this process)', async () => {
    const answer = await fetch(`${api.url}/readyz`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({
      status: 'ready',
      checks: { database: 'ok', blobStore: 'ok', issuer: 'not_used' },
    });
  });

  test('/metrics needs its bearer token', async () => {
    expect((await metrics()).status).toBe(401);
    expect((await metrics(`${METRICS_TOKEN}x`)).status).toBe(401);
    expect((await metrics(await api.as('carol').token())).status).toBe(401);
  });

  test('/metrics parses, counts requests by route pattern (never a raw URL) and the bytes of files', async () => {
    const siteId = api.siteId('ACME-1001');
    const bytes = new Uint8Array(50_000).fill(7);
    const uploaded = await api
      .as('bob')
      .upload(siteId, [{ name: 'scan.pdf', bytes, type: 'application/pdf' }]);
    expect(uploaded.status).toBe(201);
    const list = await api
      .as('bob')
      .get<{ records: { id: string }[] }>(
        `/t/acme/file-management/api/files/published-files?siteId=${siteId}`,
      );
    const download = await api
      .as('bob')
      .bytes(`/t/acme/file-management/api/files/published-files/${list.body.records[0]!.id}`);
    expect(download.status).toBe(200);

    // A request's metrics are counted once its answer has left, which its client may see a moment before.
    const downloaded = async () =>
      parsePrometheus(await (await metrics(METRICS_TOKEN)).text()).samples.find(
        (s) => s.name === 'portico_download_bytes_total',
      )?.value ?? 0;
    await expect.poll(downloaded).toBeGreaterThanOrEqual(download.body.length);
    const answer = await metrics(METRICS_TOKEN);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const { samples, types } = parsePrometheus(await answer.text());
    expect(types.get('portico_http_requests_total')).toBe('counter');
    expect(types.get('portico_http_request_duration_seconds')).toBe('histogram');
    const routes = new Set(
      samples.filter((s) => s.name === 'portico_http_requests_total').map((s) => s.labels.route),
    );
    expect(routes).toContain('/t/:tenant/file-storage/api/files');
    for (const route of routes) expect(route).not.toMatch(/acme|[0-9a-f]{8}-|\?/);
    const total = (name: string) => samples.find((s) => s.name === name)?.value ?? 0;
    expect(total('portico_upload_bytes_total')).toBeGreaterThanOrEqual(bytes.length);
    expect(total('portico_download_bytes_total')).toBeGreaterThanOrEqual(download.body.length);
    // The outbox's depth by state (bob's upload was not saved, so it caused no mail; the gauge is there anyway).
    expect(types.get('portico_mail_outbox')).toBe('gauge');
    expect(
      samples
        .filter((s) => s.name === 'portico_mail_outbox')
        .map((s) => s.labels.state)
        .sort(),
    ).toEqual(['failed', 'pending', 'sending']);
    // Every job of the composition root's list (jobs.ts), with its period.
    const periods = samples.filter((s) => s.name === 'portico_job_period_seconds');
    expect(periods.map((s) => s.labels.job).sort()).toEqual(JOBS.map((job) => job.name).sort());
    expect(periods.find((s) => s.labels.job === 'request-reminders')?.value).toBe(900);
  });

  test('/readyz fails when the blob store cannot take a write, and recovers', async () => {
    const blobs = path.join(api.server.config.dataDir, 'blobs');
    await rename(blobs, `${blobs}.away`);
    await writeFile(blobs, 'not a folder');
    try {
      const answer = await fetch(`${api.url}/readyz`);
      expect(answer.status).toBe(503);
      expect(await answer.json()).toMatchObject({
        status: 'not_ready',
        checks: { database: 'ok', blobStore: 'failed' },
      });
    } finally {
      await rm(blobs);
      await rename(`${blobs}.away`, blobs);
    }
    expect((await fetch(`${api.url}/readyz`)).status).toBe(200);
  });

  test('/readyz fails when the database is down, while /healthz says so too', async () => {
    await api.db.close();
    const answer = await fetch(`${api.url}/readyz`);
    expect(answer.status).toBe(503);
    expect(await answer.json()).toMatchObject({ status: 'not_ready', checks: { database: 'failed' } });
    expect((await fetch(`${api.url}/healthz`)).status).toBe(503);
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  const api = useTestApi();
  test('is not served at all', async () => {
    expect((await fetch(`${api.url}/metrics`)).status).toBe(404);
  });
});
