import { LIMITS } from '@portico/contracts';
import { type ComponentType, type JSX, Suspense } from 'react';
import { preloadable } from '../app/preloadable.tsx';

/** A part of a page loaded the first time it is drawn; `preload` asks for it earlier (under the pointer, on focus). */
export type LazyPart<P extends object> = ((props: P) => JSX.Element) & { preload: () => void };

/**
 * A part nobody needs before they ask for it (a dialog of the "More" button or the selection bar, one of its
 * panels, the details view), in a chunk of its own (decision 68): the module is a `dialogs/` module, which the
 * build keeps out of the shell's chunk, and it loads, within the chunk time-out, when first drawn or preloaded.
 * Meanwhile nothing is drawn (the chunk is a few KB); a part already preloaded is drawn at once (`preloadable`,
 * as the pages are); a chunk that fails to load reaches the route's error page, which offers a reload.
 */
export function lazyPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPart<P>;
/** The same, for one of several parts a module exports by name (one chunk for a few small forms). */
export function lazyPart<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyPart<M[K] extends ComponentType<infer P extends object> ? P : never>;
export function lazyPart<P extends object>(
  load: () => Promise<Record<string, unknown>>,
  name = 'default',
): LazyPart<P> {
  const part = preloadable<P>(
    () => load().then((module) => ({ default: module[name] as ComponentType<P> })),
    LIMITS.chunkLoadTimeoutMs,
  );
  function Part(props: P) {
    return (
      <Suspense fallback={null}>
        <part.Component {...props} />
      </Suspense>
    );
  }
  return Object.assign(Part, {
    preload: () => {
      part.preload().catch(() => undefined);
    },
  });
}
