/**
 * Reusable read buffers for sending blobs, so a transfer allocates nothing once it is under way.
 *
 * Why: a Node read stream allocates a fresh 64 KiB buffer per read, so a 1 GiB download makes 16,000 short-lived
 * buffers, and a zip of 1,000 files as many. In a server with a real heap (tens of MB of live objects) V8 then
 * ran a full mark-compact about every 100 ms of transfer: half the CPU of a download and more than half of a zip
 * (bench/, `download` and `zip`). A pool turns that into a few buffers reused for the life of the process.
 *
 * The rule that keeps it safe: a chunk goes back to the pool only when its last user says the bytes have left
 * it (`releaseChunk` in a socket write's callback), and only as the very chunk object that was handed out. A chunk
 * that is copied, kept, split or dropped is never released and is simply collected, so a consumer that knows
 * nothing about the pool loses only the saving, never correctness.
 */

/** Bytes per read: few system calls, little held per transfer. */
export const POOL_CHUNK_BYTES = 256 * 1024;
/** Free buffers kept between transfers (16 MiB at most); beyond that, released buffers are left to the GC. */
const POOL_LIMIT = 64;

const free: Buffer[] = [];
/**
 * Chunks that are out, each with the buffer it may bring back. Keyed by the chunk object itself: a slice or a
 * copy is another object, and a chunk released twice finds nothing the second time, even after its buffer has
 * been handed out again as a new chunk.
 */
const handedOut = new WeakMap<Uint8Array, Buffer>();

/** A buffer of `POOL_CHUNK_BYTES` to read into: a free one, or a new one. */
export function takeBuffer(): Buffer {
  return free.pop() ?? Buffer.allocUnsafeSlow(POOL_CHUNK_BYTES);
}

/** The first `length` bytes of a taken buffer, as the chunk to hand out. */
export function handOut(buffer: Buffer, length: number): Buffer {
  const chunk = buffer.subarray(0, length);
  handedOut.set(chunk, buffer);
  return chunk;
}

/** Gives a chunk's buffer back once its bytes have been written out; anything else is ignored. */
export function releaseChunk(chunk: Buffer | Uint8Array) {
  const buffer = handedOut.get(chunk);
  if (!buffer) return;
  handedOut.delete(chunk);
  if (free.length < POOL_LIMIT) free.push(buffer);
}

/** Free buffers now: for tests. */
export const freeBufferCount = () => free.length;
