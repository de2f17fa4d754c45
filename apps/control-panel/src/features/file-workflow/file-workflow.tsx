import {
  AssignFilesButton,
  type FileActionPanel,
  type FileActionTarget,
  setAssigneePanel,
} from '@portico/web-shell';
import type { ReactNode } from 'react';

/**
 * The file workspace's part-2 actions for the firm's staff (issue 27), in one place for the Publish page's files
 * and the Submissions page: what a file's "More" dialog offers (`staffFilePanels`) and what the selection bar
 * offers for several files (`staffBulkActions`). Staff may do every one of them, whatever the site's flags.
 */
export type FileKind = 'published' | 'submitted';

/** The "More" dialog's part-2 actions on one file of `kind`. */
export function staffFilePanels<R extends FileActionTarget>(_kind: FileKind): FileActionPanel<R>[] {
  const panels: FileActionPanel<R>[] = [];
  // Issue 27 item 2: the file's assignee (a person of the firm or of the site).
  panels.push(setAssigneePanel<R>());
  return panels;
}

/** The selection bar's part-2 actions on the selected files (of one site when `siteId` is known). */
export function staffBulkActions(
  _kind: FileKind,
  target: { tenant: string; siteId: string | undefined; fileIds: string[]; onDone: () => void },
): ReactNode[] {
  const actions: ReactNode[] = [];
  // Issue 27 item 2: hand the selected files (of one site) to one person, with a note and a due date.
  actions.push(
    <AssignFilesButton
      key="assign"
      tenant={target.tenant}
      siteId={target.siteId}
      fileIds={target.fileIds}
      onDone={target.onDone}
    />,
  );
  return actions;
}
