import { randomUUID } from 'node:crypto';
import { mkdir, open, opendir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertBlobKey, type BlobInfo, type BlobStore, isBlobKey } from './blob-store.ts';
import { DurableFileWriter } from './durable-file-writer.ts';
import { openPooledFileStream } from './pooled-file-stream.ts';

/** How long a temporary file may sit untouched before it counts as abandoned, unless the store is told otherwise. */
export const ABANDONED_WRITE_AGE_MS = 2 * 60 * 60 * 1000;

export interface FsBlobStoreOptions {
  /** `removeAbandonedWrites()` removes temporary files untouched for this long (TEMP_FILE_MAX_AGE_SECONDS). */
  abandonedWriteAgeMs?: number;
}

/**
 * Blobs as files under one folder. A put writes to a temporary name, fsyncs and renames, so a crash or an
 * aborted stream never leaves a partial blob under a real key.
 */
export function createFsBlobStore(root: string, options: FsBlobStoreOptions = {}): BlobStore {
  const abandonedWriteAgeMs = options.abandonedWriteAgeMs ?? ABANDONED_WRITE_AGE_MS;
  const tmpDir = path.join(root, '.tmp');
  const pathOf = (key: string) => path.join(root, assertBlobKey(key));
  return {
    async put(key, body) {
      const target = pathOf(key);
      await mkdir(tmpDir, { recursive: true });
      await mkdir(path.dirname(target), { recursive: true });
      const tmp = path.join(tmpDir, randomUUID());
      try {
        const out = new DurableFileWriter(tmp);
        await pipeline(body, out);
        await rename(tmp, target);
        await syncFolder(path.dirname(target));
        return { size: out.bytesWritten };
      } catch (error) {
        await rm(tmp, { force: true });
        throw error;
      }
    },
    async putProgressively(key, body) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const out = new DurableFileWriter(target);
      await pipeline(body, out);
      await syncFolder(path.dirname(target));
      return { size: out.bytesWritten };
    },
    async get(key, range) {
      return openPooledFileStream(pathOf(key), range);
    },
    async stat(key): Promise<BlobInfo | undefined> {
      try {
        const info = await stat(pathOf(key));
        return { size: info.size, modifiedAt: info.mtime };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async *keysWrittenBefore(before) {
      for await (const key of walkKeys(root, '')) {
        const written = await stat(path.join(root, key)).catch(() => undefined);
        if (written && written.mtime < before) yield key;
      }
    },
    async removeAbandonedWrites(before = new Date(Date.now() - abandonedWriteAgeMs)) {
      let removed = 0;
      const names = await readdir(tmpDir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      for (const name of names) {
        const file = path.join(tmpDir, name);
        const written = await stat(file).catch(() => undefined);
        if (!written?.isFile() || written.mtime >= before) continue;
        await rm(file, { force: true });
        removed++;
      }
      return removed;
    },
  };
}

/**
 * Every file under `root/prefix` whose path is a blob key, folder by folder without reading a whole tree at
 * once; `.tmp` (puts in progress) and anything that is not a key (a file someone put there) are not blobs.
 */
async function* walkKeys(root: string, prefix: string): AsyncGenerator<string> {
  let folder: Awaited<ReturnType<typeof opendir>>;
  try {
    folder = await opendir(path.join(root, prefix));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for await (const entry of folder) {
    if (!prefix && entry.name === '.tmp') continue;
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walkKeys(root, key);
    else if (entry.isFile() && isBlobKey(key)) yield key;
  }
}

/**
 * Makes a rename durable: until the folder itself is flushed, a crash can lose the new name even though the
 * file's bytes were synced, and a committed row would then point at nothing. Some systems cannot open a folder
 * for this; there the rename is as durable as the platform makes it.
 */
async function syncFolder(folder: string) {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(folder, 'r');
    await handle.sync();
  } catch (error) {
    if (!['EISDIR', 'EPERM', 'EINVAL', 'EBADF'].includes((error as NodeJS.ErrnoException).code ?? ''))
      throw error;
  } finally {
    await handle?.close();
  }
}
