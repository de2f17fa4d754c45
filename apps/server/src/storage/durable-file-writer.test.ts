import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  batchBytesFor,
  DurableFileWriter,
  FLUSH_BEHIND_BYTES,
  MAX_BATCH_BYTES,
  MIN_BATCH_BYTES,
} from './durable-file-writer.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'portico-writer-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

let n = 0;
const newFile = () => path.join(dir, `file-${n++}`);
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
/** The descriptors this process has open: a writer that leaks one shows here. */
const openFiles = async () => (await readdir('/proc/self/fd')).length;

/** `total` random bytes as chunks of sizes cycling through `sizes`. */
function chunked(total: number, sizes: number[]): { data: Buffer; chunks: Buffer[] } {
  const data = randomBytes(total);
  const chunks: Buffer[] = [];
  for (let at = 0, i = 0; at < total; i++) {
    const size = Math.min(sizes[i % sizes.length]!, total - at);
    chunks.push(data.subarray(at, at + size));
    at += size;
  }
  return { data, chunks };
}

it('writes every byte in order, across batches, flushes behind and finishes with the file closed', async () => {
  const before = await openFiles();
  // Past one flush behind, in chunks of sizes that straddle the batch size, ending in a partial batch.
  const { data, chunks } = chunked(FLUSH_BEHIND_BYTES + 3 * MAX_BATCH_BYTES + 12_345, [
    65_536,
    1,
    700_000,
    4_096,
    MAX_BATCH_BYTES + 7,
  ]);
  const file = newFile();
  const writer = new DurableFileWriter(file);
  await pipeline(Readable.from(chunks), writer);
  expect(writer.bytesWritten).toBe(data.length);
  expect(sha256(await readFile(file))).toBe(sha256(data));
  expect(await openFiles()).toBe(before);
});

it('writes a stream of many tiny chunks (a client dribbling bytes) whole', async () => {
  const { data, chunks } = chunked(20_000, [1, 3, 7]);
  const file = newFile();
  await pipeline(Readable.from(chunks), new DurableFileWriter(file));
  expect(await readFile(file)).toEqual(data);
});

it('makes an empty file of an empty stream', async () => {
  const file = newFile();
  const writer = new DurableFileWriter(file);
  await pipeline(Readable.from([]), writer);
  expect(writer.bytesWritten).toBe(0);
  expect((await readFile(file)).length).toBe(0);
});

it('refuses to write over a file that exists, and leaves it as it was', async () => {
  const file = newFile();
  await writeFile(file, 'first');
  await expect(
    pipeline(Readable.from([Buffer.from('second')]), new DurableFileWriter(file)),
  ).rejects.toMatchObject({
    code: 'EEXIST',
  });
  expect(await readFile(file, 'utf8')).toBe('first');
});

it('closes the file when the body fails midway, and writes nothing after', async () => {
  const before = await openFiles();
  const file = newFile();
  const writer = new DurableFileWriter(file);
  async function* failing() {
    for (let i = 0; i < 40; i++) yield Buffer.alloc(65_536, i);
    throw new Error('client went away');
  }
  await expect(pipeline(Readable.from(failing()), writer)).rejects.toThrow('client went away');
  if (!writer.closed) await once(writer, 'close');
  expect(writer.destroyed).toBe(true);
  expect(await openFiles()).toBe(before);
  const size = (await readFile(file)).length;
  expect(size).toBeLessThanOrEqual(40 * 65_536);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect((await readFile(file)).length).toBe(size);
});

it('gathers less per file the more files are being written, within its bounds', () => {
  expect(batchBytesFor(1)).toBe(MAX_BATCH_BYTES);
  expect(batchBytesFor(2)).toBe(MAX_BATCH_BYTES);
  expect(batchBytesFor(4)).toBe(512 * 1024);
  expect(batchBytesFor(8)).toBe(MIN_BATCH_BYTES);
  expect(batchBytesFor(1_000)).toBe(MIN_BATCH_BYTES);
});
