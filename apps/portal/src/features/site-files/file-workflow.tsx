import type { FileAreaSettings } from '@portico/contracts';
import { AssignFilesButton, type FileActionPanel, setAssigneePanel } from '@portico/web-shell';
import type { ReactNode } from 'react';
import type { SiteFile } from './file-directions.tsx';

/**
 * The file workspace's part-2 actions a site lets its clients do (issue 27), in one place for both file pages:
 * what a file's "More" dialog offers (`filePanels`) and what the selection bar offers for several files
 * (`bulkFileActions`). Each part adds its entry behind its flag; the server checks the same flag again.
 */
export type FileKind = 'published' | 'submitted';

/** The "More" dialog's part-2 actions on one file of `kind`, as the site's flags allow. */
export function filePanels<R extends SiteFile>(
  _kind: FileKind,
  settings: FileAreaSettings,
): FileActionPanel<R>[] {
  const panels: FileActionPanel<R>[] = [];
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
  return actions;
}
