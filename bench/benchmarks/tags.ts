import type { Benchmark } from '../lib/benchmark.ts';
import { CLIENT, fileManagement, STAFF, siteIdOf, TENANT } from '../lib/fixture.ts';
import { describeAnswer, timedRequest } from '../lib/http-client.ts';
import { describeLoad, failedRequests, underLoad } from '../lib/load.ts';
import { startPortico } from '../lib/portico.ts';
import { median } from '../lib/settings.ts';

const TARGET_P99_MS = 30;
const TARGET_BULK_MS = 1000;
const CONNECTIONS = 10;

/**
 * Tags (issue 27 item 3, decision 57). A site of 1,000,000 published files; one tag on 1 % of them (10,000, spread
 * evenly), another on 0.1 % (1,000): Bob's Published Files filtered by each tag (`tagId=…`, first page, newest
 * first, its total counted), 10 autocannon connections: p99 ≤ 30 ms. Then Carol tags 10,000 files in one
 * `POST files/tags` (and untags them): ≤ 1 s each. The query plans of the filtered page and its count are written
 * to the report. Scaled by BENCH_SCALE (file and tag counts alike; 10,000 files per bulk call whatever the scale,
 * as the issue names).
 */
export const tagsBenchmark: Benchmark = {
  name: 'tags',
  title: 'Tag filter (1,000,000 files in a site, 10 clients) and bulk-tagging 10,000 files',
  target: `filter p99 ≤ ${TARGET_P99_MS} ms; bulk tag of 10,000 files ≤ ${TARGET_BULK_MS} ms`,
  async run({ settings, dir, log }) {
    const files = Math.max(20_000, Math.round(1_000_000 * settings.scale));
    const bulkFiles = 10_000;
    const portico = await startPortico(dir, settings);
    try {
      const siteId = await siteIdOf(portico);
      const staff = await portico.signIn(STAFF);
      const staffHeaders = { authorization: `Bearer ${staff}`, 'content-type': 'application/json' };
      const flags = await fetch(
        `${portico.url}/t/${TENANT}/portal/api/staff/sites/${siteId}/file-area-settings`,
        {
          method: 'PATCH',
          headers: staffHeaders,
          body: JSON.stringify({ portalFilesView: true, fileAreaManageTags: true }),
        },
      );
      if (flags.status !== 200) throw new Error(`file-area-settings answered ${flags.status}`);
      const makeTag = async (name: string) => {
        const res = await fetch(`${portico.url}/t/${TENANT}/file-management/api/tags`, {
          method: 'POST',
          headers: staffHeaders,
          body: JSON.stringify({ name, color: '#1d4ed8' }),
        });
        if (res.status !== 201) throw new Error(`POST tags answered ${res.status}`);
        return ((await res.json()) as { id: string }).id;
      };
      const common = await makeTag('Bench 1 %');
      const rare = await makeTag('Bench 0.1 %');
      const bulkTag = await makeTag('Bench bulk');

      log(`inserting ${files} files, tagging 1 % and 0.1 % of them`);
      const insertStarted = performance.now();
      await portico.query(
        `INSERT INTO files (tenant_code, site_id, direction, title, file_name, content_type, size, sha256, blob_key,
                            status, created_by, created_at)
         SELECT $1, $2, 'published', 'Bench document ' || g, 'bench-document-' || g || '.pdf', 'application/pdf',
                10000 + g, md5(g::text) || md5((g + 1)::text), 'bench/tags-' || g, 'published',
                (SELECT user_id FROM idp_accounts WHERE username = $3), now() - g * interval '1 second'
         FROM generate_series(1, $4::int) AS g`,
        [TENANT, siteId, STAFF, files],
      );
      for (const [tag, every] of [
        [common, 100],
        [rare, 1000],
      ] as const) {
        await portico.query(
          `INSERT INTO file_tags (tenant_code, file_id, tag_id)
           SELECT $1, f.id, $3 FROM files f
           WHERE f.tenant_code = $1 AND f.site_id = $2 AND f.blob_key LIKE 'bench/tags-%'
             AND substr(f.blob_key, 12)::int % $4 = 0`,
          [TENANT, siteId, tag, every],
        );
      }
      await portico.query('VACUUM ANALYZE files');
      await portico.query('ANALYZE file_tags');
      const insertMs = performance.now() - insertStarted;

      const token = await portico.signIn(CLIENT);
      const headers = { authorization: `Bearer ${token}` };
      const listUrl = (tag: string) =>
        `${fileManagement(portico)}/published-files?siteId=${siteId}&tagId=${tag}`;

      const plans: string[] = [];
      const explain = async (label: string, tag: string) => {
        for (const [what, sql] of [
          [
            'page',
            // The list's own form since decision 62: the tag's index walked in date order, each entry joined to
            // its file for the remaining conditions.
            `SELECT f.id FROM file_tags ft0 JOIN files f ON f.id = ft0.file_id
             WHERE ft0.tenant_code = $1 AND ft0.tag_id = $3::uuid AND ft0.site_id = $2
               AND ft0.direction = 'published' AND ft0.live
               AND f.tenant_code = $1 AND f.site_id = $2 AND f.direction = 'published' AND f.deleted_at IS NULL
             ORDER BY ft0.created_at DESC, f.id DESC LIMIT 25`,
          ],
          [
            'count',
            // The tag's counter for the site (decision 63, migration 0039).
            `SELECT n FROM tag_counts
             WHERE tenant_code = $1 AND tag_id = $3::uuid AND site_id = $2 AND direction = 'published'`,
          ],
        ] as const) {
          const rows = await portico.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF) ${sql}`, [
            TENANT,
            siteId,
            tag,
          ]);
          plans.push(`- Plan of the ${what}, ${label} (as the owner, a custom plan):`, '', '```');
          plans.push(...rows.map((r) => r['QUERY PLAN']), '```', '');
        }
      };
      await explain('1 % tag', common);
      await explain('0.1 % tag', rare);

      const measure = async (label: string, tag: string, expected: number) => {
        const first = await fetch(listUrl(tag), { headers });
        const page = (await first.json()) as { totalRecordCount?: number };
        if (first.status !== 200 || page.totalRecordCount !== expected) {
          throw new Error(
            `tag filter answered ${first.status} with ${page.totalRecordCount}, not ${expected}`,
          );
        }
        const single: number[] = [];
        for (let i = 0; i < 25; i++) {
          const res = await timedRequest({ url: listUrl(tag), headers });
          if (res.status !== 200 || !res.complete)
            throw new Error(`tag filter answered ${describeAnswer(res)}`);
          if (i >= 5) single.push(res.ms);
        }
        log(`load (${label}): ${CONNECTIONS} connections, ${settings.loadSeconds} s`);
        const { result } = await underLoad(
          portico.pid,
          { url: listUrl(tag), connections: CONNECTIONS, headers },
          settings.loadSeconds,
        );
        return { result, single: median(single) };
      };
      const commonCount = Math.floor(files / 100);
      const rareCount = Math.floor(files / 1000);
      const onCommon = await measure('1 % tag', common, commonCount);
      const onRare = await measure('0.1 % tag', rare, rareCount);

      log(`bulk: tagging and untagging ${bulkFiles} files`);
      const ids = (
        await portico.query<{ id: string }>(
          `SELECT id FROM files WHERE tenant_code = $1 AND site_id = $2 AND blob_key LIKE 'bench/tags-%'
           ORDER BY created_at DESC LIMIT $3`,
          [TENANT, siteId, bulkFiles],
        )
      ).map((r) => r.id);
      const bulkUrl = `${fileManagement(portico)}/tags`;
      const tagMs: number[] = [];
      const untagMs: number[] = [];
      for (let i = 0; i < 3; i++) {
        for (const [body, times] of [
          [{ fileIds: ids, add: [bulkTag] }, tagMs],
          [{ fileIds: ids, remove: [bulkTag] }, untagMs],
        ] as const) {
          const res = await timedRequest({
            url: bulkUrl,
            method: 'POST',
            headers: staffHeaders,
            body: JSON.stringify(body),
          });
          if (res.status !== 200 || JSON.parse(res.head.toString()).count !== bulkFiles) {
            throw new Error(`bulk tag answered ${describeAnswer(res)}`);
          }
          times.push(res.ms);
        }
      }
      const bulkMs = Math.max(median(tagMs), median(untagMs));

      const worstP99 = Math.max(onCommon.result.latency.p99, onRare.result.latency.p99);
      const pass =
        worstP99 <= TARGET_P99_MS &&
        bulkMs <= TARGET_BULK_MS &&
        failedRequests(onCommon.result) + failedRequests(onRare.result) === 0;
      return {
        portico: `filter p99 ${worstP99} ms (${files.toLocaleString('en')} files); bulk tag ${median(tagMs).toFixed(0)} ms, untag ${median(untagMs).toFixed(0)} ms`,
        baseline: '—',
        ratio: '—',
        pass,
        notes: `one client alone: ${onCommon.single.toFixed(1)} ms (1 % tag), ${onRare.single.toFixed(1)} ms (0.1 % tag)`,
        details: [
          `- Site of ${files.toLocaleString('en')} published files (inserted and tagged in ${(insertMs / 1000).toFixed(1)} s); \`GET …/published-files?siteId=…&tagId=…\` as ${CLIENT}, first page, newest first, with its total.`,
          `- 1 % tag (${commonCount.toLocaleString('en')} files), ${CONNECTIONS} connections × ${settings.loadSeconds} s: ${describeLoad(onCommon.result)}.`,
          `- 0.1 % tag (${rareCount.toLocaleString('en')} files), same load: ${describeLoad(onRare.result)}.`,
          `- Bulk (\`POST files/tags\`, as ${STAFF}) of ${bulkFiles.toLocaleString('en')} files, 3 times each way: tag ${tagMs.map((m) => m.toFixed(0)).join(', ')} ms; untag ${untagMs.map((m) => m.toFixed(0)).join(', ')} ms.`,
          '',
          ...plans,
        ],
      };
    } finally {
      await portico.stop();
    }
  },
};
