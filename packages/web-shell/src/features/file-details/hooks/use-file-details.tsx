import type { ReactNode } from 'react';
import { useDialogTarget } from '../../../lib/use-dialog-target.ts';
import { Button } from '../../../ui/button.tsx';
import { lazyPart } from '../../../ui/lazy-part.tsx';
import type { FileDetailsView } from '../views.ts';

const FileDetailsDialog = lazyPart(() => import('../dialogs/file-details-dialog.tsx'));

interface DetailsFile {
  id: string;
  title: string;
}

/**
 * A list's file details: `views` are those the site allows (properties, history, check-outs; none: no button),
 * `button(file)` is the row's "Details", `element` the dialog (rendered anywhere in the list's page); closing it
 * puts the focus back on the button that opened it.
 */
export function useFileDetails(views: readonly FileDetailsView[]) {
  const { target: file, open, close } = useDialogTarget<DetailsFile>();

  const button = (row: DetailsFile, options: { size?: 'small' | 'middle' } = {}): ReactNode =>
    views.length ? (
      <Button
        size={options.size ?? 'middle'}
        onClick={() => open(row)}
        onPointerEnter={FileDetailsDialog.preload}
        onFocus={FileDetailsDialog.preload}
        aria-label={`Details of ${row.title}`}
        data-testid="file-details-open"
      >
        Details
      </Button>
    ) : null;

  const element = file ? <FileDetailsDialog key={file.id} file={file} views={views} onClose={close} /> : null;
  return { open, button, element, available: views.length > 0 };
}
