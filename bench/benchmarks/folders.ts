import type { Benchmark } from '../lib/benchmark.ts';
import { CLIENT, fileManagement, STAFF, siteIdOf, TENANT } from '../lib/fixture.ts';
import { describeAnswer, timedRequest } from '../lib/http-client.ts';
import { describeFloor, describeLoad, failedRequests, healthFloor, underLoad } from '../lib/load.ts';
import { startPortico } from '../lib/portico.ts';
import { median } from '../lib/settings.ts';

const TARGET_P99_MS = 20;
const TARGET_RATIO = 1.2;
const TARGET_MOVE_MS = 100;
const CONNECTIONS = 50;

/**
 * Folders (issue 26, decision 47): a folder's page of Published Files (`folderId=…`, first page, newest first) as
 * Bob, 50 autocannon connections, first with 10,000 files in 100 folders of the site, then — the same folder, on
 * the same server — once the site holds 1,000,000 files in 10,000 folders: p99 ≤ 20 ms and within 1.2× of the
 * small site. Then moving a folder holding 100,000 files (`PATCH folders/{id}`, as Carol): ≤ 100 ms, one row
 * changed whatever it holds. Scaled by BENCH_SCALE (counts of files and folders alike).
 */
export const foldersBenchmark: Benchmark = {
  name: 'folders',
  title:
    'Folder listing (1,000,000 files in 10,000 folders, 50 clients) and moving a folder of 100,000 files',
  target: `p99 ≤ ${TARGET_P99_MS} ms and ≤ ${TARGET_RATIO}× the 10,000-file site; move ≤ ${TARGET_MOVE_MS} ms`,
  async run({ settings, dir, log }) {
    const scale = settings.scale;
    const smallFolders = Math.max(10, Math.round(100 * scale));
    const smallFiles = Math.max(1000, Math.round(10_000 * scale));
    const largeFolders = Math.max(100, Math.round(10_000 * scale));
    const largeFiles = Math.max(10_000, Math.round(1_000_000 * scale));
    const movedFiles = Math.max(1000, Math.round(100_000 * scale));
    const portico = await startPortico(dir, settings);
    try {
      const siteId = await siteIdOf(portico);
      // Folders on for the site's clients (the site's own override).
      const staff = await portico.signIn(STAFF);
      const staffHeaders = { authorization: `Bearer ${staff}`, 'content-type': 'application/json' };
      const settingsAnswer = await fetch(
        `${portico.url}/t/${TENANT}/portal/api/staff/sites/${siteId}/file-area-settings`,
        {
          method: 'PATCH',
          headers: staffHeaders,
          body: JSON.stringify({ fileAreaFolderStructure: true, portalFilesView: true }),
        },
      );
      if (settingsAnswer.status !== 200)
        throw new Error(`file-area-settings answered ${settingsAnswer.status}`);

      /** `count` files spread over the folders numbered `from`…`to` (`Bench folder n`), made first. */
      const fill = async (from: number, to: number, count: number, offset: number) => {
        await portico.query(
          `INSERT INTO folders (tenant_code, site_id, name)
           SELECT $1, $2, 'Bench folder ' || g FROM generate_series($3::int, $4::int) AS g`,
          [TENANT, siteId, from, to],
        );
        await portico.query(
          `INSERT INTO files (tenant_code, site_id, direction, title, file_name, content_type, size, sha256, blob_key,
                              status, created_by, created_at, folder_id)
           SELECT $1, $2, 'published', 'Bench document ' || g, 'bench-document-' || g || '.pdf', 'application/pdf',
                  10000 + g, md5(g::text) || md5((g + 1)::text), 'bench/folders-' || g, 'published',
                  (SELECT user_id FROM idp_accounts WHERE username = $3), now() - g * interval '1 second', d.id
           FROM generate_series($4::int, $5::int) AS g
           JOIN folders d ON d.tenant_code = $1 AND d.site_id = $2
                         AND d.name = 'Bench folder ' || ($6::int + (g - $4::int) % ($7::int - $6::int + 1))`,
          [TENANT, siteId, STAFF, offset + 1, offset + count, from, to],
        );
        await portico.query('VACUUM ANALYZE files');
        await portico.query('ANALYZE folders');
      };

      const token = await portico.signIn(CLIENT);
      const headers = { authorization: `Bearer ${token}` };
      log(`inserting ${smallFiles} files in ${smallFolders} folders`);
      await fill(1, smallFolders, smallFiles, 0);
      const [folder] = await portico.query<{ id: string; n: number }>(
        `SELECT d.id, (SELECT count(*)::int FROM files f WHERE f.folder_id = d.id) AS n
         FROM folders d WHERE d.site_id = $1 AND d.name = 'Bench folder 1'`,
        [siteId],
      );
      const listUrl = `${fileManagement(portico)}/published-files?siteId=${siteId}&folderId=${folder!.id}`;

      const measure = async (label: string) => {
        const first = await fetch(listUrl, { headers });
        const page = (await first.json()) as { totalRecordCount?: number };
        if (first.status !== 200 || page.totalRecordCount !== folder!.n) {
          throw new Error(
            `folder list answered ${first.status} with ${page.totalRecordCount}, not ${folder!.n}`,
          );
        }
        const single: number[] = [];
        for (let i = 0; i < 25; i++) {
          const res = await timedRequest({ url: listUrl, headers });
          if (res.status !== 200 || !res.complete)
            throw new Error(`folder list answered ${describeAnswer(res)}`);
          if (i >= 5) single.push(res.ms);
        }
        log(`load (${label}): folder page, ${CONNECTIONS} connections, ${settings.loadSeconds} s`);
        const { result, cpuPerRequest } = await underLoad(
          portico.pid,
          { url: listUrl, connections: CONNECTIONS, headers },
          settings.loadSeconds,
        );
        return { result, cpuPerRequest, single: median(single) };
      };
      const small = await measure('small site');

      log(`inserting ${largeFiles - smallFiles} more files in ${largeFolders - smallFolders} more folders`);
      const insertStarted = performance.now();
      await fill(smallFolders + 1, largeFolders, largeFiles - smallFiles, smallFiles);
      const insertMs = performance.now() - insertStarted;
      const large = await measure('large site');
      log(`load: /healthz (the floor), ${CONNECTIONS} connections, ${settings.loadSeconds} s`);
      const floor = await healthFloor(portico, CONNECTIONS, settings.loadSeconds);

      // Moving a folder of `movedFiles` files: Carol moves it into another folder and back, timed each way.
      log(`moving a folder of ${movedFiles} files`);
      await portico.query(
        `INSERT INTO folders (tenant_code, site_id, name) VALUES ($1, $2, 'Bench big'), ($1, $2, 'Bench target')`,
        [TENANT, siteId],
      );
      const [big] = await portico.query<{ id: string }>(
        "SELECT id FROM folders WHERE site_id = $1 AND name = 'Bench big'",
        [siteId],
      );
      const [target] = await portico.query<{ id: string }>(
        "SELECT id FROM folders WHERE site_id = $1 AND name = 'Bench target'",
        [siteId],
      );
      await portico.query(
        `INSERT INTO files (tenant_code, site_id, direction, title, file_name, content_type, size, sha256, blob_key,
                            status, created_at, folder_id)
         SELECT $1, $2, 'published', 'Moved ' || g, 'moved-' || g || '.pdf', 'application/pdf', 1000,
                md5(g::text) || md5((g + 7)::text), 'bench/moved-' || g, 'published', now(), $3
         FROM generate_series(1, $4::int) AS g`,
        [TENANT, siteId, big!.id, movedFiles],
      );
      const moves: number[] = [];
      for (let i = 0; i < 10; i++) {
        const res = await timedRequest({
          url: `${portico.url}/t/${TENANT}/file-management/api/folders/${big!.id}`,
          method: 'PATCH',
          headers: staffHeaders,
          body: JSON.stringify({ parentId: i % 2 === 0 ? target!.id : null }),
        });
        if (res.status !== 200) throw new Error(`move answered ${describeAnswer(res)}`);
        moves.push(res.ms);
      }
      const moveMs = median(moves);

      const ratio = large.result.latency.p99 / Math.max(1, small.result.latency.p99);
      const pass =
        large.result.latency.p99 <= TARGET_P99_MS &&
        ratio <= TARGET_RATIO &&
        moveMs <= TARGET_MOVE_MS &&
        failedRequests(large.result) + failedRequests(small.result) === 0;
      return {
        portico: `p99 ${large.result.latency.p99} ms (${largeFiles.toLocaleString('en')} files); move ${moveMs.toFixed(1)} ms`,
        baseline: `p99 ${small.result.latency.p99} ms (${smallFiles.toLocaleString('en')} files)`,
        ratio: `${ratio.toFixed(2)}×`,
        pass,
        notes:
          `floor (/healthz, same load): p99 ${floor.result.latency.p99} ms; server CPU per request ${large.cpuPerRequest.toFixed(2)} ms vs ${floor.cpuPerRequest.toFixed(2)} ms for /healthz; ` +
          `one client alone: ${large.single.toFixed(1)} ms (large) vs ${small.single.toFixed(1)} ms (small); ` +
          `move of ${movedFiles.toLocaleString('en')} files: median of ${moves.length}, max ${Math.max(...moves).toFixed(1)} ms`,
        details: [
          `- Request: \`GET …/published-files?siteId=…&folderId=…\` as ${CLIENT} (a member client, folders on), a folder of ${folder!.n} files, default page.`,
          `- Small site (${smallFiles.toLocaleString('en')} files in ${smallFolders} folders), ${CONNECTIONS} connections × ${settings.loadSeconds} s: ${describeLoad(small.result)}.`,
          `- Large site (${largeFiles.toLocaleString('en')} files in ${largeFolders} folders; the rest inserted in ${(insertMs / 1000).toFixed(1)} s), same load: ${describeLoad(large.result)}.`,
          describeFloor(floor, TARGET_P99_MS, CONNECTIONS),
          `- Move (\`PATCH folders/{id}\` \`{ parentId }\`, as ${STAFF}) of a folder holding ${movedFiles.toLocaleString('en')} files, ${moves.length} times there and back: ${moves.map((m) => m.toFixed(1)).join(', ')} ms.`,
        ],
      };
    } finally {
      await portico.stop();
    }
  },
};
