import { useSyncExternalStore } from 'react';

/** The widths antd's grid names (min-width, px); the shell and the list kit use the same ones. */
export const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1600 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

const queries = new Map<number, MediaQueryList>();
function queryFor(width: number): MediaQueryList | undefined {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return undefined;
  let query = queries.get(width);
  if (!query) {
    query = window.matchMedia(`(min-width: ${width}px)`);
    queries.set(width, query);
  }
  return query;
}

/** True while the window is at least as wide as `breakpoint`; follows resizes. */
export function useMinWidth(breakpoint: Breakpoint): boolean {
  const width = BREAKPOINTS[breakpoint];
  return useSyncExternalStore(
    (onChange) => {
      const query = queryFor(width);
      query?.addEventListener('change', onChange);
      return () => query?.removeEventListener('change', onChange);
    },
    () => queryFor(width)?.matches ?? true,
    () => true,
  );
}
