import { startBaseline } from '../lib/baseline.ts';
import type { Benchmark } from '../lib/benchmark.ts';
import { compareThroughput, cpuNote, gbps, serverCpu, times } from '../lib/compare.ts';
import { spreadSizes } from '../lib/data.ts';
import { CLIENT, fileManagement, publishRandomFiles, requireEndpoint, siteIdOf } from '../lib/fixture.ts';
import { describeAnswer, type TimedResponse, timedRequest } from '../lib/http-client.ts';
import { startPortico } from '../lib/portico.ts';
import { formatBytes, GiB, median } from '../lib/settings.ts';
import { zipEntryCount } from '../lib/zip-check.ts';

const TARGET = 0.6;
const TARGET_FIRST_BYTE_MS = 300;

/** The note for answers that did not end, if any. */
const stalled = (stalls: TimedResponse[]) => {
  const first = stalls[0];
  if (!first) return '';
  const announced = Number(first.headers['content-length']);
  const waits = stalls.map((r) => (r.ms - r.lastByteMs) / 1000);
  return (
    `**the answer is cut off: Content-Length ${announced.toLocaleString('en')} announces ` +
    `${(announced - first.bytes).toLocaleString('en')} bytes more than the zip sends, so the client sees the ` +
    `connection close mid-answer (${Math.min(...waits).toFixed(1)}–${Math.max(...waits).toFixed(1)} s after the ` +
    'last byte) and a browser reports the download as failed** (runs timed to the last byte); '
  );
};

/**
 * A zip of 1,000 published files totalling 1 GiB, streamed by the API, vs. a plain Node server reading the same
 * blob files one after the other into one raw response: the cost of the zip (headers, CRC-32, maybe deflate),
 * the access checks on 1,000 ids and the audit events, over just moving the bytes.
 */
export const zipBenchmark: Benchmark = {
  name: 'zip',
  title: 'Zip 1,000 files, 1 GiB',
  target: `≥ ${TARGET}×, first byte < ${TARGET_FIRST_BYTE_MS} ms`,
  async run({ settings, dir, log }) {
    const count = Math.max(10, Math.round(1000 * settings.scale));
    const total = Math.round(GiB * settings.scale);
    const portico = await startPortico(dir, settings);
    const baseline = await startBaseline(dir);
    try {
      const siteId = await siteIdOf(portico);
      const token = await portico.signIn(CLIENT);
      const zipUrl = `${fileManagement(portico)}/published-files/zip`;
      await requireEndpoint(zipUrl, token, 'POST', {
        contentType: 'application/json',
        text: '{"fileIds":[]}',
      });

      log(`writing ${count} published files, ${formatBytes(total)} in all`);
      const files = await publishRandomFiles(
        portico,
        siteId,
        spreadSizes(total, count).map((size, i) => ({
          size,
          fileName: `Bench document ${String(i + 1).padStart(4, '0')}.pdf`,
          contentType: 'application/pdf',
        })),
      );
      await baseline.setConcatFiles(files.map((f) => f.blobPath));
      const body = JSON.stringify({ fileIds: files.map((f) => f.id) });

      // Answers that carried the whole archive but did not end (the connection closed later, short of the
      // Content-Length announced) are timed to their last byte and reported; they fail the benchmark.
      const stalls: TimedResponse[] = [];
      const porticoSide = {
        label: 'Portico',
        pid: portico.pid,
        run: async () => {
          const res = await timedRequest({
            url: zipUrl,
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body,
            keepTail: 256 * 1024,
          });
          const entries = zipEntryCount(res.tail);
          if (res.status !== 200 || res.bytes < total || entries !== count) {
            throw new Error(
              `Portico zip answered ${describeAnswer(res)}: ${res.bytes} bytes, ${entries ?? 'no'} entries declared (expected ≥ ${total} bytes, ${count} entries)`,
            );
          }
          if (res.complete) return res;
          stalls.push(res);
          return { ...res, ms: res.lastByteMs };
        },
      };
      const baselineSide = {
        label: 'baseline',
        pid: baseline.pid,
        run: async () => {
          const res = await timedRequest({ url: `${baseline.url}/concat` });
          if (res.status !== 200 || res.bytes !== total || !res.complete) {
            throw new Error(`baseline answered ${describeAnswer(res)} with ${res.bytes} of ${total} bytes`);
          }
          return res;
        },
      };
      const warm = await porticoSide.run();
      await baselineSide.run();
      const result = await compareThroughput(porticoSide, baselineSide, {
        repeat: settings.repeat,
        bytes: total,
        log,
      });
      const firstBytes = result.portico.map((r) => r.firstByteMs);
      const firstByte = median(firstBytes);
      const overhead = (r: TimedResponse) => r.bytes - total;
      return {
        portico: `${gbps(result.porticoGBps)}, first byte ${firstByte.toFixed(0)} ms`,
        baseline: `${gbps(result.baselineGBps)}, first byte ${median(result.baseline.map((r) => r.firstByteMs)).toFixed(0)} ms`,
        ratio: `${result.ratio.toFixed(2)}×`,
        pass: result.ratio >= TARGET && firstByte < TARGET_FIRST_BYTE_MS && stalls.length === 0,
        notes: `${stalled(stalls)}${cpuNote(result)}; zip ${formatBytes(warm.bytes)} (${overhead(warm).toLocaleString('en')} bytes of zip structure); first byte of each run ${firstBytes.map((t) => t.toFixed(0)).join(', ')} ms`,
        details: [
          ...(stalls.length
            ? [
                `- **${stalls.length} of ${settings.repeat + 1} answers were cut off**: ${stalls.map((r) => `Content-Length ${r.headers['content-length']}, ${r.bytes} bytes received, closed after ${(r.ms / 1000).toFixed(1)} s`).join('; ')}. The archive itself was complete (its end record read); those runs are timed to their last byte.`,
              ]
            : []),
          `- ${count} files of random bytes (incompressible), ${formatBytes(total)} in all, sizes ${formatBytes(Math.min(...files.map((f) => f.size)))}–${formatBytes(Math.max(...files.map((f) => f.size)))}, type application/pdf, zipped by ${CLIENT} with one \`POST …/published-files/zip { fileIds }\`.`,
          `- Throughput counts the files' bytes for both sides; the zip's own structure is not counted as work done.`,
          `- Each archive checked: status 200, at least the files' bytes, and ${count} entries declared in its end record. Content-Type ${warm.headers['content-type'] ?? '—'}, Content-Disposition ${warm.headers['content-disposition'] ?? '—'}.`,
          `- Server CPU per run (median): Portico ${serverCpu(result.portico)}, baseline ${serverCpu(result.baseline)}.`,
          `- Portico runs: ${times(result.portico)}; baseline runs: ${times(result.baseline)} (after one warm-up each).`,
          `- Portico: headers after ${median(result.portico.map((r) => r.headersMs)).toFixed(0)} ms, first body byte after ${firstByte.toFixed(0)} ms (median).`,
        ],
      };
    } finally {
      await Promise.all([portico.stop(), baseline.stop()]);
    }
  },
};
