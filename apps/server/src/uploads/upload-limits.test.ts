import { randomBytes, randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { type ErrorBody, UPLOAD_AUDIT_ACTIONS } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../testing/api.ts';
import { listBlobFiles, rawMultipart } from '../testing/uploads.ts';

// A server of its own, with a 1 MiB upload limit and a two-second grace period, so that both can be watched.
const LIMIT = 1024 * 1024;
const api = useTestApi({ env: { MAX_UPLOAD_BYTES: String(LIMIT), UPLOAD_GRACE_SECONDS: '2' } });
const site = () => api.siteId('ACME-1001');

/**
 * What exists now, to compare with later: the reaper may remove earlier uploads meanwhile, so "nothing kept"
 * means nothing new, not nothing changed.
 */
async function snapshot() {
  const rows = await api.db.query<{ id: string }>('SELECT id FROM uploads');
  return { rows: rows.rows.map((r) => r.id), blobs: await listBlobFiles(api.server.config.dataDir) };
}
async function expectNothingNew(before: Awaited<ReturnType<typeof snapshot>>) {
  const after = await snapshot();
  expect(after.rows.filter((id) => !before.rows.includes(id))).toEqual([]);
  expect(after.blobs.filter((blob) => !before.blobs.includes(blob))).toEqual([]);
}

/**
 * Sends a multipart upload of one `size`-byte file as fast as the server takes it, and notes how much had been
 * sent when the answer came: a server that stops early answers long before the client is done.
 */
async function streamUpload(size: number) {
  const token = await api.as('bob').token();
  const boundary = `b${randomUUID()}`;
  const head = rawMultipart(
    boundary,
    [
      { field: 'siteId', value: site() },
      { file: 'file', fileName: 'huge.bin', type: 'application/octet-stream', bytes: new Uint8Array(0) },
    ],
    false,
  ).subarray(0, -2);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise<{ status: number; body: ErrorBody; sentAtAnswer: number }>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request(`${api.url}/t/acme/file-storage/api/files`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + size + tail.length,
      },
    });
    req.on('response', (res) => {
      answered = true;
      const sentAtAnswer = sent;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          body: JSON.parse(Buffer.concat(chunks).toString()),
          sentAtAnswer,
        }),
      );
    });
    // Writing into a connection the server closed fails; that is the point, once the answer is in.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.write(head);
    const chunk = Buffer.alloc(256 * 1024, 7);
    const pump = () => {
      while (!answered && sent < size) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end(tail);
    };
    pump();
  });
}

describe('the upload size limit (MAX_UPLOAD_BYTES)', () => {
  it('accepts a file of exactly the limit and refuses one byte more with 413', async () => {
    const exact = await api.as('bob').upload(site(), [{ name: 'exact.bin', bytes: randomBytes(LIMIT) }]);
    expect([exact.status, exact.body.files?.[0]?.size]).toEqual([201, LIMIT]);
    const before = await snapshot();
    const over = await api.as('bob').upload(site(), [{ name: 'over.bin', bytes: randomBytes(LIMIT + 1) }]);
    expect([over.status, over.body.error?.code]).toEqual([413, 'uploads.too_large']);
    expect(over.body.error.message).toBe('A file may have at most 1 MB.');
    await expectNothingNew(before);
  });

  it('stops reading an oversized upload early, answers 413 and keeps nothing', async () => {
    const total = 64 * 1024 * 1024;
    const before = await snapshot();
    const answer = await streamUpload(total);
    expect([answer.status, answer.body.error.code]).toEqual([413, 'uploads.too_large']);
    // The answer came while most of the body was still unsent: the server did not read it all.
    expect(answer.sentAtAnswer).toBeLessThan(total / 4);
    await expectNothingNew(before);
  });
});

describe('the reaper in the server process', () => {
  it('removes an upload nobody saved once the grace period is over, and leaves saved ones', async () => {
    const uploaded = await api.as('bob').upload(site(), [
      { name: 'forgotten.txt', bytes: randomBytes(10) },
      { name: 'kept.txt', bytes: randomBytes(10) },
    ]);
    const [forgotten, kept] = uploaded.body.files.map((f) => f.referenceNumber);
    const saved = await api.as('bob').post('/t/acme/portal/api/files', {
      siteId: site(),
      files: [{ referenceNumber: kept }],
    });
    expect(saved.status).toBe(201);
    const keys = await api.db.query<{ reference_number: string; blob_key: string }>(
      'SELECT reference_number, blob_key FROM uploads WHERE reference_number = ANY($1) ORDER BY reference_number = $2',
      [[forgotten, kept], kept],
    );
    const [forgottenBlob, keptBlob] = keys.rows.map((r) => r.blob_key);
    expect(await listBlobFiles(api.server.config.dataDir)).toEqual(
      expect.arrayContaining([forgottenBlob, keptBlob]),
    );

    const deadline = Date.now() + 15_000;
    const pending = async () =>
      (await api.db.query('SELECT 1 FROM uploads WHERE reference_number = $1', [forgotten])).rows.length;
    while ((await pending()) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await pending()).toBe(0);
    const blobs = await listBlobFiles(api.server.config.dataDir);
    expect([blobs.includes(forgottenBlob!), blobs.includes(keptBlob!)]).toEqual([false, true]);
    const states = await api.db.query<{ state: string }>(
      'SELECT state FROM uploads WHERE reference_number = $1',
      [kept],
    );
    expect(states.rows).toEqual([{ state: 'saved' }]);
    const audit = await api.db.query<{ action: string }>(
      "SELECT action FROM audit_events WHERE detail->>'referenceNumber' = $1 ORDER BY id",
      [forgotten],
    );
    expect(audit.rows.map((r) => r.action)).toEqual([
      UPLOAD_AUDIT_ACTIONS.receive,
      UPLOAD_AUDIT_ACTIONS.expire,
    ]);
  });
});
