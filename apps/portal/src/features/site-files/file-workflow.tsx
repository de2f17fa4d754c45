import { CloudUploadOutlined, RollbackOutlined } from '@ant-design/icons';
import type { FileAreaSettings } from '@portico/contracts';
import {
  AssignFilesButton,
  BulkCategoriseButton,
  BulkDeleteButton,
  BulkMoveButton,
  BulkTagButton,
  ClientPublishPanel,
  categoryPanel,
  type FileActionPanel,
  fileStatusPanel,
  fileTagsPanel,
  projectPanel,
  setAssigneePanel,
} from '@portico/web-shell';
import type { ReactNode } from 'react';
import type { SiteFile } from './file-directions.tsx';

/**
 * The file workspace's part-2 actions a site lets its clients do (issue 27), in one place for both file pages:
 * what a file's "More" dialog offers (`filePanels`) and what the selection bar offers for several files
 * (`bulkFileActions`). Each part adds its entry behind its flag; the server checks the same flag again.
 */
export type FileKind = 'published' | 'submitted';

/** Who submitted a submitted file, by user id (the list's `submittedById`). */
const submitterOf = (file: SiteFile) => (file as { submittedById?: string | null }).submittedById ?? null;

/** The "More" dialog's part-2 actions on one file of `kind`, as the site's flags allow. */
export function filePanels<R extends SiteFile>(
  kind: FileKind,
  settings: FileAreaSettings,
  me: { id: string } | null = null,
): FileActionPanel<R>[] {
  const panels: FileActionPanel<R>[] = [];
  // Issue 27 item 1: a published file's status, with a note the firm is mailed.
  if (kind === 'published' && settings.internalFileStatusUpdate) panels.push(fileStatusPanel<R>());
  // Tags (issue 27 item 3): a client creates tags for the site whose flag lets them.
  if (settings.fileAreaManageTags) panels.push(fileTagsPanel<R>({ creatorSiteId: (siteId) => siteId }));
  // Category and project (items 4 and 5).
  if (settings.internalFilesRecategorize) panels.push(categoryPanel<R>());
  if (settings.internalFileSetProject) panels.push(projectPanel<R>());
  // Client publishing (item 9): one's own submitted file to the site, and back. The server checks it is one's own.
  if (settings.internalFilesPublishUnPublish && me) {
    if (kind === 'submitted') {
      panels.push({
        key: 'client-publish',
        label: 'Publish to the site',
        icon: <CloudUploadOutlined aria-hidden />,
        when: (file) => submitterOf(file) === me.id,
        render: (props) => <ClientPublishPanel {...props} mode="publish" />,
      });
    } else {
      panels.push({
        key: 'client-take-back',
        label: 'Take back',
        icon: <RollbackOutlined aria-hidden />,
        when: (file) => file.publishedBy?.userId === me.id,
        render: (props) => <ClientPublishPanel {...props} mode="takeBack" />,
      });
    }
  }
  // Issue 27 item 2: the file's assignee (a person of the firm or of the site).
  if (settings.internalFileSetAssignee) panels.push(setAssigneePanel<R>());
  return panels;
}

/** The selection bar's part-2 actions on the selected files, as the site's flags allow. */
export function bulkFileActions(
  _kind: FileKind,
  settings: FileAreaSettings,
  target: { tenant: string; siteId: string; fileIds: string[]; onDone: () => void },
): ReactNode[] {
  const actions: ReactNode[] = [];
  if (settings.fileAreaManageTags) {
    for (const mode of ['add', 'remove'] as const) {
      actions.push(
        <BulkTagButton
          key={`tags-${mode}`}
          mode={mode}
          fileIds={target.fileIds}
          creatorSiteId={target.siteId}
          onDone={target.onDone}
        />,
      );
    }
  }
  if (settings.internalFilesRecategorize) {
    actions.push(<BulkCategoriseButton key="categorise" fileIds={target.fileIds} onDone={target.onDone} />);
  }
  // Issue 27 item 2: hand the selected files to one person, with a note and a due date.
  if (settings.internalFilesAssign) {
    actions.push(
      <AssignFilesButton
        key="assign"
        tenant={target.tenant}
        siteId={target.siteId}
        fileIds={target.fileIds}
        onDone={target.onDone}
      />,
    );
  }
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
