import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Benchmark } from '../lib/benchmark.ts';
import { compareThroughput, cpuNote, gbps, serverCpu, times } from '../lib/compare.ts';
import { publishRandomFiles, requireEndpoint, STAFF, siteIdOf, syncDisks, TENANT } from '../lib/fixture.ts';
import { startPortico } from '../lib/portico.ts';
import { formatBytes, GiB } from '../lib/settings.ts';
import { discard, uploadThroughTus } from './tus-upload.ts';

const TARGET = 0.95;

/**
 * A new version of a file (decision 49) against a first upload of the same size, both through tus as the portal
 * sends them, on the same server, alternating: the new version's extra work (the file's lock, the version row,
 * its promotion, the audit event, the clients' mail) must cost next to nothing next to the bytes.
 */
export const versionUploadBenchmark: Benchmark = {
  name: 'versions',
  title: 'new-version upload 1 GiB',
  target: `≥ ${TARGET}× first upload`,
  async run({ settings, dir, log }) {
    const size = Math.round(GiB * settings.scale);
    const portico = await startPortico(dir, settings);
    try {
      const siteId = await siteIdOf(portico);
      const token = await portico.signIn(STAFF);
      const [file] = await publishRandomFiles(portico, siteId, [
        { size: 1024 * 1024, fileName: 'Bench versions.pdf', contentType: 'application/pdf' },
      ]);
      const fileId = file!.id;
      await requireEndpoint(
        `${portico.url}/t/${TENANT}/file-management/api/files/${fileId}/versions`,
        token,
        'GET',
        undefined,
        'GET file-management api/files/{id}/versions',
      );
      // The versions a run left behind (all but the current one) go with their bytes, outside the timing, so the
      // disk does not fill up with a gigabyte per run.
      const dropOldVersions = async () => {
        const gone = await portico.query<{ blob_key: string }>(
          `DELETE FROM file_versions v USING files f
           WHERE v.file_id = f.id AND f.id = $1 AND v.version < f.version AND v.blob_key <> f.blob_key
           RETURNING v.blob_key`,
          [fileId],
        );
        await Promise.all(gone.map((r) => rm(path.join(portico.blobDir, r.blob_key), { force: true })));
      };

      // Warm-up: both paths have run once.
      await uploadThroughTus(portico, token, { fileId }, 1024 * 1024, 0);
      await discard(
        portico,
        token,
        siteId,
        (await uploadThroughTus(portico, token, siteId, 1024 * 1024, 0)).reference,
      );
      await dropOldVersions();

      let seed = 1;
      const result = await compareThroughput(
        {
          label: 'new version',
          pid: portico.pid,
          run: async () => {
            const { res } = await uploadThroughTus(portico, token, { fileId }, size, seed++);
            await dropOldVersions();
            return res;
          },
        },
        {
          label: 'first upload',
          pid: portico.pid,
          run: async () => {
            const { res, reference } = await uploadThroughTus(portico, token, siteId, size, seed++);
            await discard(portico, token, siteId, reference);
            return res;
          },
        },
        { repeat: settings.repeat, bytes: size, between: syncDisks, log },
      );
      const versions = await portico.query<{ version: number }>('SELECT version FROM files WHERE id = $1', [
        fileId,
      ]);
      return {
        portico: gbps(result.porticoGBps),
        baseline: gbps(result.baselineGBps),
        ratio: `${result.ratio.toFixed(2)}×`,
        pass: result.ratio >= TARGET,
        notes: `baseline = a first tus upload to the same server; ${cpuNote(result)}`,
        details: [
          `- new version: a tus creation with \`fileId\` in Upload-Metadata and one \`PATCH\` with the whole ${formatBytes(size)} file, answered 204 once it is the file's next version (row lock, version row, promotion, audit, clients' mail), as ${STAFF}.`,
          '- first upload: the same with `siteId` (a pending upload), discarded after its run, outside the timing.',
          `- The file ended at version ${versions[0]?.version ?? '?'}; old versions' rows and bytes are removed after each run, outside the timing.`,
          '- `sync` before every run.',
          `- Server CPU per run (median): new version ${serverCpu(result.portico)}, first upload ${serverCpu(result.baseline)}.`,
          `- new-version runs: ${times(result.portico)}; first-upload runs: ${times(result.baseline)}.`,
        ],
      };
    } finally {
      await portico.stop();
    }
  },
};
