import { ProfileOutlined } from '@ant-design/icons';
import { useDialogTarget } from '../../../lib/use-dialog-target.ts';
import { lazyPart } from '../../../ui/lazy-part.tsx';
import type { FileActionCommand } from '../../file-actions/file-actions.ts';
import type { FileDetailsView } from '../views.ts';

const FileDetailsDialog = lazyPart(() => import('../dialogs/file-details-dialog.tsx'));

interface DetailsFile {
  id: string;
  title: string;
}

/**
 * A list's file details: `views` are those the site allows (properties, history, check-outs; none: no button),
 * `command(file)` is the row's "Details" (a command of the portal's "More" dialog, a button of the control panel's
 * rows), `element` the dialog (rendered anywhere in the list's page); closing it
 * puts the focus back on the button that opened it.
 */
export function useFileDetails(views: readonly FileDetailsView[]) {
  const { target: file, open, close } = useDialogTarget<DetailsFile>();

  const command = (row: DetailsFile): FileActionCommand | null =>
    views.length
      ? { key: 'details', label: 'Details', icon: <ProfileOutlined aria-hidden />, onSelect: () => open(row) }
      : null;

  const element = file ? <FileDetailsDialog key={file.id} file={file} views={views} onClose={close} /> : null;
  return { open, command, element, available: views.length > 0 };
}
