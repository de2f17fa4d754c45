import { randomBytes, randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { type ErrorBody, UPLOAD_AUDIT_ACTIONS } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../db/seed/demo-data.ts';
import { signIn } from '../testing/sign-in.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { callJson, listBlobFiles, rawMultipart, uploadFiles } from '../testing/upload-client.ts';

// A server of its own, with a 1 MiB upload limit and a two-second grace period, so that both can be watched.
const SERVER_TIMEOUT_MS = 60_000;
const LIMIT = 1024 * 1024;
let server: TestServer;
let bob: string;
let site: string;

/**
 * What exists now, to compare with later: the reaper may remove earlier uploads meanwhile, so "nothing kept"
 * means nothing new, not nothing changed.
 */
async function snapshot() {
  const rows = await server.db.query<{ id: string }>('SELECT id FROM uploads');
  return { rows: rows.rows.map((r) => r.id), blobs: await listBlobFiles(server.config.dataDir) };
}
async function expectNothingNew(before: Awaited<ReturnType<typeof snapshot>>) {
  const after = await snapshot();
  expect(after.rows.filter((id) => !before.rows.includes(id))).toEqual([]);
  expect(after.blobs.filter((blob) => !before.blobs.includes(blob))).toEqual([]);
}

beforeAll(async () => {
  server = await startTestServer({ MAX_UPLOAD_BYTES: String(LIMIT), UPLOAD_GRACE_SECONDS: '2' });
  bob = (await signIn(server.url, 'bob', DEMO_PASSWORD)).accessToken;
  site = (await server.db.query<{ id: string }>("SELECT id FROM sites WHERE reference = 'ACME-1001'"))
    .rows[0]!.id;
}, SERVER_TIMEOUT_MS);
afterAll(() => server?.close(), SERVER_TIMEOUT_MS);

/**
 * Sends a multipart upload of one `size`-byte file as fast as the server takes it, and notes how much had been
 * sent when the answer came: a server that stops early answers long before the client is done.
 */
function streamUpload(size: number) {
  const boundary = `b${randomUUID()}`;
  const head = rawMultipart(
    boundary,
    [
      { field: 'siteId', value: site },
      { file: 'file', fileName: 'huge.bin', type: 'application/octet-stream', bytes: new Uint8Array(0) },
    ],
    false,
  ).subarray(0, -2);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise<{ status: number; body: ErrorBody; sentAtAnswer: number }>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request(`${server.url}/t/acme/file-storage/api/files`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${bob}`,
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
    const exact = await uploadFiles(server.url, bob, site, [
      { name: 'exact.bin', bytes: randomBytes(LIMIT) },
    ]);
    expect([exact.status, exact.body.files?.[0]?.size]).toEqual([201, LIMIT]);
    const before = await snapshot();
    const over = await uploadFiles(server.url, bob, site, [
      { name: 'over.bin', bytes: randomBytes(LIMIT + 1) },
    ]);
    expect([over.status, over.body.error?.code]).toEqual([413, 'uploads.too_large']);
    expect(over.body.error.message).toBe('A file may have at most 1048576 bytes (1 MiB).');
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
    const uploaded = await uploadFiles(server.url, bob, site, [
      { name: 'forgotten.txt', bytes: randomBytes(10) },
      { name: 'kept.txt', bytes: randomBytes(10) },
    ]);
    const [forgotten, kept] = uploaded.body.files.map((f) => f.referenceNumber);
    const saved = await callJson(server.url, 'POST', '/t/acme/portal/api/files', bob, {
      siteId: site,
      files: [{ referenceNumber: kept }],
    });
    expect(saved.status).toBe(201);
    const keys = await server.db.query<{ reference_number: string; blob_key: string }>(
      'SELECT reference_number, blob_key FROM uploads WHERE reference_number = ANY($1) ORDER BY reference_number = $2',
      [[forgotten, kept], kept],
    );
    const [forgottenBlob, keptBlob] = keys.rows.map((r) => r.blob_key);
    expect(await listBlobFiles(server.config.dataDir)).toEqual(
      expect.arrayContaining([forgottenBlob, keptBlob]),
    );

    const deadline = Date.now() + 15_000;
    const pending = async () =>
      (await server.db.query('SELECT 1 FROM uploads WHERE reference_number = $1', [forgotten])).rows.length;
    while ((await pending()) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await pending()).toBe(0);
    const blobs = await listBlobFiles(server.config.dataDir);
    expect([blobs.includes(forgottenBlob!), blobs.includes(keptBlob!)]).toEqual([false, true]);
    const states = await server.db.query<{ state: string }>(
      'SELECT state FROM uploads WHERE reference_number = $1',
      [kept],
    );
    expect(states.rows).toEqual([{ state: 'saved' }]);
    const audit = await server.db.query<{ action: string }>(
      "SELECT action FROM audit_events WHERE detail->>'referenceNumber' = $1 ORDER BY id",
      [forgotten],
    );
    expect(audit.rows.map((r) => r.action)).toEqual([
      UPLOAD_AUDIT_ACTIONS.receive,
      UPLOAD_AUDIT_ACTIONS.expire,
    ]);
  });
});
