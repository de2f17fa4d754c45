import {
  BulkCategoriseButton,
  type ClassifiedFile,
  categoryPanel,
  type FileActionPanel,
  type FileActionTarget,
  projectPanel,
} from '@portico/web-shell';
import type { ReactNode } from 'react';

/**
 * The file workspace's part-2 actions for the firm's staff (issue 27), in one place for the Publish page's files
 * and the Submissions page: what a file's "More" dialog offers (`staffFilePanels`) and what the selection bar
 * offers for several files (`staffBulkActions`). Staff may do every one of them, whatever the site's flags.
 */
export type FileKind = 'published' | 'submitted';

/** The "More" dialog's part-2 actions on one file of `kind`. */
export function staffFilePanels<R extends FileActionTarget & ClassifiedFile>(
  _kind: FileKind,
): FileActionPanel<R>[] {
  const panels: FileActionPanel<R>[] = [categoryPanel<R>(), projectPanel<R>()];
  return panels;
}

/** The selection bar's part-2 actions on the selected files (of one site when `siteId` is known). */
export function staffBulkActions(
  _kind: FileKind,
  target: { tenant: string; siteId: string | undefined; fileIds: string[]; onDone: () => void },
): ReactNode[] {
  const actions: ReactNode[] = [
    <BulkCategoriseButton key="categorise" fileIds={target.fileIds} onDone={target.onDone} />,
  ];
  return actions;
}
