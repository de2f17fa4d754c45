import type { Benchmark } from '../lib/benchmark.ts';
import { CLIENT, fileManagement, STAFF, siteIdOf, TENANT } from '../lib/fixture.ts';
import { describeAnswer, timedRequest } from '../lib/http-client.ts';
import { describeLoad, failedRequests, healthFloor, underLoad } from '../lib/load.ts';
import { startPortico } from '../lib/portico.ts';
import { median } from '../lib/settings.ts';

const TARGET_P99_MS = 50;
const CONNECTIONS = 50;

/**
 * List Published Files of a site holding 100,000 files: 50 concurrent clients hammer the first page (the
 * table's default request) with autocannon; the p99 latency must stay within 50 ms. The same server's
 * /healthz under the same load is the context row: what the HTTP stack and one database round trip cost.
 */
export const listBenchmark: Benchmark = {
  name: 'list',
  title: 'List Published Files (100,000 files, 50 clients)',
  target: `p99 ≤ ${TARGET_P99_MS} ms`,
  async run({ settings, dir, log }) {
    const rowCount = Math.max(1000, Math.round(100_000 * settings.scale));
    const portico = await startPortico(dir, settings);
    try {
      const siteId = await siteIdOf(portico);
      const [demo] = await portico.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM files WHERE site_id = $1 AND direction = 'published' AND deleted_at IS NULL",
        [siteId],
      );
      const expected = rowCount + (demo?.n ?? 0);
      log(`inserting ${rowCount} published files`);
      const insertStarted = performance.now();
      await portico.query(
        `INSERT INTO files (tenant_code, site_id, direction, title, file_name, content_type, size, sha256, blob_key,
                            status, created_by, created_at)
         SELECT $1, $2, 'published', 'Bench document ' || g, 'bench-document-' || g || '.pdf', 'application/pdf',
                10000 + g, md5(g::text) || md5((g + 1)::text), 'bench/list-' || g, 'published',
                (SELECT user_id FROM idp_accounts WHERE username = $3), now() - g * interval '1 minute'
         FROM generate_series(1, $4::int) AS g`,
        [TENANT, siteId, STAFF, rowCount],
      );
      await portico.query('ANALYZE files');
      const insertMs = performance.now() - insertStarted;

      // How the database answers the page every list request reads (the repository's query, as the owner), and
      // where its total comes from: the site's counter row (migration 0005) when there is one, else a count.
      const plan = await portico.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT f.id, f.site_id, f.title, f.file_name, f.content_type, f.size, f.created_at FROM files f
         WHERE f.tenant_code = $1 AND f.site_id = $2 AND f.direction = 'published' AND f.deleted_at IS NULL
         ORDER BY f.created_at DESC, f.id DESC LIMIT 10 OFFSET 0`,
        [TENANT, siteId],
      );
      const pagePlan = plan
        .map((r) => r['QUERY PLAN'].trim().replace(/^->\s*/, ''))
        .filter((line) => /Scan|Sort/.test(line))
        .join('; ');
      const [counter] = await portico.query<{ counter: boolean }>(
        "SELECT to_regclass('file_counts') IS NOT NULL AS counter",
      );
      const countSource = counter?.counter
        ? "the site's row in `file_counts` (kept by triggers on `files`, migration 0005), one primary-key lookup"
        : "`SELECT count(*)` over the site's files";
      const token = await portico.signIn(CLIENT);
      const listUrl = `${fileManagement(portico)}/published-files?siteId=${siteId}`;
      const menuUrl = `${portico.url}/t/${TENANT}/user/api/users/menu`;
      const headers = { authorization: `Bearer ${token}` };

      // One client alone first: the floor under any queueing, and a check of the answer.
      const first = await fetch(listUrl, { headers });
      const page = (await first.json()) as { records?: unknown[]; totalRecordCount?: number };
      if (first.status !== 200 || page.totalRecordCount !== expected) {
        throw new Error(`list answered ${first.status} with ${page.totalRecordCount} files, not ${expected}`);
      }
      const single: number[] = [];
      for (let i = 0; i < 30; i++) {
        const res = await timedRequest({ url: listUrl, headers });
        if (res.status !== 200 || !res.complete) throw new Error(`list answered ${describeAnswer(res)}`);
        if (i >= 5) single.push(res.ms);
      }

      // The badge's count=true request: the same checks and the same count, without the page.
      const counting: number[] = [];
      for (let i = 0; i < 15; i++) {
        const res = await timedRequest({ url: `${listUrl}&count=true`, headers });
        if (res.status !== 200 || !res.complete) throw new Error(`count answered ${describeAnswer(res)}`);
        if (i >= 5) counting.push(res.ms);
      }

      const load = (url: string, withToken: boolean) =>
        underLoad(
          portico.pid,
          { url, connections: CONNECTIONS, ...(withToken ? { headers } : {}) },
          settings.loadSeconds,
        );
      log(`load: /healthz, ${CONNECTIONS} connections, ${settings.loadSeconds} s`);
      const { result: health, cpuPerRequest: healthCpu } = await healthFloor(
        portico,
        CONNECTIONS,
        settings.loadSeconds,
      );
      // Context: an authenticated request that does next to nothing (token, tenant and role checks, a small
      // menu query), to tell the cost every tenant request pays from the list's own.
      log(`load: users/menu, ${CONNECTIONS} connections, ${settings.loadSeconds} s`);
      const { result: menu, cpuPerRequest: menuCpu } = await load(menuUrl, true);
      log(`load: published-files, ${CONNECTIONS} connections, ${settings.loadSeconds} s`);
      const { result: list, cpuPerRequest: listCpu } = await load(listUrl, true);

      const pass = list.latency.p99 <= TARGET_P99_MS && failedRequests(list) === 0 && list['2xx'] > 0;
      return {
        portico: `p99 ${list.latency.p99} ms`,
        baseline: `p99 ${health.latency.p99} ms (/healthz)`,
        ratio: `${(list.latency.p99 / Math.max(1, health.latency.p99)).toFixed(1)}× the latency`,
        pass,
        notes:
          `${list.requests.average.toFixed(0)} req/s vs ${health.requests.average.toFixed(0)} req/s; ` +
          `server CPU per request: list ${listCpu.toFixed(1)} ms, users/menu ${menuCpu.toFixed(1)} ms (p99 ${menu.latency.p99} ms), /healthz ${healthCpu.toFixed(2)} ms; ` +
          `one client alone: ${median(single).toFixed(1)} ms per list` +
          (failedRequests(list) ? `; ${failedRequests(list)} failed requests` : ''),
        details: [
          `- ${rowCount.toLocaleString('en')} rows inserted with one INSERT … SELECT generate_series, then ANALYZE: ${(insertMs / 1000).toFixed(1)} s; the list reports totalRecordCount ${page.totalRecordCount} (with the demo's ${demo?.n ?? 0}) and ${page.records?.length} records per page.`,
          `- Request: \`GET /t/${TENANT}/file-management/api/files/published-files?siteId=…\` as ${CLIENT} (a client of the site), default page (10 rows, newest first).`,
          `- One client, sequential, 25 requests after 5 warm-ups: median ${median(single).toFixed(1)} ms, min ${Math.min(...single).toFixed(1)} ms, max ${Math.max(...single).toFixed(1)} ms.`,
          `- The page is planned as: ${pagePlan}. The total each page carries comes from ${countSource}.`,
          `- The same with \`count=true\` (checks and count, no page), one client: median ${median(counting).toFixed(1)} ms.`,
          `- Published files, ${CONNECTIONS} connections × ${settings.loadSeconds} s after 1 s of warm-up: ${describeLoad(list)}; server CPU ${listCpu.toFixed(1)} ms per request.`,
          `- /healthz (baseline, no auth, \`SELECT 1\`), same load: ${describeLoad(health)}; server CPU ${healthCpu.toFixed(2)} ms per request.`,
          `- \`GET /t/${TENANT}/user/api/users/menu\` (context: token, tenant and role checks plus one small query), same load: ${describeLoad(menu)}; server CPU ${menuCpu.toFixed(1)} ms per request.`,
          `- With ${CONNECTIONS} clients each waiting for its answer before the next request, latency ≈ ${CONNECTIONS} ÷ throughput: a p99 of ${TARGET_P99_MS} ms needs ≥ ${(CONNECTIONS / (TARGET_P99_MS / 1000)).toFixed(0)} req/s, i.e. about ${(TARGET_P99_MS / CONNECTIONS).toFixed(1)} ms of server time per request or less.`,
        ],
      };
    } finally {
      await portico.stop();
    }
  },
};
