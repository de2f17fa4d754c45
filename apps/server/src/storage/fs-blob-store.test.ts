import { mkdtemp, readdir, rm } from 'node:fs/promises';
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
