import { FlagOutlined } from '@ant-design/icons';
import { lazyPart } from '../../../ui/lazy-part.tsx';
import type { FileActionPanel, FileActionTarget } from '../../file-actions/file-actions.ts';
import type { StatusedFile } from '../dialogs/file-status-form.tsx';

const FileStatusForm = lazyPart(() => import('../dialogs/file-status-form.tsx'));

/** The "Set status" panel of a row's "More" dialog, for a list of published files. */
export function fileStatusPanel<F extends FileActionTarget>(): FileActionPanel<F> {
  return {
    key: 'status',
    label: 'Set status',
    icon: <FlagOutlined aria-hidden />,
    preload: FileStatusForm.preload,
    render: ({ file, onDone, onCancel }) => (
      <FileStatusForm file={file as StatusedFile} onDone={onDone} onCancel={onCancel} />
    ),
  };
}
