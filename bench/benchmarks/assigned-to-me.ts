import { LIMITS } from '@portico/contracts';
import type { Benchmark } from '../lib/benchmark.ts';
import { CLIENT, fileManagement, STAFF, siteIdOf, TENANT } from '../lib/fixture.ts';
import { describeAnswer, timedRequest } from '../lib/http-client.ts';
import { describeFloor, describeLoad, failedRequests, healthFloor, underLoad } from '../lib/load.ts';
import { startPortico } from '../lib/portico.ts';
import { median } from '../lib/settings.ts';

const TARGET_P99_MS = 20;
const TARGET_RATIO = 1.2;
const CONNECTIONS = 50;

/**
 * "Assigned to me" (issue 27 item 2, decision 56): Bob's first page of `GET files/assigned-to-me` (25 files, as the page asks) (due first, then
 * newest assigned, with the total), 50 autocannon connections, first with 10,000 files in his site of which 3,000
 * are assigned to him (and 1,000 to Carol), then — the same page, on the same server — once the site holds
 * 1,000,000 files, still 3,000 of them his: p99 ≤ 20 ms and within 1.2× of the small site. The badge's
 * `count=true` is timed alone on both. Scaled by BENCH_SCALE (all counts alike).
 */
export const assignedToMeBenchmark: Benchmark = {
  name: 'assigned-to-me',
  title: '"Assigned to me" (1,000,000 files in a site, 3,000 assigned to the caller, 50 clients)',
  target: `p99 ≤ ${TARGET_P99_MS} ms and ≤ ${TARGET_RATIO}× the 10,000-file site`,
  async run({ settings, dir, log }) {
    const scale = settings.scale;
    const smallFiles = Math.max(1000, Math.round(10_000 * scale));
    const largeFiles = Math.max(10_000, Math.round(1_000_000 * scale));
    const mine = Math.max(100, Math.round(3_000 * scale));
    const carols = Math.max(30, Math.round(1_000 * scale));
    const portico = await startPortico(dir, settings);
    try {
      const siteId = await siteIdOf(portico);
      const staff = await portico.signIn(STAFF);
      const settingsAnswer = await fetch(
        `${portico.url}/t/${TENANT}/portal/api/staff/sites/${siteId}/file-area-settings`,
        {
          method: 'PATCH',
          headers: { authorization: `Bearer ${staff}`, 'content-type': 'application/json' },
          body: JSON.stringify({ portalFilesView: true }),
        },
      );
      if (settingsAnswer.status !== 200)
        throw new Error(`file-area-settings answered ${settingsAnswer.status}`);
      const [people] = await portico.query<{ bob: string; carol: string }>(
        `SELECT (SELECT user_id FROM idp_accounts WHERE username = $1) AS bob,
                (SELECT user_id FROM idp_accounts WHERE username = $2) AS carol`,
        [CLIENT, STAFF],
      );

      /** Files `from`…`to` of the site; every file in `assigned` numbers is Bob's (`every`-th) or Carol's. */
      const fill = async (from: number, to: number) => {
        await portico.query(
          `INSERT INTO files (tenant_code, site_id, direction, title, file_name, content_type, size, sha256, blob_key,
                              status, created_by, created_at)
           SELECT $1, $2, 'published', 'Bench document ' || g, 'bench-document-' || g || '.pdf', 'application/pdf',
                  10000 + g, md5(g::text) || md5((g + 1)::text), 'bench/assigned-' || g, 'published', $5,
                  now() - g * interval '1 second'
           FROM generate_series($3::int, $4::int) AS g`,
          [TENANT, siteId, from, to, people!.carol],
        );
      };
      /** Hands `count` files of the small range to a person, every `step`-th from `first`, some with a due day. */
      const assign = async (userId: string, first: number, step: number, count: number) => {
        await portico.query(
          `UPDATE files SET assignee_id = $3, assigned_at = now() - (g.n || ' minutes')::interval,
                            assignment_due = CASE WHEN g.n % 3 = 0 THEN current_date + (g.n % 60) END
           FROM (SELECT n, 'Bench document ' || ($4::int + n * $5::int) AS title
                 FROM generate_series(0, $6::int - 1) AS n) g
           WHERE files.tenant_code = $1 AND files.site_id = $2 AND files.title = g.title`,
          [TENANT, siteId, userId, first, step, count],
        );
      };

      log(`inserting ${smallFiles} files, ${mine} assigned to ${CLIENT}, ${carols} to ${STAFF}`);
      await fill(1, smallFiles);
      await assign(people!.bob, 1, 3, mine);
      await assign(people!.carol, 2, 3, Math.min(carols, Math.floor(smallFiles / 3)));
      await portico.query('VACUUM ANALYZE files');

      const token = await portico.signIn(CLIENT);
      const headers = { authorization: `Bearer ${token}` };
      // The page as the portal asks for it (its size, the API's default too).
      const pageSize = LIMITS.assignedToMePageSize;
      const pageUrl = `${fileManagement(portico)}/assigned-to-me?limit=${pageSize}`;
      const countUrl = `${fileManagement(portico)}/assigned-to-me?count=true`;

      const measure = async (label: string) => {
        const first = await fetch(pageUrl, { headers });
        const page = (await first.json()) as { totalRecordCount?: number; records?: unknown[] };
        if (first.status !== 200 || page.totalRecordCount !== mine || page.records?.length !== pageSize) {
          throw new Error(
            `assigned-to-me answered ${first.status} with ${page.totalRecordCount}, not ${mine}`,
          );
        }
        const single: number[] = [];
        const counts: number[] = [];
        for (let i = 0; i < 25; i++) {
          const res = await timedRequest({ url: pageUrl, headers });
          if (res.status !== 200 || !res.complete)
            throw new Error(`assigned-to-me answered ${describeAnswer(res)}`);
          const count = await timedRequest({ url: countUrl, headers });
          if (count.status !== 200) throw new Error(`the count answered ${describeAnswer(count)}`);
          if (i >= 5) {
            single.push(res.ms);
            counts.push(count.ms);
          }
        }
        log(`load (${label}): first page, ${CONNECTIONS} connections, ${settings.loadSeconds} s`);
        const { result, cpuPerRequest } = await underLoad(
          portico.pid,
          { url: pageUrl, connections: CONNECTIONS, headers },
          settings.loadSeconds,
        );
        return { result, cpuPerRequest, single: median(single), count: median(counts) };
      };
      const small = await measure('small site');

      log(`inserting ${largeFiles - smallFiles} more files, none assigned`);
      const insertStarted = performance.now();
      await fill(smallFiles + 1, largeFiles);
      await portico.query('VACUUM ANALYZE files');
      const insertMs = performance.now() - insertStarted;
      const large = await measure('large site');
      log(`load: /healthz (the floor), ${CONNECTIONS} connections, ${settings.loadSeconds} s`);
      const floor = await healthFloor(portico, CONNECTIONS, settings.loadSeconds);

      const ratio = large.result.latency.p99 / Math.max(1, small.result.latency.p99);
      const pass =
        large.result.latency.p99 <= TARGET_P99_MS &&
        ratio <= TARGET_RATIO &&
        failedRequests(large.result) + failedRequests(small.result) === 0;
      return {
        portico: `p99 ${large.result.latency.p99} ms (${largeFiles.toLocaleString('en')} files)`,
        baseline: `p99 ${small.result.latency.p99} ms (${smallFiles.toLocaleString('en')} files)`,
        ratio: `${ratio.toFixed(2)}×`,
        pass,
        notes:
          `floor (/healthz, same load): p99 ${floor.result.latency.p99} ms; server CPU per request ${large.cpuPerRequest.toFixed(2)} ms vs ${floor.cpuPerRequest.toFixed(2)} ms for /healthz; ` +
          `one client alone: page ${large.single.toFixed(1)} ms (large) vs ${small.single.toFixed(1)} ms (small); ` +
          `count ${large.count.toFixed(1)} vs ${small.count.toFixed(1)} ms`,
        details: [
          `- Request: \`GET …/files/assigned-to-me\` as ${CLIENT} (a member client), first page of ${LIMITS.assignedToMePageSize} of ${mine.toLocaleString('en')} files assigned to him (a third with a due day), ${carols.toLocaleString('en')} more assigned to ${STAFF}.`,
          `- Small site (${smallFiles.toLocaleString('en')} files), ${CONNECTIONS} connections × ${settings.loadSeconds} s: ${describeLoad(small.result)}.`,
          `- Large site (${largeFiles.toLocaleString('en')} files; the rest inserted in ${(insertMs / 1000).toFixed(1)} s), same load: ${describeLoad(large.result)}.`,
          describeFloor(floor, TARGET_P99_MS, CONNECTIONS),
        ],
      };
    } finally {
      await portico.stop();
    }
  },
};
