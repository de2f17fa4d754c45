import { RollbackOutlined } from '@ant-design/icons';
import {
  AssignFilesButton,
  BulkCategoriseButton,
  BulkDeleteButton,
  BulkMoveButton,
  BulkTagButton,
  type ClassifiedFile,
  ClientPublishPanel,
  categoryPanel,
  type FileActionPanel,
  type FileActionTarget,
  fileStatusPanel,
  fileTagsPanel,
  projectPanel,
  setAssigneePanel,
  useShellDispatch,
} from '@portico/web-shell';
import type { ReactNode } from 'react';
import { controlPanelApi } from '../../api/control-panel-api.ts';

/**
 * The file workspace's part-2 actions for the firm's staff (issue 27), in one place for the Publish page's files
 * and the Submissions page: what a file's "More" dialog offers (`staffFilePanels`) and what the selection bar
 * offers for several files (`staffBulkActions`). Staff may do every one of them, whatever the site's flags.
 */
export type FileKind = 'published' | 'submitted';

/** The "More" dialog's part-2 actions on one file of `kind`. */
export function staffFilePanels<R extends FileActionTarget & ClassifiedFile>(
  kind: FileKind,
): FileActionPanel<R>[] {
  const panels: FileActionPanel<R>[] = [];
  // Issue 27 item 1: a published file's status (a submitted file's is the Submissions page's review).
  if (kind === 'published') panels.push(fileStatusPanel<R>());
  // Tags (issue 27 item 3): staff tag any file and create tags for the firm.
  panels.push(fileTagsPanel<R>({}));
  // Category and project (items 4 and 5).
  panels.push(categoryPanel<R>(), projectPanel<R>());
  // Client publishing (item 9): a file a client published may be returned to Submitted Files.
  if (kind === 'published') {
    panels.push({
      key: 'return-to-submitted',
      label: 'Return to submitted',
      icon: <RollbackOutlined aria-hidden />,
      when: (file) => Boolean((file as { publishedBy?: { name: string } | null }).publishedBy),
      render: (props) => <ClientPublishPanel {...props} mode="takeBack" />,
    });
  }
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
  for (const mode of ['add', 'remove'] as const) {
    actions.push(
      <StaffBulkTag key={`tags-${mode}`} mode={mode} fileIds={target.fileIds} onDone={target.onDone} />,
    );
  }
  actions.push(<BulkCategoriseButton key="categorise" fileIds={target.fileIds} onDone={target.onDone} />);
  actions.push(<StaffMoveAndDelete key="move-and-delete" {...target} />);
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

/** "Move to…" (files of one site: only when the page shows one) and "Delete"; the staff lists refresh after. */
function StaffMoveAndDelete({
  siteId,
  fileIds,
  onDone,
}: {
  siteId: string | undefined;
  fileIds: string[];
  onDone: () => void;
}) {
  const dispatch = useShellDispatch();
  const done = () => {
    dispatch(controlPanelApi.util.invalidateTags(['StaffPublishedFiles', 'Submissions']));
    onDone();
  };
  return (
    <>
      {siteId ? <BulkMoveButton siteId={siteId} fileIds={fileIds} onDone={done} /> : null}
      <BulkDeleteButton fileIds={fileIds} onDone={done} />
    </>
  );
}

/** "Tag" / "Untag" on the staff's lists, which read their own tags again afterwards. */
function StaffBulkTag({
  mode,
  fileIds,
  onDone,
}: {
  mode: 'add' | 'remove';
  fileIds: string[];
  onDone: () => void;
}) {
  const dispatch = useShellDispatch();
  return (
    <BulkTagButton
      mode={mode}
      fileIds={fileIds}
      onDone={() => {
        dispatch(controlPanelApi.util.invalidateTags(['StaffPublishedFiles', 'Submissions']));
        onDone();
      }}
    />
  );
}
