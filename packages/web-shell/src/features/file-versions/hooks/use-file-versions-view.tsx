import { useDialogTarget } from '../../../lib/use-dialog-target.ts';
import { lazyPart } from '../../../ui/lazy-part.tsx';
import type { FileVersionsDialogProps } from '../components/file-versions-dialog.tsx';

// The versions view is a chunk of its own, fetched when first opened (as the viewer is).
const FileVersionsDialog = lazyPart(() => import('../components/file-versions-dialog.tsx'));

/**
 * One list's versions view (decision 49), one file at a time: `open(file)` shows it (`element`, rendered anywhere
 * in the list's page); closing returns the focus to what opened it.
 */
export function useFileVersionsView(options: Omit<FileVersionsDialogProps, 'file' | 'onClose'>) {
  const { target: file, open, close } = useDialogTarget<{ id: string; title: string }>();
  const element = file ? <FileVersionsDialog file={file} onClose={close} {...options} /> : null;
  return { open, element };
}
