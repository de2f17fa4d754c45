import { LIMITS } from '@portico/contracts';
import { useEffect, useRef } from 'react';
import { listenToOtherTabs, tellOtherTabs } from '../tab-sync.ts';

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'] as const;

/** Activity is told to the other tabs at most this often. */
const TELL_EVERY_MS = 10_000;

/**
 * Calls `onIdle` once nobody has used the page for `timeoutMs` (SPEC §9: 6,000,000 ms), in this tab or any other
 * tab of the browser (tab-sync.ts): a person working in one tab is not signed out by another they left open.
 * Activity only moves a timestamp; one timer checks it, so mouse moves cost nothing.
 */
export function useIdleLogout(onIdle: () => void, timeoutMs: number = LIMITS.idleTimeoutMs) {
  const onIdleRef = useRef(onIdle);
  onIdleRef.current = onIdle;

  useEffect(() => {
    let lastActivity = Date.now();
    let lastTold = 0;
    let timer: ReturnType<typeof setTimeout>;
    const markActive = () => {
      lastActivity = Date.now();
      if (lastActivity - lastTold < TELL_EVERY_MS) return;
      lastTold = lastActivity;
      tellOtherTabs({ type: 'active' });
    };
    const stopListening = listenToOtherTabs((message) => {
      if (message.type === 'active') lastActivity = Date.now();
    });
    const check = () => {
      const idleFor = Date.now() - lastActivity;
      if (idleFor >= timeoutMs) onIdleRef.current();
      else timer = setTimeout(check, timeoutMs - idleFor);
    };
    timer = setTimeout(check, timeoutMs);
    for (const event of ACTIVITY_EVENTS)
      window.addEventListener(event, markActive, { passive: true, capture: true });
    return () => {
      clearTimeout(timer);
      stopListening();
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, markActive, { capture: true });
    };
  }, [timeoutMs]);
}
