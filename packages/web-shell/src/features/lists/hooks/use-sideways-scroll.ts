import { type RefCallback, useCallback, useRef, useState } from 'react';

/**
 * A box that scrolls sideways when what it holds is wider (a wide table on a phone). While it does, it takes a
 * Tab stop and a name, so that keyboard users can scroll it too (WCAG 2.1.1; axe: scrollable-region-focusable).
 */
export function useSidewaysScroll<E extends HTMLElement>() {
  const [scrolls, setScrolls] = useState(false);
  const observer = useRef<ResizeObserver | null>(null);
  const ref: RefCallback<E> = useCallback((element) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    observer.current = new ResizeObserver(measure);
    observer.current.observe(element);
    const content = element.firstElementChild;
    if (content) observer.current.observe(content);
    measure();
  }, []);
  return {
    scrolls,
    /** The box's props: its ref, and while it scrolls, a Tab stop named `label`. */
    props: (label: string) => (scrolls ? { ref, tabIndex: 0, role: 'region', 'aria-label': label } : { ref }),
  };
}
