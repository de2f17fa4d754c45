import { type SyntheticEvent, useCallback, useEffect, useRef } from 'react';

/**
 * A native modal `<dialog>` that is open while its component is mounted: shown with `showModal()` (the page behind
 * is inert, the focus moves in), closed on unmount, and Esc asks `onClose` instead of closing it behind React's
 * back. Spread `{ ref, onCancel }` on the `<dialog>`; the caller gives the focus back (useDialogTarget).
 */
export function useModalDialog(onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (element && !element.open) element.showModal?.();
    return () => element?.close();
  }, []);
  const onCancel = useCallback(
    (event: SyntheticEvent) => {
      event.preventDefault();
      onClose();
    },
    [onClose],
  );
  return { ref, onCancel };
}
