import { describe, expect, it } from 'vitest';
import { freeBufferCount, handOut, POOL_CHUNK_BYTES, releaseChunk, takeBuffer } from './buffer-pool.ts';

/** Empties the pool, so each test starts from a known state (the pool lives for the whole module). */
function drainPool() {
  while (freeBufferCount() > 0) takeBuffer();
}

/** Takes two buffers and checks neither shares memory with the other nor with any of `others`. */
function expectTwoFreshBuffers(...others: ArrayBufferLike[]) {
  const a = takeBuffer();
  const b = takeBuffer();
  expect(a.buffer).not.toBe(b.buffer);
  for (const other of others) {
    expect(a.buffer).not.toBe(other);
    expect(b.buffer).not.toBe(other);
  }
}

describe('buffer pool', () => {
  it('takes buffers of POOL_CHUNK_BYTES that own their whole memory', () => {
    drainPool();
    const buffer = takeBuffer();
    expect(buffer.length).toBe(POOL_CHUNK_BYTES);
    expect(buffer.byteOffset).toBe(0);
    expect(buffer.buffer.byteLength).toBe(POOL_CHUNK_BYTES);
    expect(takeBuffer().buffer).not.toBe(buffer.buffer);
  });

  it('reuses a released handed-out chunk on the next takeBuffer', () => {
    drainPool();
    const buffer = takeBuffer();
    const chunk = handOut(buffer, 1000);
    expect(chunk.length).toBe(1000);
    expect(chunk.buffer).toBe(buffer.buffer);
    expect(freeBufferCount()).toBe(0);

    releaseChunk(chunk);
    expect(freeBufferCount()).toBe(1);

    const again = takeBuffer();
    expect(again.buffer).toBe(buffer.buffer);
    expect(again.byteOffset).toBe(0);
    expect(again.length).toBe(POOL_CHUNK_BYTES);
    expect(freeBufferCount()).toBe(0);
  });

  it('reuses a released full-length chunk too', () => {
    drainPool();
    const buffer = takeBuffer();
    releaseChunk(handOut(buffer, POOL_CHUNK_BYTES));
    expect(freeBufferCount()).toBe(1);
    expect(takeBuffer().buffer).toBe(buffer.buffer);
  });

  it('does not put a buffer back for a sub-slice of the chunk', () => {
    drainPool();
    const buffer = takeBuffer();
    const chunk = handOut(buffer, 1000);
    releaseChunk(chunk.subarray(10)); // offset inside the chunk
    releaseChunk(chunk.subarray(0, 500)); // same offset, shorter
    releaseChunk(chunk.subarray(10, 1000));
    releaseChunk(new Uint8Array(buffer.buffer, 10, 1000)); // the chunk's length, at another offset
    releaseChunk(buffer.subarray(1000, 2000));
    expect(freeBufferCount()).toBe(0);
    expectTwoFreshBuffers(buffer.buffer);
  });

  it('does not put a buffer back for a chunk of a different length', () => {
    drainPool();
    const buffer = takeBuffer();
    handOut(buffer, 1000);
    releaseChunk(buffer); // the whole buffer, not the chunk handed out
    releaseChunk(buffer.subarray(0, 1001));
    releaseChunk(buffer.subarray(0, 999));
    releaseChunk(new Uint8Array(buffer.buffer, 0, 2000));
    expect(freeBufferCount()).toBe(0);
    expectTwoFreshBuffers(buffer.buffer);
  });

  it('does not put a buffer back for a copy of the chunk', () => {
    drainPool();
    const buffer = takeBuffer();
    const chunk = handOut(buffer, 1000);
    releaseChunk(Buffer.from(chunk));
    releaseChunk(Uint8Array.from(chunk));
    const large = handOut(takeBuffer(), POOL_CHUNK_BYTES);
    releaseChunk(Buffer.from(large)); // a copy of the exact same length
    expect(freeBufferCount()).toBe(0);
    expectTwoFreshBuffers(buffer.buffer, large.buffer);
  });

  it('puts a buffer back only once when the same chunk is released twice', () => {
    drainPool();
    const buffer = takeBuffer();
    const chunk = handOut(buffer, 1000);
    releaseChunk(chunk);
    releaseChunk(chunk);
    expect(freeBufferCount()).toBe(1);
    const a = takeBuffer();
    const b = takeBuffer();
    expect(a.buffer).toBe(buffer.buffer);
    expect(b.buffer).not.toBe(a.buffer);
  });

  it('does not put a buffer back for a chunk released after its buffer was taken again', () => {
    drainPool();
    const buffer = takeBuffer();
    const chunk = handOut(buffer, 1000);
    releaseChunk(chunk);
    const again = takeBuffer();
    expect(again.buffer).toBe(buffer.buffer);
    // A stale release of the old chunk must not free the buffer that is in use again.
    releaseChunk(chunk);
    expect(freeBufferCount()).toBe(0);
    expectTwoFreshBuffers(buffer.buffer);
  });

  it('does not put a buffer back for a stale chunk once its buffer is handed out again, even at the same length', () => {
    drainPool();
    const buffer = takeBuffer();
    const first = handOut(buffer, 1000);
    releaseChunk(first);
    const again = takeBuffer();
    expect(again.buffer).toBe(buffer.buffer);
    const second = handOut(again, 1000); // in use: its bytes have not left yet
    // A second release of the first chunk must not free the buffer that now holds `second`.
    releaseChunk(first);
    expect(freeBufferCount()).toBe(0);
    expectTwoFreshBuffers(second.buffer);
  });

  it('ignores plain buffers that did not come from the pool', () => {
    drainPool();
    const outside = [
      Buffer.alloc(POOL_CHUNK_BYTES),
      Buffer.allocUnsafeSlow(POOL_CHUNK_BYTES),
      Buffer.alloc(1000),
      Buffer.from('hello'),
      new Uint8Array(POOL_CHUNK_BYTES),
      Buffer.alloc(0),
    ];
    for (const buffer of outside) releaseChunk(buffer);
    expect(freeBufferCount()).toBe(0);
    expectTwoFreshBuffers(...outside.map((b) => b.buffer));
  });

  it('ignores a taken buffer that was never handed out', () => {
    drainPool();
    const buffer = takeBuffer();
    releaseChunk(buffer);
    expect(freeBufferCount()).toBe(0);
    expectTwoFreshBuffers(buffer.buffer);
  });

  it('keeps at most 64 free buffers, leaving the rest to the garbage collector', () => {
    drainPool();
    const chunks = Array.from({ length: 70 }, () => handOut(takeBuffer(), 10));
    for (const chunk of chunks) releaseChunk(chunk);
    expect(freeBufferCount()).toBe(64);
    drainPool();
  });
});
