import { connect, type Socket } from 'node:net';
import type { Readable } from 'node:stream';
import type { ClamdAddress } from '../config.ts';

/** What clamd said of a stream of bytes. */
export type ScanVerdict =
  | { result: 'clean' }
  | { result: 'infected'; signature: string }
  /** Longer than clamd's StreamMaxLength: it stopped reading, so nothing is known of the bytes. */
  | { result: 'too_large' };

export const describeClamd = (address: ClamdAddress) =>
  'path' in address ? address.path : `${address.host}:${address.port}`;

/** A scanner failure (unreachable, slow, an answer it should not give): the bytes stay unscanned for now. */
export class ClamdError extends Error {}

/**
 * A client of clamd's documented protocol (clamd(8)): `zINSTREAM`, then the bytes in chunks each preceded by its
 * length as 4 bytes big-endian, then a zero length; clamd answers one NUL-terminated line, `stream: OK`,
 * `stream: <signature> FOUND`, or `INSTREAM size limit exceeded. ERROR` (then it may close before the last chunk,
 * so its answer wins over the write error that follows). `idleMs` bounds every wait (connecting, a write
 * draining, the answer): a clamd that stops reading or answering fails the scan rather than holding it.
 */
export async function scanStream(
  address: ClamdAddress,
  source: Readable,
  idleMs = 30_000,
): Promise<ScanVerdict> {
  const socket = await open(address, idleMs);
  const answer = readAnswer(socket);
  let sent = 0;
  try {
    socket.write('zINSTREAM\0');
    for await (const chunk of source as AsyncIterable<Buffer>) {
      if (answer.early) break;
      sent += chunk.length;
      const length = Buffer.allocUnsafe(4);
      length.writeUInt32BE(chunk.length);
      socket.write(length);
      if (!socket.write(chunk)) await drained(socket, answer);
    }
    if (!answer.early) socket.write(Buffer.alloc(4));
    return verdictOf(await answer.line);
  } catch (error) {
    // The answer may have come first (size limit), the write error after it.
    if (answer.early) return verdictOf(await answer.line);
    // Past StreamMaxLength clamd answers and closes at once; bytes still arriving make the kernel reset the
    // connection, which can drop that answer before it is read. A reset mid-stream from a clamd that still
    // answers PING is that limit (a clamd that died fails the PING, and the scan is tried again later).
    if (
      sent > 0 &&
      isReset(error) &&
      (await pingClamd(address).then(
        () => true,
        () => false,
      ))
    ) {
      return { result: 'too_large' };
    }
    throw error instanceof ClamdError ? error : new ClamdError(String((error as Error).message ?? error));
  } finally {
    source.destroy();
    socket.destroy();
    answer.line.catch(() => {});
  }
}

const isReset = (error: unknown) =>
  /EPIPE|ECONNRESET|closed the connection/.test(String((error as Error)?.message));

/** `zPING` → `PONG`: clamd is up and answering. */
export async function pingClamd(address: ClamdAddress, idleMs = 2000): Promise<void> {
  const socket = await open(address, idleMs);
  const answer = readAnswer(socket);
  try {
    socket.write('zPING\0');
    const line = await answer.line;
    if (line !== 'PONG') throw new ClamdError(`clamd answered "${line}" to PING`);
  } finally {
    answer.line.catch(() => {});
    socket.destroy();
  }
}

function open(address: ClamdAddress, idleMs: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(address);
    socket.setTimeout(idleMs, () =>
      socket.destroy(new ClamdError(`clamd at ${describeClamd(address)} did not answer in ${idleMs} ms`)),
    );
    socket.once('connect', () => {
      socket.off('error', reject);
      resolve(socket);
    });
    socket.once('error', (error) =>
      reject(new ClamdError(`clamd at ${describeClamd(address)} is unreachable: ${error.message}`)),
    );
  });
}

interface Answer {
  line: Promise<string>;
  /** The answer came before the last chunk was sent. */
  early: boolean;
}

function readAnswer(socket: Socket): Answer {
  const answer: Answer = { early: false, line: Promise.resolve('') };
  answer.line = new Promise<string>((resolve, reject) => {
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
      const end = text.indexOf('\0');
      if (end >= 0) {
        answer.early = true;
        resolve(text.slice(0, end).trim());
      }
    });
    socket.once('end', () =>
      text ? resolve(text.trim()) : reject(new ClamdError('clamd closed without answering')),
    );
    socket.once('close', () => reject(new ClamdError('clamd closed the connection')));
    socket.once('error', (error) => reject(new ClamdError(error.message)));
  });
  return answer;
}

function drained(socket: Socket, answer: Answer): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      socket.off('drain', done);
      resolve();
    };
    socket.once('drain', done);
    answer.line.then(done, reject);
  });
}

function verdictOf(line: string): ScanVerdict {
  const found = /^stream: (.+) FOUND$/.exec(line);
  if (found) return { result: 'infected', signature: found[1]! };
  if (line === 'stream: OK') return { result: 'clean' };
  if (/size limit exceeded/i.test(line)) return { result: 'too_large' };
  throw new ClamdError(`clamd answered "${line}"`);
}
