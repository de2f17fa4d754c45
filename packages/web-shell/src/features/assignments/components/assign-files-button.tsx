import { UserAddOutlined } from '@ant-design/icons';
import { SelectionDialogButton } from '../../lists/components/selection-dialog-button.tsx';
import '../assignments.css';
import { lazyPart } from '../../../ui/lazy-part.tsx';

const AssignFilesDialog = lazyPart(() => import('../dialogs/assign-files-dialog.tsx'));

/**
 * "Assign" on the selected files (one site's): a dialog for the person (the firm's staff or the site's member
 * clients), a note and a due date; one request, all or nothing. Without a site (a list across sites) it says to
 * choose one first.
 */
export function AssignFilesButton({
  tenant,
  siteId,
  fileIds,
  onDone,
}: {
  tenant: string;
  siteId: string | undefined;
  fileIds: readonly string[];
  onDone?: () => void;
}) {
  return (
    <SelectionDialogButton
      verb="Assign"
      count={fileIds.length}
      icon={<UserAddOutlined aria-hidden />}
      disabled={!siteId}
      title={siteId ? undefined : 'Choose a site to assign its files'}
      testId="assign-files"
      preload={AssignFilesDialog.preload}
      dialog={(close) =>
        siteId ? (
          <AssignFilesDialog
            tenant={tenant}
            siteId={siteId}
            fileIds={fileIds}
            onClose={close}
            onDone={onDone}
          />
        ) : null
      }
    />
  );
}
