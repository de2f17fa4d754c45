import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import type { FileVersionsDialogProps } from '../components/file-versions-dialog.tsx';

// The versions view is a chunk of its own, fetched when first opened (as the viewer is).
const FileVersionsDialog = lazy(() => import('../components/file-versions-dialog.tsx'));

/**
 * One list's versions view (decision 49), one file at a time: `open(file)` shows it (`element`, rendered anywhere
 * in the list's page); closing returns the focus to what opened it.
 */
export function useFileVersionsView(options: Omit<FileVersionsDialogProps, 'file' | 'onClose'>) {
  const [file, setFile] = useState<{ id: string; title: string }>();
  const trigger = useRef<HTMLElement | null>(null);
  const open = useCallback((next: { id: string; title: string }) => {
    trigger.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setFile(next);
  }, []);
  const close = useCallback(() => {
    setFile(undefined);
    // Once the dialog is gone (while it is open the page behind it is inert and cannot take the focus).
    setTimeout(() => {
      if (trigger.current?.isConnected) trigger.current.focus();
    });
  }, []);
  const element = file ? (
    <Suspense fallback={null}>
      <FileVersionsDialog file={file} onClose={close} {...options} />
    </Suspense>
  ) : null;
  return { open, element };
}
