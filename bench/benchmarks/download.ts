import path from 'node:path';
import { startBaseline } from '../lib/baseline.ts';
import type { Benchmark } from '../lib/benchmark.ts';
import { compareThroughput, cpuNote, gbps, serverCpu, times } from '../lib/compare.ts';
import {
  CLIENT,
  fileManagement,
  publishRandomFiles,
  requireEndpoint,
  siteIdOf,
  TENANT,
} from '../lib/fixture.ts';
import { describeAnswer, timedRequest } from '../lib/http-client.ts';
import { type Nginx, startNginx } from '../lib/nginx.ts';
import { startPortico } from '../lib/portico.ts';
import { formatBytes, GiB, median } from '../lib/settings.ts';

const TARGET = 0.9;

/**
 * Download of one 1 GiB published file through the API (token check, site check, audit event, headers, the
 * blob streamed) vs. a plain Node server doing createReadStream(file).pipe(res) on the very same blob file.
 */
export const downloadBenchmark: Benchmark = {
  name: 'download',
  title: 'Download 1 GiB',
  target: `≥ ${TARGET}×`,
  async run({ settings, dir, log }) {
    const size = Math.round(GiB * settings.scale);
    const portico = await startPortico(dir, settings);
    const baseline = await startBaseline(dir);
    let nginx: Nginx | undefined;
    try {
      const siteId = await siteIdOf(portico);
      const token = await portico.signIn(CLIENT);
      const headers = { authorization: `Bearer ${token}` };
      const url = (id: string) => `${fileManagement(portico)}/published-files/${id}`;
      await requireEndpoint(
        url('00000000-0000-4000-8000-000000000000'),
        token,
        'GET',
        undefined,
        `/t/${TENANT}/file-management/api/files/published-files/{id}`,
      );

      log(`writing a ${formatBytes(size)} published file`);
      const [file] = await publishRandomFiles(portico, siteId, [
        { size, fileName: 'Bench download.pdf', contentType: 'application/pdf' },
      ]);
      const check = (label: string) => (res: Awaited<ReturnType<typeof timedRequest>>) => {
        if (res.status !== 200 || res.bytes !== size || !res.complete) {
          throw new Error(`${label} answered ${describeAnswer(res)} with ${res.bytes} of ${size} bytes`);
        }
        return res;
      };
      const porticoSide = {
        label: 'Portico',
        pid: portico.pid,
        run: () => timedRequest({ url: url(file!.id), headers }).then(check('Portico download')),
      };
      const baselineSide = {
        label: 'baseline',
        pid: baseline.pid,
        run: () =>
          timedRequest({ url: `${baseline.url}/file?path=${encodeURIComponent(file!.blobPath)}` }).then(
            check('baseline download'),
          ),
      };
      // Warm-up: the page cache holds the file and both servers have run their code once.
      const warm = await porticoSide.run();
      await baselineSide.run();
      const result = await compareThroughput(porticoSide, baselineSide, {
        repeat: settings.repeat,
        bytes: size,
        log,
      });
      // nginx (sendfile) on the same blob file, where Debian's nginx-light is installed: Portico ÷ nginx.
      nginx = await startNginx(dir, portico.blobDir);
      const server = nginx;
      const vsNginx = server
        ? await compareThroughput(
            porticoSide,
            {
              label: 'nginx',
              pid: server.pid,
              run: () =>
                timedRequest({
                  url: `${server.url}/${path.relative(portico.blobDir, file!.blobPath)}`,
                }).then(check('nginx download')),
            },
            { repeat: settings.repeat, bytes: size, log },
          )
        : undefined;
      const h = warm.headers;
      const missingHeaders = ['content-length', 'etag', 'accept-ranges', 'content-disposition'].filter(
        (n) => !h[n],
      );
      return {
        portico: gbps(result.porticoGBps),
        baseline: gbps(result.baselineGBps),
        ratio: `${result.ratio.toFixed(2)}×`,
        pass: result.ratio >= TARGET,
        notes:
          `${cpuNote(result)}; first byte ${median(result.portico.map((r) => r.firstByteMs)).toFixed(0)} ms vs ` +
          `${median(result.baseline.map((r) => r.firstByteMs)).toFixed(0)} ms` +
          (missingHeaders.length ? `; no ${missingHeaders.join(', ')} header` : '') +
          (vsNginx
            ? `; Portico ÷ nginx ${vsNginx.ratio.toFixed(2)}× (${gbps(vsNginx.porticoGBps)} vs ${gbps(vsNginx.baselineGBps)})`
            : '; nginx not installed'),
        details: [
          `- File: ${formatBytes(size)} of random bytes, a published file of the demo site, downloaded by ${CLIENT}; the baseline streams the same blob file.`,
          `- Server CPU per run (median): Portico ${serverCpu(result.portico)}, baseline ${serverCpu(result.baseline)}.`,
          `- Portico runs: ${times(result.portico)}; baseline runs: ${times(result.baseline)} (after one warm-up each).`,
          vsNginx
            ? `- nginx (Debian's nginx-light, one process, \`sendfile on\`) serving the same blob file, in alternation with Portico: Portico ${times(vsNginx.portico)}; nginx ${times(vsNginx.baseline)}; medians ${gbps(vsNginx.porticoGBps)} vs ${gbps(vsNginx.baselineGBps)}, Portico ÷ nginx ${vsNginx.ratio.toFixed(2)}×; server CPU per run: nginx ${serverCpu(vsNginx.baseline)}.`
            : '- nginx: not installed (apt-get install nginx-light), not measured.',
          `- Portico headers: content-length ${h['content-length'] ?? '—'}, etag ${h.etag ?? '—'}, accept-ranges ${h['accept-ranges'] ?? '—'}, content-type ${h['content-type'] ?? '—'}.`,
        ],
      };
    } finally {
      await Promise.all([portico.stop(), baseline.stop(), nginx?.stop()]);
    }
  },
};
