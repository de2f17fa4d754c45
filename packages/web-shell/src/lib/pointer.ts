import { useSyncExternalStore } from 'react';

const COARSE = '(pointer: coarse)';

function subscribe(onChange: () => void) {
  const query = globalThis.matchMedia?.(COARSE);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/**
 * True when the main pointer is a finger (a phone or tablet): there is nothing to drag files with, so drop zones
 * say "tap" instead of "drag" (issue 19). Follows a change, e.g. a tablet's keyboard cover attached.
 */
export function useCoarsePointer(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => globalThis.matchMedia?.(COARSE).matches ?? false,
    () => false,
  );
}

/** What a drop zone invites to, by pointer: `what` names the files ("files", "the firm's files"). */
export const dropZoneInvitation = (coarsePointer: boolean, what = 'files') =>
  coarsePointer ? `Tap to choose ${what}` : `Drag ${what} here, or click to choose them`;
