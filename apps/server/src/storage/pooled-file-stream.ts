import { type FileHandle, open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { handOut, takeBuffer } from './buffer-pool.ts';

/**
 * Opens `[start, end]` (inclusive; the whole file without a range) of a file as a stream of pooled chunks.
 * The file is opened and measured before this resolves, so a missing file fails here, not mid-stream; a file
 * that turns out shorter than it measured fails the stream rather than ending it early.
 */
export async function openPooledFileStream(
  path: string,
  range?: { start: number; end: number },
): Promise<Readable> {
  const handle = await open(path, 'r');
  try {
    const end = range ? range.end + 1 : (await handle.stat()).size;
    return new PooledFileStream(handle, range?.start ?? 0, end);
  } catch (error) {
    await handle.close();
    throw error;
  }
}

class PooledFileStream extends Readable {
  #handle: FileHandle;
  #position: number;
  #end: number;

  constructor(handle: FileHandle, start: number, end: number) {
    // One chunk read ahead is enough: the socket, not the disk, sets the pace.
    super({ highWaterMark: 1 });
    this.#handle = handle;
    this.#position = start;
    this.#end = end;
  }

  override _read() {
    if (this.#position >= this.#end) {
      this.push(null);
      return;
    }
    const buffer = takeBuffer();
    const length = Math.min(buffer.length, this.#end - this.#position);
    this.#handle.read(buffer, 0, length, this.#position).then(
      ({ bytesRead }) => {
        if (this.destroyed) return;
        if (bytesRead === 0) {
          this.destroy(new Error(`the file ended at byte ${this.#position}, before byte ${this.#end}`));
          return;
        }
        this.#position += bytesRead;
        this.push(handOut(buffer, bytesRead));
      },
      (error: Error) => this.destroy(error),
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    this.#handle.close().then(
      () => callback(error),
      (closeError: Error) => callback(error ?? closeError),
    );
  }
}
