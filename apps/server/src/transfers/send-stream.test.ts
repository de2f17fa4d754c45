import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeBufferCount, POOL_CHUNK_BYTES } from '../storage/buffer-pool.ts';
import { openPooledFileStream } from '../storage/pooled-file-stream.ts';
import { sendBody } from './send-stream.ts';

const MiB = 1024 * 1024;

let dir: string;
let app: FastifyInstance;
let base: string;
/** What the server logged at level error or above. */
const errorLogs: { msg?: string }[] = [];
/** Per file name, the server's body stream and sendBody's promise, to watch the server side of a transfer. */
const transfers = new Map<string, { body: Readable; sent: Promise<void>; response: http.ServerResponse }>();
/** Every sendBody under way, so that the server is closed only once each has settled. */
const sending: Promise<void>[] = [];
/** Connections are not kept open between requests: closing the server then waits for none. */
const agent = new http.Agent({ keepAlive: false });
/** Per file name, the file's content. */
const contents = new Map<string, Buffer>();

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Fails with `what` if the promise has not settled within `ms`, rather than at the test's timeout. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function addFile(name: string, size: number) {
  const content = randomBytes(size);
  await writeFile(path.join(dir, name), content);
  contents.set(name, content);
  return content;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'portico-send-stream-'));
  app = Fastify({
    logger: {
      level: 'error',
      stream: { write: (line: string) => void errorLogs.push(JSON.parse(line)) },
    },
  });

  app.get<{ Params: { name: string } }>('/files/:name', async (request, reply) => {
    const file = path.join(dir, path.basename(request.params.name));
    const { size } = await stat(file);
    const body = await openPooledFileStream(file);
    reply
      .header('content-length', size)
      .header('content-type', 'application/octet-stream')
      .header('x-file-name', request.params.name);
    const sent = sendBody(reply, body);
    sending.push(sent);
    transfers.set(request.params.name, { body, sent, response: reply.raw });
    return sent;
  });

  // Claims more bytes than the file holds: the pooled stream fails once it reaches the file's end.
  app.get<{ Params: { name: string } }>('/past-end/:name', async (request, reply) => {
    const file = path.join(dir, path.basename(request.params.name));
    const { size } = await stat(file);
    const claimed = size * 4;
    const body = await openPooledFileStream(file, { start: 0, end: claimed - 1 });
    reply.header('content-length', claimed).header('content-type', 'application/octet-stream');
    const sent = sendBody(reply, body);
    sending.push(sent);
    return sent;
  });

  // A chunked body (no content-length) that fails after its first bytes: only a cut connection tells.
  app.get('/broken', async (_request, reply) => {
    const body = new Readable({ read() {} });
    body.push(Buffer.alloc(100 * 1024, 1));
    setTimeout(() => body.destroy(new Error('the disk went away')), 50);
    reply.header('content-type', 'application/octet-stream');
    const sent = sendBody(reply, body);
    sending.push(sent);
    return sent;
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  // The client can have a whole body before the server has called end(): let each transfer finish first.
  await Promise.allSettled(sending);
  await app?.close();
  agent.destroy();
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface Outcome {
  status?: number;
  headers?: IncomingHttpHeaders;
  body: Buffer;
  /** The response ended cleanly. */
  complete: boolean;
  error?: Error;
  timedOut: boolean;
}

/** GETs a path and settles however the response goes: complete, cut, or stalled. */
function fetchOutcome(urlPath: string, { slow = false } = {}): Promise<Outcome> {
  return new Promise((resolve) => {
    const parts: Buffer[] = [];
    const outcome: Outcome = { body: Buffer.alloc(0), complete: false, timedOut: false };
    let settled = false;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      outcome.body = Buffer.concat(parts);
      if (error) outcome.error = error;
      resolve(outcome);
    };
    const request = http.get(`${base}${urlPath}`, { agent }, (response) => {
      outcome.status = response.statusCode;
      outcome.headers = response.headers;
      let chunks = 0;
      response.on('data', (chunk: Buffer) => {
        parts.push(chunk);
        // A slow reader fills the socket's buffers, so the server's writes queue up and wait for a drain:
        // a chunk given back to the pool before the socket is done with it would then be overwritten.
        if (slow && chunks++ % 8 === 0) {
          response.pause();
          setTimeout(() => response.resume(), chunks === 1 ? 100 : 5);
        }
      });
      response.on('end', () => {
        outcome.complete = !response.errored;
        settle();
      });
      response.on('error', settle);
      response.on('close', () => settle(response.complete ? undefined : new Error('closed before the end')));
    });
    request.on('error', settle);
    request.setTimeout(10_000, () => {
      outcome.timedOut = true;
      request.destroy(new Error('timed out'));
    });
  });
}

describe('sendBody', () => {
  it('sends 6 concurrent downloads of different files byte-identical, with their headers', async () => {
    const names = ['a', 'b', 'c', 'd', 'e', 'f'].map((letter) => `concurrent-${letter}.bin`);
    // About 3 MiB each, with sizes that do not fall on chunk boundaries.
    await Promise.all(names.map((name, i) => addFile(name, 3 * MiB + i * 4099 + 1)));

    // A first transfer fills the pool, so the concurrent ones below run on reused buffers.
    const warmUp = await fetchOutcome(`/files/${names[0]}`);
    expect(sha256(warmUp.body)).toBe(sha256(contents.get(names[0]!)!));
    expect(freeBufferCount()).toBeGreaterThan(0);

    const outcomes = await Promise.all(
      names.map((name, i) => fetchOutcome(`/files/${name}`, { slow: i % 2 === 0 })),
    );
    outcomes.forEach((outcome, i) => {
      const name = names[i]!;
      const content = contents.get(name)!;
      expect(outcome.error, name).toBeUndefined();
      expect(outcome.timedOut, name).toBe(false);
      expect(outcome.complete, name).toBe(true);
      expect(outcome.status, name).toBe(200);
      expect(outcome.headers?.['content-length'], name).toBe(String(content.length));
      expect(outcome.headers?.['content-type'], name).toBe('application/octet-stream');
      expect(outcome.headers?.['x-file-name'], name).toBe(name);
      expect(outcome.body.length, name).toBe(content.length);
      expect(sha256(outcome.body), name).toBe(sha256(content));
    });
    // The chunks went back to the pool once written.
    expect(freeBufferCount()).toBeGreaterThan(0);
    expect(errorLogs).toEqual([]);
  });

  it('survives a client that aborts mid-download, and the next download is still byte-identical', async () => {
    const size = 32 * MiB;
    await addFile('aborted.bin', size);
    await addFile('after-abort.bin', 3 * MiB + 123);

    const received = await new Promise<number>((resolve, reject) => {
      const request = http.get(`${base}/files/aborted.bin`, { agent }, (response) => {
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-length']).toBe(String(size));
        let bytes = 0;
        response.on('error', () => {}); // the abort below may surface here
        response.once('data', (chunk: Buffer) => {
          bytes += chunk.length;
          request.destroy();
          resolve(bytes);
        });
      });
      request.on('error', (error) => {
        if (!request.destroyed) reject(error);
      });
    });
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThan(size);

    // The server gives up on the transfer: sendBody settles, and the file stream and the response are closed.
    const transfer = transfers.get('aborted.bin')!;
    await expect(within(transfer.sent, 5000, 'sendBody settling')).resolves.toBeUndefined();
    if (!transfer.body.closed) {
      await within(
        new Promise((resolve) => transfer.body.once('close', resolve)),
        5000,
        'the file stream closing',
      );
    }
    expect(transfer.body.destroyed).toBe(true);
    expect(transfer.response.destroyed).toBe(true);
    // Cut off by the client: nothing worth an error log.
    expect(errorLogs).toEqual([]);

    const next = await fetchOutcome('/files/after-abort.bin');
    expect(next.error).toBeUndefined();
    expect(next.complete).toBe(true);
    expect(next.status).toBe(200);
    expect(sha256(next.body)).toBe(sha256(contents.get('after-abort.bin')!));
  });

  it('cuts the connection when a pooled file body fails after the headers (content-length set)', async () => {
    const content = await addFile('short.bin', MiB + 5);
    const outcome = await fetchOutcome('/past-end/short.bin');
    expect(outcome.timedOut).toBe(false);
    expect(outcome.status).toBe(200);
    expect(outcome.headers?.['content-length']).toBe(String(content.length * 4));
    expect(outcome.complete).toBe(false);
    expect(outcome.error).toBeInstanceOf(Error);
    expect(outcome.body.length).toBeLessThan(content.length * 4);
    // What did arrive is the start of the file.
    expect(outcome.body.equals(content.subarray(0, outcome.body.length))).toBe(true);
    expect(errorLogs.some((log) => log.msg === 'the body failed while it was being sent')).toBe(true);
  });

  it('cuts the connection when a chunked body fails after the headers', async () => {
    errorLogs.length = 0;
    const outcome = await fetchOutcome('/broken');
    expect(outcome.timedOut).toBe(false);
    expect(outcome.status).toBe(200);
    expect(outcome.headers?.['transfer-encoding']).toBe('chunked');
    expect(outcome.complete).toBe(false);
    expect(outcome.error).toBeInstanceOf(Error);
    expect(outcome.body.length).toBeLessThanOrEqual(100 * 1024);
    expect(errorLogs.some((log) => log.msg === 'the body failed while it was being sent')).toBe(true);

    // And the server still serves the next request.
    const next = await fetchOutcome('/files/after-abort.bin');
    expect(next.complete).toBe(true);
    expect(sha256(next.body)).toBe(sha256(contents.get('after-abort.bin')!));
  });
});

/**
 * A socket that takes its time: each write completes a few milliseconds later, and only then are its bytes
 * taken, as a kernel would copy them. A chunk given back to the pool before its write completed would be read
 * into again meanwhile, and the bytes taken would be the next ones.
 */
class SlowResponse extends Writable {
  status?: number;
  headers?: OutgoingHttpHeaders;
  readonly received: Buffer[] = [];
  readonly buffersSeen = new Set<ArrayBufferLike>();
  /** The most bytes waiting in this response at once. */
  maxBuffered = 0;

  constructor(highWaterMark: number) {
    super({ highWaterMark });
  }

  writeHead(status: number, headers: OutgoingHttpHeaders) {
    this.status = status;
    this.headers = headers;
    return this;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    this.buffersSeen.add(chunk.buffer);
    this.maxBuffered = Math.max(this.maxBuffered, this.writableLength);
    setTimeout(() => {
      this.received.push(Buffer.from(chunk));
      callback();
    }, 2);
  }
}

function slowReply(raw: SlowResponse, headers: OutgoingHttpHeaders) {
  const errors: unknown[] = [];
  const reply = {
    statusCode: 200,
    raw,
    hijack: () => reply,
    getHeaders: () => headers,
    log: { error: (...args: unknown[]) => errors.push(args) },
  };
  return { reply: reply as unknown as FastifyReply, errors };
}

describe('sendBody into a slow socket', () => {
  it('gives a chunk back to the pool only once its write has completed', async () => {
    const name = 'slow-socket.bin';
    const content = await addFile(name, POOL_CHUNK_BYTES * 12 + 321);
    // A socket that accepts every write at once (write() never says wait): chunks pile up unwritten.
    const raw = new SlowResponse(64 * MiB);
    const { reply, errors } = slowReply(raw, { 'content-length': content.length });
    const finished = new Promise((resolve) => raw.once('finish', resolve));

    await sendBody(reply, await openPooledFileStream(path.join(dir, name)));
    await finished;

    expect(errors).toEqual([]);
    expect(raw.status).toBe(200);
    expect(raw.headers).toEqual({ 'content-length': content.length });
    const received = Buffer.concat(raw.received);
    expect(received.length).toBe(content.length);
    expect(sha256(received)).toBe(sha256(content));
    expect(freeBufferCount()).toBeGreaterThan(0);
  });

  it('waits for the socket to drain before reading on, reusing a few buffers', async () => {
    const name = 'slow-socket-drain.bin';
    const content = await addFile(name, POOL_CHUNK_BYTES * 12 + 321);
    // A socket that says wait after each chunk.
    const raw = new SlowResponse(16 * 1024);
    const { reply, errors } = slowReply(raw, {});
    const finished = new Promise((resolve) => raw.once('finish', resolve));

    await sendBody(reply, await openPooledFileStream(path.join(dir, name)));
    await finished;

    expect(errors).toEqual([]);
    expect(sha256(Buffer.concat(raw.received))).toBe(sha256(content));
    // One chunk at a time in the socket, not the whole file.
    expect(raw.maxBuffered).toBeLessThanOrEqual(POOL_CHUNK_BYTES);
    // The 13 chunks went through a handful of pooled buffers.
    expect(raw.buffersSeen.size).toBeLessThanOrEqual(4);
  });
});
