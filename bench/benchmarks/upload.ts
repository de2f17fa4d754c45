import { startBaseline } from '../lib/baseline.ts';
import type { Benchmark } from '../lib/benchmark.ts';
import { compareThroughput, cpuNote, gbps, serverCpu, times } from '../lib/compare.ts';
import { CLIENT, fileStorage, requireEndpoint, siteIdOf, syncDisks } from '../lib/fixture.ts';
import { startPortico } from '../lib/portico.ts';
import { formatBytes, GiB, gbPerSecond, median } from '../lib/settings.ts';
import { removeBaselineUpload, uploadForm, uploadToBaseline, uploadToPortico } from '../lib/upload.ts';

const TARGET = 0.8;

/**
 * Upload of one 1 GiB file through the API (multipart parsing, sha256, blob written to a temporary name,
 * fsynced and renamed, a row) vs. a plain Node server doing pipeline(req, createWriteStream(file)) with the
 * same request body. The disks are synced before every run, so no run pays for another's dirty pages.
 */
export const uploadBenchmark: Benchmark = {
  name: 'upload',
  title: 'Upload 1 GiB',
  target: `≥ ${TARGET}×`,
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

      // Warm-up with a small file: both servers have run their code once, and the form is accepted.
      await uploadToPortico(portico, token, uploadForm(siteId, 1024 * 1024, 0));
      await uploadToBaseline(baseline, 'warm-up', uploadForm(siteId, 1024 * 1024, 0));

      let seed = 1;
      const porticoSide = {
        label: 'Portico',
        pid: portico.pid,
        run: () => uploadToPortico(portico, token, uploadForm(siteId, size, seed++)),
      };
      const baselineSide = {
        label: 'baseline',
        pid: baseline.pid,
        run: async () => {
          const name = `upload-${seed}`;
          const res = await uploadToBaseline(baseline, name, uploadForm(siteId, size, seed++));
          await removeBaselineUpload(baseline, name);
          return res;
        },
      };
      const result = await compareThroughput(porticoSide, baselineSide, {
        repeat: settings.repeat,
        bytes: size,
        between: syncDisks,
        log,
      });

      // Context: the same baseline made durable (fsync before answering), as Portico's blob store is.
      const durable: number[] = [];
      for (let i = 0; i < Math.min(2, settings.repeat); i++) {
        await syncDisks();
        const name = `durable-${i}`;
        durable.push(
          (await uploadToBaseline(baseline, name, uploadForm(siteId, size, seed++), { fsync: true })).ms,
        );
        await removeBaselineUpload(baseline, name);
      }
      const durableGBps = gbPerSecond(size, median(durable));
      return {
        portico: gbps(result.porticoGBps),
        baseline: gbps(result.baselineGBps),
        ratio: `${result.ratio.toFixed(2)}×`,
        pass: result.ratio >= TARGET,
        notes: `${cpuNote(result)}; baseline + fsync: ${gbps(durableGBps)} (Portico ${(result.porticoGBps / durableGBps).toFixed(2)}× that)`,
        details: [
          `- One multipart/form-data request (siteId field, one ${formatBytes(size)} file of random bytes generated while sent, with Content-Length) as ${CLIENT}; the baseline receives the same body.`,
          `- \`sync\` before every run; the baseline's file is removed after each run, Portico's blobs are kept until the end.`,
          `- Server CPU per run (median): Portico ${serverCpu(result.portico)}, baseline ${serverCpu(result.baseline)}.`,
          `- Portico runs: ${times(result.portico)}; baseline runs: ${times(result.baseline)}; baseline + fsync runs: ${durable.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', ')}.`,
          `- Portico's answer: \`${result.portico[0]?.head.toString('utf8').slice(0, 200) ?? ''}\``,
        ],
      };
    } finally {
      await Promise.all([portico.stop(), baseline.stop()]);
    }
  },
};
