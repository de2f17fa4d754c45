import { useEffect, useState } from 'react';

/**
 * For a control drawn with antd (a searchable select, a date picker) that is not needed for the first screen:
 * `ready` turns true when the browser is next idle (at most 2 s later), or at once when the user reaches for the
 * stand-in (`reach(focused)`); only then is its chunk asked for. `focused` says the keyboard reached it, so the
 * real control takes the focus on.
 */
export function useAfterFirstScreen(): [ready: boolean, reach: (focused: boolean) => void, focused: boolean] {
  const [ready, setReady] = useState(false);
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    if (ready) return;
    const now = () => setReady(true);
    if (typeof globalThis.requestIdleCallback === 'function') {
      const id = globalThis.requestIdleCallback(now, { timeout: 2000 });
      return () => globalThis.cancelIdleCallback(id);
    }
    const timer = setTimeout(now, 500);
    return () => clearTimeout(timer);
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
