import { useCallback, useState } from 'react';
import { safeStorage } from '../../../lib/storage-keys.ts';

export function readCollapsed(key: string): boolean {
  return safeStorage.get(key) === 'true';
}

/**
 * The side menu's state. On a wide screen a click collapses or expands it and the choice is kept in local
 * storage (SPEC §4). Below the breakpoint it collapses by itself without touching that choice; a click there
 * opens it over the content until the next click or navigation.
 */
export function useSideMenuCollapsed(storageKey: string) {
  const [choice, setChoice] = useState(() => readCollapsed(storageKey));
  const [narrow, setNarrow] = useState(false);
  const [narrowOpen, setNarrowOpen] = useState(false);
  const collapsed = narrow ? !narrowOpen : choice;

  const toggle = useCallback(() => {
    if (narrow) {
      setNarrowOpen((open) => !open);
      return;
    }
    setChoice((current) => {
      safeStorage.set(storageKey, String(!current));
      return !current;
    });
  }, [narrow, storageKey]);

  /** Told whenever the window crosses the breakpoint: `broken` is true below it. */
  const onBreakpoint = useCallback((broken: boolean) => {
    setNarrow(broken);
    setNarrowOpen(false);
  }, []);

  const closeOverlay = useCallback(() => setNarrowOpen(false), []);

  /** Shows the whole menu (a group opened in the collapsed menu): opened over the content when narrow. */
  const expand = useCallback(() => {
    if (narrow) setNarrowOpen(true);
    else if (collapsed) toggle();
  }, [narrow, collapsed, toggle]);

  return {
    collapsed,
    choice,
    narrow,
    overlay: narrow && narrowOpen,
    toggle,
    onBreakpoint,
    closeOverlay,
    expand,
  };
}
