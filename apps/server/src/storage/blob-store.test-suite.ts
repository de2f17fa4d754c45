import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import type { BlobStore } from './blob-store.ts';

/**
 * The contract every BlobStore driver passes (filesystem now, S3 later): one suite, run against each driver by
 * its own test file, so a new driver is proved by the same behaviour the product relies on.
 */
export function describeBlobStoreContract(name: string, create: () => Promise<BlobStore>) {
  describe(`${name} blob store contract`, () => {
    it('stores a stream and reads it back whole, with its size', async () => {
      const store = await create();
      const info = await store.put('acme/one', Readable.from([Buffer.from('hello '), Buffer.from('world')]));
      expect(info.size).toBe(11);
      expect(await text(await store.get('acme/one'))).toBe('hello world');
      expect(await store.stat('acme/one')).toMatchObject({ size: 11 });
    });

    it('lists the keys of blobs written before a time, and none written after it', async () => {
      const store = await create();
      await store.put('acme/listed-1', Readable.from([Buffer.from('a')]));
      await store.put('globex/nested/listed-2', Readable.from([Buffer.from('b')]));
      const keys = async (before: Date) => {
        const found: string[] = [];
        for await (const key of store.keysWrittenBefore(before)) found.push(key);
        return found.sort();
      };
      expect(await keys(new Date(Date.now() + 60_000))).toEqual(['acme/listed-1', 'globex/nested/listed-2']);
      expect(await keys(new Date(Date.now() - 60_000))).toEqual([]);
    });

    it('reads an inclusive byte range', async () => {
      const store = await create();
      await store.put('acme/range', Readable.from([Buffer.from('0123456789')]));
      expect(await text(await store.get('acme/range', { start: 2, end: 5 }))).toBe('2345');
    });

    it('keeps a zero-byte blob', async () => {
      const store = await create();
      expect((await store.put('acme/empty', Readable.from([]))).size).toBe(0);
      expect(await store.stat('acme/empty')).toMatchObject({ size: 0 });
    });

    it('leaves nothing under the key when the source stream fails midway', async () => {
      const store = await create();
      async function* broken() {
        yield Buffer.alloc(64 * 1024, 1);
        throw new Error('socket cut');
      }
      await expect(store.put('acme/broken', Readable.from(broken()))).rejects.toThrow('socket cut');
      expect(await store.stat('acme/broken')).toBeUndefined();
    });

    it('leaves nothing under the key when the source is destroyed without an error (a client gone)', async () => {
      const store = await create();
      const source = new Readable({ read() {} });
      source.push(Buffer.alloc(64 * 1024, 2));
      setTimeout(() => source.destroy(), 10);
      await expect(store.put('acme/gone-client', source)).rejects.toThrow();
      expect(await store.stat('acme/gone-client')).toBeUndefined();
    });

    it('reads the last byte alone, and a range of a blob put as many small chunks', async () => {
      const store = await create();
      const chunks = Array.from({ length: 1000 }, (_, i) => Buffer.from([i % 256]));
      await store.put('acme/chunks', Readable.from(chunks));
      expect([...(await buffer(await store.get('acme/chunks', { start: 999, end: 999 })))]).toEqual([
        999 % 256,
      ]);
      expect([...(await buffer(await store.get('acme/chunks', { start: 254, end: 257 })))]).toEqual([
        254, 255, 0, 1,
      ]);
    });

    it('answers undefined for a missing blob and deletes idempotently', async () => {
      const store = await create();
      expect(await store.stat('acme/missing')).toBeUndefined();
      await store.put('acme/gone', Readable.from([Buffer.from('x')]));
      await store.delete('acme/gone');
      await store.delete('acme/gone');
      expect(await store.stat('acme/gone')).toBeUndefined();
      await expect(store.get('acme/gone')).rejects.toThrow();
    });

    it('refuses keys that could escape its namespace', async () => {
      const store = await create();
      for (const key of ['../etc/passwd', '/abs', 'acme/../../x', 'Acme/UPPER', 'acme//x', '']) {
        await expect(store.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow();
      }
    });
  });
}
