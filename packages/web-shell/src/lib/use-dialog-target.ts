import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * What a row's dialog is open for (a file to preview, its details, its versions), with the focus returned to what
 * opened it once the dialog is gone (while it is open the page behind it is inert and cannot take the focus).
 */
export function useDialogTarget<T>() {
  const [target, setTarget] = useState<T>();
  const trigger = useRef<HTMLElement | null>(null);
  const open = useCallback((next: T) => {
    trigger.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setTarget(next);
  }, []);
  const close = useCallback(() => setTarget(undefined), []);
  useEffect(() => {
    if (target !== undefined) return;
    const element = trigger.current;
    trigger.current = null;
    if (element?.isConnected) element.focus();
  }, [target]);
  return { target, open, close };
}
