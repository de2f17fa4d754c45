import { LIMITS } from '@portico/contracts';
import { type ComponentType, type JSX, type ReactNode, Suspense } from 'react';
import { preloadable } from '../app/preloadable.tsx';

/** A part of a page loaded the first time it is drawn; `preload` asks for it earlier (under the pointer, on focus). */
export type LazyPart<P extends object> = ((props: P) => JSX.Element) & { preload: () => void };

/**
 * A part nobody needs before they ask for it (a dialog of the "More" button or the selection bar, one of its
 * panels, the details view), in a chunk of its own (decision 68): the module is a `dialogs/` module, which the
 * build keeps out of the shell's chunk, and it loads, within the chunk time-out, when first drawn or preloaded.
 * Meanwhile nothing is drawn (the chunk is a few KB), or `fallback` where the part is a page or a section whose
 * place should say it is coming; a part already preloaded is drawn at once (`preloadable`, as the pages are); a
 * chunk that fails to load reaches the route's error page, which offers a reload. The shell's own parts that no
 * first screen needs (the logged-out, not-found and tenant selection pages, the follow switches) load this way too
 * (decision 75).
 */
export function lazyPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPart<P>;
/** The same, for one of several parts a module exports by name (one chunk for a few small forms). */
export function lazyPart<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  fallback?: ReactNode,
): LazyPart<M[K] extends ComponentType<infer P extends object> ? P : never>;
export function lazyPart<P extends object>(
  load: () => Promise<Record<string, unknown>>,
  name = 'default',
  fallback: ReactNode = null,
): LazyPart<P> {
  const part = preloadable<P>(
    () => load().then((module) => ({ default: module[name] as ComponentType<P> })),
    LIMITS.chunkLoadTimeoutMs,
  );
  function Part(props: P) {
    return (
      <Suspense fallback={fallback}>
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
