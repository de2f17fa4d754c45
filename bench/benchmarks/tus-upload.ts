import type { Benchmark } from '../lib/benchmark.ts';
import { compareThroughput, cpuNote, gbps, serverCpu, times } from '../lib/compare.ts';
import { randomStream } from '../lib/data.ts';
import { CLIENT, requireEndpoint, siteIdOf, syncDisks, TENANT } from '../lib/fixture.ts';
import { describeAnswer, type TimedResponse, timedRequest } from '../lib/http-client.ts';
import { type Portico, startPortico } from '../lib/portico.ts';
import { formatBytes, GiB } from '../lib/settings.ts';
import { uploadForm, uploadToPortico } from '../lib/upload.ts';

const TARGET = 0.8;

const tusEndpoint = (portico: Portico) => `${portico.url}/t/${TENANT}/file-storage/api/uploads/tus`;
const metadataOf = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/**
 * What tus-js-client does for one file in the portal: a creation request, then one PATCH with the whole file
 * (no chunk size is set), answered with the reference number. Timed from the creation's start to the PATCH's
 * answer; the pending upload is discarded afterwards, outside the timing, so the disk does not fill up. `target`
 * is the site (a new file), or `{ fileId }`: a new version of that file (the `versions` benchmark).
 */
export async function uploadThroughTus(
  portico: Portico,
  token: string,
  target: string | { fileId: string },
  size: number,
  seed: number,
) {
  const auth = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
  const created = await timedRequest({
    url: tusEndpoint(portico),
    method: 'POST',
    headers: {
      ...auth,
      'upload-length': String(size),
      'upload-metadata': metadataOf({
        filename: `Bench tus upload ${seed}.pdf`,
        filetype: 'application/pdf',
        ...(typeof target === 'string' ? { siteId: target } : target),
      }),
    },
  });
  const location = created.headers.location;
  if (created.status !== 201 || !location)
    throw new Error(`tus creation answered ${describeAnswer(created)}`);
  const patched = await timedRequest({
    url: new URL(location, portico.url).href,
    method: 'PATCH',
    headers: {
      ...auth,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': String(size),
    },
    body: randomStream(size, seed),
  });
  const reference = patched.headers['upload-reference-number'];
  if (patched.status !== 204 || !reference || patched.headers['upload-offset'] !== String(size)) {
    throw new Error(`tus PATCH answered ${describeAnswer(patched)}`);
  }
  return {
    res: { ...patched, ms: created.ms + patched.ms } satisfies TimedResponse,
    reference: String(reference),
  };
}

export async function discard(portico: Portico, token: string, siteId: string, referenceNumber: string) {
  const body = JSON.stringify({ siteId, referenceNumbers: [referenceNumber] });
  const res = await timedRequest({
    url: `${portico.url}/t/${TENANT}/file-storage/api/files`,
    method: 'DELETE',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
    },
    body,
  });
  if (res.status !== 204) throw new Error(`discard answered ${describeAnswer(res)}`);
}

/**
 * A resumable (tus) upload of 1 GiB against the multipart endpoint of the same server, in the same run: both
 * end as the same pending upload (blob fsynced, sha256, row), so the ratio is what tus's protocol, its
 * creation request and the store's extra statements cost.
 */
export const tusUploadBenchmark: Benchmark = {
  name: 'tus',
  title: 'tus upload 1 GiB',
  target: `≥ ${TARGET}× multipart`,
  async run({ settings, dir, log }) {
    const size = Math.round(GiB * settings.scale);
    const portico = await startPortico(dir, settings);
    try {
      const siteId = await siteIdOf(portico);
      const token = await portico.signIn(CLIENT);
      await requireEndpoint(
        tusEndpoint(portico),
        token,
        'POST',
        undefined,
        'POST file-storage api/uploads/tus',
      );

      // Warm-up: both paths have run once.
      await discard(
        portico,
        token,
        siteId,
        (await uploadThroughTus(portico, token, siteId, 1024 * 1024, 0)).reference,
      );
      const warm = await uploadToPortico(portico, token, uploadForm(siteId, 1024 * 1024, 0));
      await discard(portico, token, siteId, referenceOf(warm));

      let seed = 1;
      const tusSide = {
        label: 'tus',
        pid: portico.pid,
        run: async () => {
          const { res, reference } = await uploadThroughTus(portico, token, siteId, size, seed++);
          await discard(portico, token, siteId, reference);
          return res;
        },
      };
      const multipartSide = {
        label: 'multipart',
        pid: portico.pid,
        run: async () => {
          const res = await uploadToPortico(portico, token, uploadForm(siteId, size, seed++));
          await discard(portico, token, siteId, referenceOf(res));
          return res;
        },
      };
      const result = await compareThroughput(tusSide, multipartSide, {
        repeat: settings.repeat,
        bytes: size,
        between: syncDisks,
        log,
      });
      return {
        portico: gbps(result.porticoGBps),
        baseline: gbps(result.baselineGBps),
        ratio: `${result.ratio.toFixed(2)}×`,
        pass: result.ratio >= TARGET,
        notes: `baseline = the multipart endpoint of the same server; ${cpuNote(result)}`,
        details: [
          `- tus: a creation request (\`POST …/file-storage/api/uploads/tus\`, Upload-Length, Upload-Metadata) and one \`PATCH\` with the whole ${formatBytes(size)} file (what tus-js-client sends without a chunk size), timed from the creation to the PATCH's answer (204 with \`Upload-Reference-Number\`).`,
          `- multipart: \`POST …/file-storage/api/files\` (siteId field, one file part) as in \`upload\`. Both as ${CLIENT}, on the same server process, bodies of random bytes generated while sent.`,
          '- `sync` before every run; each pending upload is discarded after its run, outside the timing.',
          `- Server CPU per run (median): tus ${serverCpu(result.portico)}, multipart ${serverCpu(result.baseline)}.`,
          `- tus runs: ${times(result.portico)}; multipart runs: ${times(result.baseline)}.`,
        ],
      };
    } finally {
      await portico.stop();
    }
  },
};

function referenceOf(res: TimedResponse): string {
  const match = /"referenceNumber":"([^"]+)"/.exec(res.head.toString('utf8'));
  if (!match) throw new Error(`no reference number in ${describeAnswer(res)}`);
  return match[1]!;
}
