import { type ComponentType, lazy } from 'react';
import { withTimeout } from '../features/errors/lazy-with-timeout.ts';

/** A lazily loaded component that can be asked for before it is drawn. */
export interface Preloadable<P extends object = object> {
  Component: ComponentType<P>;
  /** Starts loading the module (once; within the chunk time-out); resolves when it is there. */
  preload: () => Promise<unknown>;
}

/**
 * React.lazy, except that a module already loaded (asked for early with `preload`: the page a sign-in returns to,
 * a menu entry under the pointer, a dialog's button under the pointer: `lazyPart`) is drawn at once. React.lazy
 * always suspends on its first render, and React holds a revealed Suspense boundary back by up to 300 ms, which was
 * a fifth of the time to the first screen under a slow CPU (issue 19). A module not yet loaded suspends as before,
 * and a failure reaches the route's error page.
 */
export function preloadable<P extends object = object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  timeoutMs: number,
): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    pending ??= withTimeout(load(), timeoutMs).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // A later attempt (a reload of the route) may succeed.
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(preload);
  function Component(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return { Component, preload };
}
