import { DeleteOutlined, FolderOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { lazyPart } from '../../../ui/lazy-part.tsx';
import { SelectionDialogButton } from '../../lists/components/selection-dialog-button.tsx';
import type { BulkTarget } from '../dialogs/bulk-dialogs.tsx';

export type { BulkTarget } from '../dialogs/bulk-dialogs.tsx';

// The dialogs and their forms: one chunk, loaded when a bulk button is first pointed at or pressed.
const dialogs = () => import('../dialogs/bulk-dialogs.tsx');
const BulkDialog = lazyPart(dialogs, 'BulkDialog');
const BulkMoveForm = lazyPart(dialogs, 'BulkMoveForm');
const BulkDeleteForm = lazyPart(dialogs, 'BulkDeleteForm');

/**
 * A selection bar's button that opens a small modal dialog (Esc closes it, the focus returns to the button): the
 * bulk actions of issue 27 item 10, each one request, all or nothing, ending in a result message.
 */
function BulkDialogButton({
  label,
  icon,
  testId,
  danger,
  disabled,
  children,
}: {
  label: string;
  icon: ReactNode;
  testId: string;
  danger?: boolean;
  disabled?: boolean;
  children: (close: () => void, titleId: string) => ReactNode;
}) {
  return (
    <SelectionDialogButton
      verb={label}
      icon={icon}
      danger={danger}
      disabled={disabled}
      testId={testId}
      preload={BulkDialog.preload}
      dialog={(close) => (
        <BulkDialog testId={testId} close={close}>
          {children}
        </BulkDialog>
      )}
    />
  );
}

/** "Move to…": a folder of the site (or its top level) for every selected file. */
export function BulkMoveButton({ siteId, fileIds, onDone }: BulkTarget & { siteId: string }) {
  return (
    <BulkDialogButton
      label="Move to…"
      icon={<FolderOutlined aria-hidden />}
      testId="bulk-move"
      disabled={fileIds.length === 0}
    >
      {(close, titleId) => (
        <BulkMoveForm siteId={siteId} fileIds={fileIds} onDone={onDone} close={close} titleId={titleId} />
      )}
    </BulkDialogButton>
  );
}

/** "Delete": every selected file to its site's trash, asked first. */
export function BulkDeleteButton({ fileIds, onDone }: BulkTarget) {
  return (
    <BulkDialogButton
      label="Delete"
      icon={<DeleteOutlined aria-hidden />}
      testId="bulk-delete"
      danger
      disabled={fileIds.length === 0}
    >
      {(close, titleId) => (
        <BulkDeleteForm fileIds={fileIds} onDone={onDone} close={close} titleId={titleId} />
      )}
    </BulkDialogButton>
  );
}
