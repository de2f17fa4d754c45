import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, expect, it } from 'vitest';
import { describeBlobStoreContract } from './blob-store.test-suite.ts';
import { createFsBlobStore } from './fs-blob-store.ts';

const roots: string[] = [];
const newRoot = async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'portico-blobs-'));
  roots.push(root);
  return root;
};
afterAll(async () => {
  await Promise.all(roots.map((r) => rm(r, { recursive: true, force: true })));
});

describeBlobStoreContract('filesystem', async () => createFsBlobStore(await newRoot()));

it('a failed write leaves no temporary file behind either', async () => {
  const root = await newRoot();
  const store = createFsBlobStore(root);
  async function* broken() {
    yield Buffer.alloc(1024);
    throw new Error('client went away');
  }
  await expect(store.put('acme/x', Readable.from(broken()))).rejects.toThrow();
  expect(await readdir(path.join(root, '.tmp'))).toEqual([]);
});

it('removes what a crashed put left in its temporary folder once it is old, and lists no such file as a blob', async () => {
  const root = await newRoot();
  const store = createFsBlobStore(root);
  await store.put('acme/kept', Readable.from([Buffer.from('kept')]));
  await mkdir(path.join(root, '.tmp'), { recursive: true });
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
  await writeFile(path.join(root, '.tmp', 'crashed-put'), 'half a file');
  await utimes(path.join(root, '.tmp', 'crashed-put'), hourAgo, hourAgo);
  await writeFile(path.join(root, '.tmp', 'put-in-progress'), 'still arriving');
  // Not a key the server would make: somebody else's file, never touched.
  await writeFile(path.join(root, 'README.TXT'), 'not a blob');
  await utimes(path.join(root, 'README.TXT'), hourAgo, hourAgo);

  const listed: string[] = [];
  for await (const key of store.keysWrittenBefore(new Date(Date.now() + 60_000))) listed.push(key);
  expect(listed).toEqual(['acme/kept']);

  expect(await store.removeAbandonedWrites(new Date(Date.now() - 60_000))).toBe(1);
  expect(await readdir(path.join(root, '.tmp'))).toEqual(['put-in-progress']);
  expect((await readdir(root)).sort()).toEqual(['.tmp', 'README.TXT', 'acme']);
  expect(await createFsBlobStore(await newRoot()).removeAbandonedWrites(new Date())).toBe(0);
});

it('by default removes temporary files untouched for longer than its age limit (TEMP_FILE_MAX_AGE_SECONDS)', async () => {
  const root = await newRoot();
  const store = createFsBlobStore(root, { abandonedWriteAgeMs: 10 * 60 * 1000 });
  await mkdir(path.join(root, '.tmp'), { recursive: true });
  const minutesAgo = async (name: string, minutes: number) => {
    await writeFile(path.join(root, '.tmp', name), 'half a file');
    const then = new Date(Date.now() - minutes * 60 * 1000);
    await utimes(path.join(root, '.tmp', name), then, then);
  };
  await minutesAgo('crashed-15-minutes-ago', 15);
  await minutesAgo('writing-5-minutes-ago', 5);
  expect(await store.removeAbandonedWrites()).toBe(1);
  expect(await readdir(path.join(root, '.tmp'))).toEqual(['writing-5-minutes-ago']);
  // The default limit is two hours.
  await minutesAgo('crashed-an-hour-ago', 60);
  expect(await createFsBlobStore(root).removeAbandonedWrites()).toBe(0);
});
