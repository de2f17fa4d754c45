import { LIMITS } from '@portico/contracts';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ChunkLoadTimeoutError, isChunkLoadError, withTimeout } from './lazy-with-timeout.ts';

afterEach(() => vi.useRealTimers());

describe('the chunk time-out', () => {
  test('is 120 s', () => {
    expect(LIMITS.chunkLoadTimeoutMs).toBe(120_000);
  });

  test('a chunk that does not arrive in time fails with a ChunkLoadTimeoutError', async () => {
    vi.useFakeTimers();
    const never = new Promise<never>(() => undefined);
    const loading = withTimeout(never, LIMITS.chunkLoadTimeoutMs);
    const outcome = expect(loading).rejects.toBeInstanceOf(ChunkLoadTimeoutError);
    await vi.advanceTimersByTimeAsync(119_999);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
  });

  test('a chunk that arrives in time is used', async () => {
    await expect(withTimeout(Promise.resolve('module'), 1000)).resolves.toBe('module');
  });

  test('recognises chunk failures of the browsers', () => {
    expect(isChunkLoadError(new ChunkLoadTimeoutError(120_000))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
  });
});
