import { startBaseline } from '../lib/baseline.ts';
import type { Benchmark } from '../lib/benchmark.ts';
import { CLIENT, fileStorage, requireEndpoint, siteIdOf, syncDisks } from '../lib/fixture.ts';
import type { TimedResponse } from '../lib/http-client.ts';
import { startPortico } from '../lib/portico.ts';
import { childPids, readMemory, resetPeak, sampleRss } from '../lib/rss.ts';
import { formatBytes, GiB, gbPerSecond } from '../lib/settings.ts';
import { removeBaselineUpload, uploadForm, uploadToBaseline, uploadToPortico } from '../lib/upload.ts';

const TARGET_MB = 250;
const CONCURRENT = 8;
const MB = 1e6;

interface Peak {
  /** The larger of the sampled VmRSS maximum and VmHWM (when its reset before the load worked). */
  peakBytes: number;
  sampledBytes: number;
  hwmBytes: number | undefined;
  idleBytes: number;
  samples: number;
  ms: number;
}

/** Resets the peak, samples every 50 ms while `load` runs, and reads the peak after. */
async function measurePeak(pid: number, load: () => Promise<unknown>): Promise<Peak> {
  const reset = await resetPeak(pid);
  const idle = await readMemory(pid);
  const sampler = await sampleRss(pid, 50);
  const started = performance.now();
  let stats: Awaited<ReturnType<typeof sampler.stop>>;
  try {
    await load();
  } finally {
    stats = await sampler.stop();
  }
  const ms = performance.now() - started;
  const hwmBytes = reset ? stats.hwmBytes : undefined;
  return {
    peakBytes: Math.max(stats.peakSampledBytes, hwmBytes ?? 0),
    sampledBytes: stats.peakSampledBytes,
    hwmBytes,
    idleBytes: idle.rssKiB * 1024,
    samples: stats.samples,
    ms,
  };
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;

const breakdown = (m: NodeJS.MemoryUsage) =>
  `rss ${mb(m.rss)} = V8 heap ${mb(m.heapTotal)} (${mb(m.heapUsed)} used) + external ${mb(m.external)} ` +
  `(array buffers ${mb(m.arrayBuffers)}) + other ${mb(m.rss - m.heapTotal - m.external)}`;

/**
 * Peak resident memory of the server process while 8 clients each upload a 1 GiB file at once: streaming means
 * memory stays flat whatever the sizes. The server runs as its own process, sampled from /proc/<pid>/status.
 * The baseline is the plain pipeline server's peak under the same 8 uploads.
 */
export const uploadRssBenchmark: Benchmark = {
  name: 'rss',
  title: 'Peak server RSS, 8 concurrent 1 GiB uploads',
  target: `≤ ${TARGET_MB} MB`,
  async run({ settings, dir, log }) {
    const size = Math.round(GiB * settings.scale);
    const portico = await startPortico(dir, settings);
    const baseline = await startBaseline(dir);
    try {
      const siteId = await siteIdOf(portico);
      const token = await portico.signIn(CLIENT);
      await requireEndpoint(fileStorage(portico), token, 'POST', {
        contentType: 'application/json',
        text: '{}',
      });
      await uploadToPortico(portico, token, uploadForm(siteId, 1024 * 1024, 0));

      const all = (one: (i: number) => Promise<TimedResponse>) =>
        Promise.all(Array.from({ length: CONCURRENT }, (_, i) => one(i)));
      const before = await portico.memory();
      await syncDisks();
      log(`Portico: ${CONCURRENT} × ${formatBytes(size)} at once`);
      const server = await measurePeak(portico.pid, () =>
        all((i) => uploadToPortico(portico, token, uploadForm(siteId, size, 100 + i))),
      );
      const after = await portico.memory();
      // With PGlite the database runs in a child of the server, as PostgreSQL's processes run beside it with
      // DATABASE_URL: not the server's memory, but said here so the total is on the record.
      const database = await Promise.all((await childPids(portico.pid)).map((pid) => readMemory(pid)));
      await syncDisks();
      log(`baseline: ${CONCURRENT} × ${formatBytes(size)} at once`);
      const plain = await measurePeak(baseline.pid, () =>
        all((i) => uploadToBaseline(baseline, `rss-${i}`, uploadForm(siteId, size, 100 + i))),
      );
      await Promise.all(
        Array.from({ length: CONCURRENT }, (_, i) => removeBaselineUpload(baseline, `rss-${i}`)),
      );

      const total = CONCURRENT * size;
      const describe = (p: Peak) =>
        `peak ${mb(p.peakBytes)} (sampled VmRSS max ${mb(p.sampledBytes)}, VmHWM ${p.hwmBytes === undefined ? 'not reset, ignored' : mb(p.hwmBytes)}, ${p.samples} samples), ` +
        `${mb(p.idleBytes)} before the load; ${(p.ms / 1000).toFixed(1)} s for ${formatBytes(total)}, ${gbPerSecond(total, p.ms).toFixed(3)} GB/s in all`;
      return {
        portico: mb(server.peakBytes),
        baseline: mb(plain.peakBytes),
        ratio: `${(server.peakBytes / plain.peakBytes).toFixed(1)}× the memory`,
        pass: server.peakBytes <= TARGET_MB * MB,
        notes:
          `${mb(server.idleBytes)} before the load, +${mb(server.peakBytes - server.idleBytes)} during it ` +
          `(baseline ${mb(plain.idleBytes)}, +${mb(plain.peakBytes - plain.idleBytes)}); ` +
          `${(server.ms / 1000).toFixed(0)} s vs ${(plain.ms / 1000).toFixed(0)} s for the ${CONCURRENT} uploads`,
        details: [
          `- ${CONCURRENT} simultaneous multipart uploads of ${formatBytes(size)} each (random bytes generated while sent) as ${CLIENT}; the same ${CONCURRENT} bodies to the baseline.`,
          `- RSS from /proc/<pid>/status every 50 ms; VmHWM reset (clear_refs 5) before the load so start-up (migrations, seeding) does not count. MB = 10⁶ bytes.`,
          `- Portico: ${describe(server)}.`,
          `- Baseline: ${describe(plain)}.`,
          `- Portico's own account (process.memoryUsage()) before → after the load: ${breakdown(before)} → ${breakdown(after)}. ` +
            'What RSS holds beyond the V8 heap and external buffers is native memory: code (Node itself, compiled modules) and buffers.',
          database.length
            ? `- The server's PGlite process (its child, not counted above, as PostgreSQL's own processes are not with DATABASE_URL): RSS ${database.map((m) => mb(m.rssKiB * 1024)).join(', ')} after the load, peak since it started ${database.map((m) => mb(m.hwmKiB * 1024)).join(', ')}.`
            : '- The server has no child process (the database is a PostgreSQL server of its own).',
        ],
      };
    } finally {
      await Promise.all([portico.stop(), baseline.stop()]);
    }
  },
};
