import { useEffect, useState } from 'react';

/** How long after mounting the stand-in waits before it asks the browser for an idle moment. */
const SETTLE_MS = 2500;

/**
 * For a control drawn with antd (a searchable select, a date picker) that is not needed for the first screen:
 * `ready` turns true once the page has settled (2.5 s, then the browser's next idle moment, at most 2 s more), or
 * at once when the user reaches for the stand-in (`reach(focused)`); only then is its chunk asked for, so it never
 * competes with the page's own content on a slow phone. `focused` says the keyboard reached it, so the real
 * control takes the focus on.
 */
export function useAfterFirstScreen(): [ready: boolean, reach: (focused: boolean) => void, focused: boolean] {
  const [ready, setReady] = useState(false);
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    if (ready) return;
    const now = () => setReady(true);
    let idle: number | undefined;
    const timer = setTimeout(() => {
      if (typeof globalThis.requestIdleCallback === 'function')
        idle = globalThis.requestIdleCallback(now, { timeout: 2000 });
      else now();
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      if (idle !== undefined) globalThis.cancelIdleCallback(idle);
    };
  }, [ready]);
  return [
    ready,
    (withFocus) => {
      setFocused(withFocus);
      setReady(true);
    },
    focused,
  ];
}
