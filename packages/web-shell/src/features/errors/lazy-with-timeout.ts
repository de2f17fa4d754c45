import { LIMITS } from '@portico/contracts';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A lazily loaded chunk that did not arrive in time (SPEC §9: 120 s). */
export class ChunkLoadTimeoutError extends Error {
  constructor(ms: number) {
    super(`A part of the application did not load within ${Math.round(ms / 1000)} seconds.`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

/** Rejects with {@link ChunkLoadTimeoutError} when `promise` takes longer than `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError(ms)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** React.lazy with the chunk time-out: a chunk that does not load in time shows the reload screen. */
export function lazyWithTimeout<P extends object = object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  ms: number = LIMITS.chunkLoadTimeoutMs,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => withTimeout(load(), ms));
}

/** Errors of a chunk that timed out or failed to load (a deploy replaced it, the network dropped). */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadTimeoutError) return true;
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|Failed to fetch|Loading chunk|error loading dynamically/i.test(
    message,
  );
}
