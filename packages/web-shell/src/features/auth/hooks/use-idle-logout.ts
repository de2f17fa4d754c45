import { LIMITS } from '@portico/contracts';
import { useEffect, useRef } from 'react';

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'] as const;

/**
 * Calls `onIdle` once nobody has used the page for `timeoutMs` (SPEC §9: 6,000,000 ms). Activity only moves a
 * timestamp; one timer checks it, so mouse moves cost nothing.
 */
export function useIdleLogout(onIdle: () => void, timeoutMs: number = LIMITS.idleTimeoutMs) {
  const onIdleRef = useRef(onIdle);
  onIdleRef.current = onIdle;

  useEffect(() => {
    let lastActivity = Date.now();
    let timer: ReturnType<typeof setTimeout>;
    const markActive = () => {
      lastActivity = Date.now();
    };
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
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, markActive, { capture: true });
    };
  }, [timeoutMs]);
}
