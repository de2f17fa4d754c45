import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readlink, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POOL_CHUNK_BYTES, releaseChunk } from './buffer-pool.ts';
import { openPooledFileStream } from './pooled-file-stream.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'portico-pooled-stream-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let fileCount = 0;
async function writeRandomFile(size: number): Promise<{ file: string; content: Buffer }> {
  const file = path.join(dir, `file-${fileCount++}-${size}`);
  const content = randomBytes(size);
  await writeFile(file, content);
  return { file, content };
}

/**
 * Reads a stream to the end, copying each chunk out and then giving it back to the pool, as a socket would:
 * a buffer reused too early would then show up as wrong bytes.
 */
async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) {
    expect(Buffer.isBuffer(chunk)).toBe(true);
    expect((chunk as Buffer).length).toBeGreaterThan(0);
    expect((chunk as Buffer).length).toBeLessThanOrEqual(POOL_CHUNK_BYTES);
    parts.push(Buffer.from(chunk as Buffer));
    releaseChunk(chunk as Buffer);
  }
  return Buffer.concat(parts);
}

/** The paths this process holds open, where /proc tells (Linux); undefined elsewhere. */
async function openPaths(): Promise<string[] | undefined> {
  if (!existsSync('/proc/self/fd')) return undefined;
  const paths: string[] = [];
  for (const fd of await readdir('/proc/self/fd')) {
    try {
      paths.push(await readlink(`/proc/self/fd/${fd}`));
    } catch {
      // closed between readdir and readlink
    }
  }
  return paths;
}

const sizes = [0, 1, POOL_CHUNK_BYTES - 1, POOL_CHUNK_BYTES, POOL_CHUNK_BYTES * 3 + 17];

describe('openPooledFileStream', () => {
  describe.each(sizes)('a file of %i bytes', (size) => {
    it('reads back byte-identical as a whole', async () => {
      const { file, content } = await writeRandomFile(size);
      const read = await readAll(await openPooledFileStream(file));
      expect(read.length).toBe(size);
      expect(read.equals(content)).toBe(true);
    });

    it.skipIf(size === 0)('reads back byte-identical for inclusive ranges', async () => {
      const { file, content } = await writeRandomFile(size);
      const ranges = [
        { start: 0, end: size - 1 }, // everything
        { start: 0, end: 0 }, // the first byte
        { start: size - 1, end: size - 1 }, // the last byte
        { start: Math.floor(size / 2), end: size - 1 }, // a tail
        { start: 0, end: Math.floor(size / 3) }, // a head
        { start: Math.floor(size / 3), end: Math.max(Math.floor(size / 3), size - 2) }, // a middle
        { start: Math.min(size - 1, POOL_CHUNK_BYTES - 1), end: Math.min(size - 1, POOL_CHUNK_BYTES) }, // a seam
      ];
      for (const range of ranges) {
        const read = await readAll(await openPooledFileStream(file, range));
        const expected = content.subarray(range.start, range.end + 1);
        expect(read.length, `range ${range.start}-${range.end}`).toBe(range.end - range.start + 1);
        expect(read.equals(expected), `range ${range.start}-${range.end}`).toBe(true);
      }
    });
  });

  it('reads several files side by side, reusing pooled buffers, byte-identical', async () => {
    const files = await Promise.all([1, 2, 3, 4].map((n) => writeRandomFile(POOL_CHUNK_BYTES * n + n)));
    const reads = await Promise.all(files.map(async ({ file }) => readAll(await openPooledFileStream(file))));
    reads.forEach((read, i) => {
      expect(read.equals(files[i]!.content)).toBe(true);
    });
  });

  it('rejects a missing file before any stream exists', async () => {
    await expect(openPooledFileStream(path.join(dir, 'missing'))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(
      openPooledFileStream(path.join(dir, 'missing-too'), { start: 0, end: 9 }),
    ).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('fails the stream, rather than ending it early, when the file was truncated after opening', async () => {
    const { file, content } = await writeRandomFile(POOL_CHUNK_BYTES * 3 + 17);
    const stream = await openPooledFileStream(file);
    await truncate(file, POOL_CHUNK_BYTES + 10);

    const received: Buffer[] = [];
    const outcome = await (async () => {
      try {
        for await (const chunk of stream) received.push(Buffer.from(chunk as Buffer));
        return 'ended';
      } catch (error) {
        return error;
      }
    })();
    expect(outcome).toBeInstanceOf(Error);
    // What did arrive is the start of the file, not garbage.
    const got = Buffer.concat(received);
    expect(got.length).toBeLessThanOrEqual(POOL_CHUNK_BYTES + 10);
    expect(got.equals(content.subarray(0, got.length))).toBe(true);
  });

  it('fails the stream when a range runs past the end of the file', async () => {
    const { file } = await writeRandomFile(100);
    const stream = await openPooledFileStream(file, { start: 50, end: 199 });
    await expect(readAll(stream)).rejects.toThrow();
  });

  it('closes the file handle when destroyed midway, without an error', async () => {
    const { file } = await writeRandomFile(POOL_CHUNK_BYTES * 8);
    const stream = await openPooledFileStream(file);
    const before = await openPaths();
    if (before) expect(before).toContain(file);

    const errors: unknown[] = [];
    stream.on('error', (error) => errors.push(error));
    const closed = new Promise<void>((resolve) => stream.once('close', () => resolve()));

    const first = await new Promise<Buffer>((resolve) => stream.once('data', resolve));
    expect(first.length).toBe(POOL_CHUNK_BYTES);
    stream.destroy();
    await closed;

    expect(errors).toEqual([]);
    expect(stream.destroyed).toBe(true);
    const after = await openPaths();
    if (after) expect(after).not.toContain(file);
  });

  it('closes the file handle when it ends', async () => {
    const { file } = await writeRandomFile(POOL_CHUNK_BYTES + 1);
    const stream = await openPooledFileStream(file);
    const closed = new Promise<void>((resolve) => stream.once('close', () => resolve()));
    await readAll(stream);
    await closed;
    const after = await openPaths();
    if (after) expect(after).not.toContain(file);
  });
});
