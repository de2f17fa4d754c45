import { CloudUploadOutlined, RollbackOutlined } from '@ant-design/icons';
import type { FileAreaSettings } from '@portico/contracts';
import {
  BulkDeleteButton,
  BulkMoveButton,
  ClientPublishPanel,
  type FileActionPanel,
} from '@portico/web-shell';
import type { ReactNode } from 'react';
import type { SiteFile } from './file-directions.tsx';

/**
 * The file workspace's part-2 actions a site lets its clients do (issue 27), in one place for both file pages:
 * what a file's "More" dialog offers (`filePanels`) and what the selection bar offers for several files
 * (`bulkFileActions`). Each part adds its entry behind its flag; the server checks the same flag again.
 */
export type FileKind = 'published' | 'submitted';

/** Who submitted a submitted file, by name (the list's `submittedBy`). */
const submitterOf = (file: SiteFile) => (file as { submittedBy?: string | null }).submittedBy ?? null;

/** The "More" dialog's part-2 actions on one file of `kind`, as the site's flags allow. */
export function filePanels<R extends SiteFile>(
  kind: FileKind,
  settings: FileAreaSettings,
  me: { name: string } | null = null,
): FileActionPanel<R>[] {
  const panels: FileActionPanel<R>[] = [];
  // Client publishing (item 9): one's own submitted file to the site, and back. The server checks it is one's own.
  if (settings.internalFilesPublishUnPublish && me) {
    if (kind === 'submitted') {
      panels.push({
        key: 'client-publish',
        label: 'Publish to the site',
        icon: <CloudUploadOutlined aria-hidden />,
        when: (file) => submitterOf(file) === me.name,
        render: (props) => <ClientPublishPanel {...props} mode="publish" />,
      });
    } else {
      panels.push({
        key: 'client-take-back',
        label: 'Take back',
        icon: <RollbackOutlined aria-hidden />,
        when: (file) => file.publishedBy?.name === me.name,
        render: (props) => <ClientPublishPanel {...props} mode="takeBack" />,
      });
    }
  }
  return panels;
}

/** The selection bar's part-2 actions on the selected files, as the site's flags allow. */
export function bulkFileActions(
  _kind: FileKind,
  settings: FileAreaSettings,
  target: { tenant: string; siteId: string; fileIds: string[]; onDone: () => void },
): ReactNode[] {
  const actions: ReactNode[] = [];
  // Bulk move and delete (item 10): without folders there is nowhere to move to.
  if (settings.internalFilesMove && settings.fileAreaFolderStructure && target.siteId) {
    actions.push(
      <BulkMoveButton
        key="bulk-move"
        siteId={target.siteId}
        fileIds={target.fileIds}
        onDone={target.onDone}
      />,
    );
  }
  if (settings.internalFilesDelete) {
    actions.push(<BulkDeleteButton key="bulk-delete" fileIds={target.fileIds} onDone={target.onDone} />);
  }
  return actions;
}
