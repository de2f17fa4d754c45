import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { request } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import type { ErrorBody, UploadResponse } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { type DemoUsername, statusAndCode, useTestApi } from '../testing/api.ts';
import { listBlobFiles, rawMultipart } from '../testing/uploads.ts';
import { within } from '../testing/within.ts';

// A server of its own whose floor is judged over two seconds, and that lets a user run two uploads at once and an
// address three, so that all of it can be watched in a test.
const WINDOW_SECONDS = 2;
const api = useTestApi({
  env: {
    UPLOAD_MIN_BYTES_PER_SECOND: '1024',
    UPLOAD_RATE_WINDOW_SECONDS: String(WINDOW_SECONDS),
    UPLOAD_MAX_CONCURRENT_PER_USER: '2',
    UPLOAD_MAX_CONCURRENT_PER_ADDRESS: '3',
    UPLOAD_MAX_UNFINISHED_PER_USER: '3',
    UPLOAD_MAX_UNFINISHED_BYTES_PER_USER: String(2 * 1024 * 1024),
  },
});
const SITES: Record<string, string> = { bob: 'ACME-1001', carol: 'ACME-1001', alice: 'ACME-1002' };
const tmpDir = () => path.join(api.server.config.dataDir, 'blobs', '.tmp');
const temporaryFiles = async () => (await readdir(tmpDir()).catch(() => [])).length;

async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function snapshot() {
  const rows = await api.db.query<{ id: string }>('SELECT id FROM uploads');
  return { rows: rows.rows.map((r) => r.id), blobs: await listBlobFiles(api.server.config.dataDir) };
}
/** Nothing new since `before`: no row, no blob, no temporary file (removed once the server is done). */
async function expectNothingNew(before: Awaited<ReturnType<typeof snapshot>>) {
  await eventually(async () => (await temporaryFiles()) === 0, 'no temporary file is left');
  const after = await snapshot();
  expect(after.rows.filter((id) => !before.rows.includes(id))).toEqual([]);
  expect(after.blobs.filter((blob) => !before.blobs.includes(blob))).toEqual([]);
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: UploadResponse & ErrorBody;
}

/**
 * An upload sent by hand over its own connection, one file of `size` bytes: `start` sends the form up to the
 * file's first bytes, then the body comes as the test says (`send`, `trickle`, `feed`), `finish` sends the rest.
 * `answer` settles with the server's answer, whenever it comes.
 */
async function openUpload(user: DemoUsername, size = 8 * 1024 * 1024) {
  const token = await api.as(user).token();
  const boundary = `b${randomUUID()}`;
  const head = rawMultipart(
    boundary,
    [
      { field: 'siteId', value: api.siteId(SITES[user]!) },
      { file: 'file', fileName: 'held.bin', type: 'application/octet-stream', bytes: new Uint8Array(0) },
    ],
    false,
  ).subarray(0, -2);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const req = request(`${api.url}/t/acme/file-storage/api/files`, {
    method: 'POST',
    agent: false,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + size + tail.length,
    },
  });
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  const stopSending = () => clearInterval(timer);
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      stopSending();
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          headers: res.headers,
          body: JSON.parse(Buffer.concat(chunks).toString()),
        }),
      );
    });
    // Writing into a connection the server closed fails; the answer, if there is one, came first.
    req.on('error', (error) => {
      stopSending();
      reject(error);
    });
  });
  answer.catch(() => {});
  const send = (bytes: number) => {
    const n = Math.min(bytes, size - sent);
    if (n > 0) req.write(Buffer.alloc(n, 7));
    sent += n;
  };
  /** Sends `bytes` every `everyMs` until told otherwise. */
  const every = (bytes: number, everyMs: number) => {
    stopSending();
    timer = setInterval(() => send(bytes), everyMs);
  };
  return {
    answer,
    start(firstBytes = 64 * 1024) {
      req.write(head);
      send(firstBytes);
    },
    /** The form's first bytes only, a few at a time: the client trickles before any file. */
    trickleHead(bytes: number, everyMs: number) {
      let offset = 0;
      timer = setInterval(() => {
        req.write(head.subarray(offset, offset + bytes));
        offset += bytes;
        if (offset >= head.length) stopSending();
      }, everyMs);
    },
    trickle: every,
    /** Keeps the upload well above the floor, so that it holds its slot for as long as the test needs. */
    feed: () => every(16 * 1024, 100),
    finish() {
      stopSending();
      send(size);
      req.end(tail);
      return answer;
    },
    cut() {
      stopSending();
      req.destroy();
    },
  };
}

/** Uploads of `user` that run until finished, each past its first bytes, so each holds a slot on the server. */
async function holdUploads(user: DemoUsername, count: number) {
  const before = await temporaryFiles();
  const held = await Promise.all(Array.from({ length: count }, () => openUpload(user)));
  for (const upload of held) {
    upload.start();
    upload.feed();
  }
  let running = false;
  const answeredEarly = new Promise<never>((_resolve, reject) => {
    for (const upload of held) {
      upload.answer.then(
        (a) => running || reject(new Error(`a held upload was answered ${a.status} ${a.body.error?.code}`)),
        (error) => running || reject(error),
      );
    }
  });
  await Promise.race([
    eventually(async () => (await temporaryFiles()) === before + count, `${count} uploads of ${user} run`),
    answeredEarly,
  ]);
  running = true;
  return held;
}

const smallUpload = (user: DemoUsername) =>
  api
    .as(user)
    .upload(api.siteId(SITES[user]!), [{ name: 'small.txt', bytes: new TextEncoder().encode('x') }]);

/** A tus creation of `length` bytes by `user` on their site. */
const createTus = (user: DemoUsername, length: number) =>
  api.as(user).raw('/t/acme/file-storage/api/uploads/tus', {
    method: 'POST',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(length),
      'upload-metadata': `filename ${btoa('held.bin')},siteId ${btoa(api.siteId(SITES[user]!))}`,
    },
  });

describe('unfinished resumable uploads (UPLOAD_MAX_UNFINISHED_PER_USER and _BYTES_PER_USER)', () => {
  it('are capped per user in number (429) and in declared bytes (413), also when created all at once', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => createTus('alice', 1000)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 429, 429, 429]);
    const refused = answers.find((a) => a.status === 429)!;
    const body = (await refused.json()) as ErrorBody;
    expect(body.error.code).toBe('uploads.too_many_unfinished');
    expect(body.error.message).toContain('You have 3 unfinished uploads');
    // Another user is not held back by Alice's.
    expect((await createTus('carol', 1000)).status).toBe(201);
    // One cancelled, there is room for one more, but not for more bytes than 2 MiB declared in all.
    const location = answers.find((a) => a.status === 201)!.headers.get('location')!;
    const cancelled = await api
      .as('alice')
      .raw(location, { method: 'DELETE', headers: { 'tus-resumable': '1.0.0' } });
    expect(cancelled.status).toBe(204);
    const tooLarge = await createTus('alice', 2 * 1024 * 1024);
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as ErrorBody).error).toMatchObject({
      code: 'uploads.unfinished_too_large',
      message: expect.stringContaining('at most 2.1 MB in all'),
    });
    expect((await createTus('alice', 1024 * 1024)).status).toBe(201);
  });
});

describe('an upload body slower than UPLOAD_MIN_BYTES_PER_SECOND', () => {
  it.each([
    ['in the middle of a file', 'file'],
    ['before the first part', 'head'],
  ] as const)('is cut off %s with 408 uploads.too_slow, keeping nothing', async (_where, where) => {
    const before = await snapshot();
    const upload = await openUpload('bob');
    const started = Date.now();
    if (where === 'file') {
      upload.start();
      // 400 bytes a second: the floor is 1024.
      upload.trickle(100, 250);
    } else {
      upload.trickleHead(20, 250);
    }
    const answer = await upload.answer;
    const waited = (Date.now() - started) / 1000;
    upload.cut();
    expect([answer.status, answer.body.error.code]).toEqual([408, 'uploads.too_slow']);
    expect(answer.body.error.message).toContain('1024 bytes a second over 2 seconds');
    expect(answer.headers.connection).toBe('close');
    // Judged over one window, not cut at the first slow moment.
    expect(waited).toBeGreaterThanOrEqual(WINDOW_SECONDS * 0.9);
    await expectNothingNew(before);
  });

  it('is not what cuts off a body that arrives above the floor, however long it takes', async () => {
    const upload = await openUpload('bob', 256 * 1024);
    upload.start(1024);
    // 5 KiB a second for longer than two windows.
    upload.trickle(1280, 250);
    await new Promise((resolve) => setTimeout(resolve, WINDOW_SECONDS * 2500));
    const answer = await upload.finish();
    expect(answer.status).toBe(201);
    expect(answer.body.files[0]!.size).toBe(256 * 1024);
  });
});

describe('uploads running at once (UPLOAD_MAX_CONCURRENT_PER_USER and _PER_ADDRESS)', () => {
  it('answers one upload over a user’s limit 429 with Retry-After, before reading it, and frees the slot when one ends', async () => {
    const held = await holdUploads('bob', 2);
    const before = await snapshot();
    const refused = await smallUpload('bob');
    expect(statusAndCode(refused)).toEqual([429, 'uploads.too_many_concurrent']);
    expect(refused.body.error.message).toContain('At most 2 uploads may run at once for one user');
    expect(refused.headers.get('retry-after')).toBe('5');
    // No row, no blob, not even a temporary file: the body was never read.
    expect(await snapshot()).toEqual(before);
    // Carol is another user: the same address still has room for her.
    expect((await smallUpload('carol')).status).toBe(201);

    expect((await held[0]!.finish()).status).toBe(201);
    expect((await smallUpload('bob')).status).toBe(201);
    expect((await held[1]!.finish()).status).toBe(201);
  });

  it('closes the connection of a tus PATCH refused 429 at once, while its client still trickles the body', async () => {
    const token = await api.as('bob').token();
    const created = await createTus('bob', 1024 * 1024);
    expect(created.status).toBe(201);
    const held = await holdUploads('bob', 2);
    const socket = connect(Number(new URL(api.url).port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString();
    });
    const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
    socket.on('error', () => {});
    socket.write(
      `PATCH ${created.headers.get('location')} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        'Tus-Resumable: 1.0.0\r\nUpload-Offset: 0\r\nContent-Type: application/offset+octet-stream\r\n' +
        `Content-Length: ${1024 * 1024}\r\n\r\n`,
    );
    const trickle = setInterval(() => socket.writable && socket.write(Buffer.alloc(512, 7)), 100);
    try {
      await eventually(async () => received.includes('\r\n\r\n'), 'the 429 arrives');
      const answered = Date.now();
      expect(received).toMatch(/^HTTP\/1\.1 429 /);
      expect(received.toLowerCase()).toContain('connection: close');
      // Closed by the server within moments, not when the request timeout ends the trickle.
      expect((await within(3_000, closed, 'the server closes the socket')) - answered).toBeLessThan(3_000);
    } finally {
      clearInterval(trickle);
      socket.destroy();
    }
    for (const upload of held) expect((await upload.finish()).status).toBe(201);
  });

  it('answers one upload over an address’s limit 429, whoever signed in', async () => {
    const held = [...(await holdUploads('bob', 2)), ...(await holdUploads('carol', 1))];
    const refused = await smallUpload('alice');
    expect(statusAndCode(refused)).toEqual([429, 'uploads.too_many_concurrent']);
    expect(refused.body.error.message).toContain('At most 3 uploads may run at once from one address');
    expect(refused.headers.get('retry-after')).toBe('5');
    for (const upload of held) expect((await upload.finish()).status).toBe(201);
    expect((await smallUpload('alice')).status).toBe(201);
  });

  it('gives the slot back however an upload ends: refused, too slow, or cut off by the client', async () => {
    // Refused by its content once its bytes arrive.
    const refused = await api
      .as('bob')
      .upload(api.siteId('ACME-1001'), [{ name: 'run.txt', bytes: new TextEncoder().encode('#!/bin/sh\n') }]);
    expect(statusAndCode(refused)).toEqual([415, 'uploads.type_refused']);
    // Too slow.
    const slow = await openUpload('bob');
    slow.start();
    slow.trickle(10, 500);
    expect((await slow.answer).status).toBe(408);
    slow.cut();
    // Cut off by the client: the server is done once its temporary file is gone.
    const cut = await openUpload('bob');
    cut.start();
    await eventually(async () => (await temporaryFiles()) === 1, 'the cut upload runs');
    cut.cut();
    await eventually(async () => (await temporaryFiles()) === 0, 'the cut upload is cleaned up');
    // Bob has both his slots.
    const held = await holdUploads('bob', 2);
    for (const upload of held) expect((await upload.finish()).status).toBe(201);
  });
});
