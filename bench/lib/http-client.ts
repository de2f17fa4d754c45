import http from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface TimedRequest {
  url: string;
  method?: string;
  headers?: http.OutgoingHttpHeaders;
  /** Streamed to the server with backpressure; a Buffer is sent as is. */
  body?: Readable | Buffer | string;
  /** Bytes of the end of the answer to keep (e.g. a zip's central directory); the rest is only counted. */
  keepTail?: number;
}

export interface TimedResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Body bytes received. */
  bytes: number;
  /** From the request's start to the last body byte. */
  ms: number;
  /** From the request's start to the response headers, and to the first body byte. */
  headersMs: number;
  firstByteMs: number;
  /** From the request's start to the last body byte received (the same as `ms` for an answer that ended). */
  lastByteMs: number;
  /** The first 4 KiB of the body: enough to read an error. */
  head: Buffer;
  tail: Buffer;
  /**
   * False when the connection closed before the answer ended (e.g. fewer bytes than Content-Length): what
   * arrived is still reported, with the error, so a benchmark can say what went wrong rather than only fail.
   */
  complete: boolean;
  error?: string;
}

const HEAD = 4096;

/**
 * One HTTP request over a fresh connection, timed, with the answer counted and dropped as it arrives: the
 * client never holds a file, so its memory and time stay flat whatever the size.
 */
export function timedRequest(request: TimedRequest): Promise<TimedResponse> {
  const started = performance.now();
  return new Promise<TimedResponse>((resolve, reject) => {
    const req = http.request(
      request.url,
      { method: request.method ?? 'GET', headers: request.headers, agent: false },
      (res) => {
        const headersMs = performance.now() - started;
        let firstByteMs = -1;
        let lastByteMs = -1;
        let bytes = 0;
        const head: Buffer[] = [];
        let headBytes = 0;
        let tail: Buffer[] = [];
        let tailBytes = 0;
        const keepTail = request.keepTail ?? 0;
        res.on('data', (chunk: Buffer) => {
          lastByteMs = performance.now() - started;
          if (firstByteMs < 0) firstByteMs = lastByteMs;
          bytes += chunk.length;
          if (headBytes < HEAD) {
            head.push(chunk.subarray(0, HEAD - headBytes));
            headBytes += Math.min(chunk.length, HEAD - headBytes);
          }
          if (keepTail > 0) {
            // Copies, so the socket's buffers are not pinned; trimmed once twice the wanted size is held.
            tail.push(Buffer.from(chunk.subarray(Math.max(0, chunk.length - keepTail))));
            tailBytes += Math.min(chunk.length, keepTail);
            if (tailBytes > 2 * keepTail) {
              const joined = Buffer.concat(tail);
              tail = [joined.subarray(joined.length - keepTail)];
              tailBytes = keepTail;
            }
          }
        });
        const answer = (complete: boolean, error?: Error): TimedResponse => {
          const joined = Buffer.concat(tail);
          return {
            status: res.statusCode ?? 0,
            headers: res.headers,
            bytes,
            ms: performance.now() - started,
            headersMs,
            firstByteMs: firstByteMs < 0 ? headersMs : firstByteMs,
            lastByteMs: lastByteMs < 0 ? headersMs : lastByteMs,
            head: Buffer.concat(head),
            tail: joined.subarray(Math.max(0, joined.length - keepTail)),
            complete,
            ...(error ? { error: `${error.message} after ${bytes} bytes` } : {}),
          };
        };
        res.on('error', (error) => resolve(answer(false, error)));
        res.on('end', () => resolve(answer(true)));
      },
    );
    req.on('error', reject);
    const { body } = request;
    if (body === undefined) req.end();
    else if (typeof body === 'string' || Buffer.isBuffer(body)) req.end(body);
    // A server that answers early (401, 413) and closes makes the pipeline fail with EPIPE/ECONNRESET; the
    // answer, if any, still resolves the promise above.
    else pipeline(body, req).catch((error) => req.destroy(error));
  });
}

/** A short description of an unexpected answer, for error messages. */
export const describeAnswer = (res: TimedResponse) =>
  `${res.status}${res.complete ? '' : ` (cut off: ${res.error})`} ${res.head.toString('utf8').slice(0, 300).replace(/\s+/g, ' ')}`;
