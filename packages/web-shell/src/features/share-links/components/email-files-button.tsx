import { MailOutlined } from '@ant-design/icons';
import { lazyPart } from '../../../ui/lazy-part.tsx';
import { SelectionDialogButton } from '../../lists/components/selection-dialog-button.tsx';
import '../share-links.css';

const EmailFilesDialog = lazyPart(() => import('../dialogs/email-files-dialog.tsx'));

/**
 * "E-mail" on the selected files: a dialog for the addresses, a message, how long the links work and a download
 * limit. Shown only where the caller may e-mail files (the site's `internalFilesEmail`, or staff).
 */
export function EmailFilesButton({ tenant, fileIds }: { tenant: string; fileIds: readonly string[] }) {
  return (
    <SelectionDialogButton
      verb="E-mail"
      count={fileIds.length}
      icon={<MailOutlined aria-hidden />}
      testId="email-files"
      preload={EmailFilesDialog.preload}
      dialog={(close) => <EmailFilesDialog tenant={tenant} fileIds={fileIds} onClose={close} />}
    />
  );
}
