import { RollbackOutlined } from '@ant-design/icons';
import {
  BulkDeleteButton,
  BulkMoveButton,
  ClientPublishPanel,
  type FileActionPanel,
  type FileActionTarget,
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
export function staffFilePanels<R extends FileActionTarget>(kind: FileKind): FileActionPanel<R>[] {
  const panels: FileActionPanel<R>[] = [];
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
  return panels;
}

/** The selection bar's part-2 actions on the selected files (of one site when `siteId` is known). */
export function staffBulkActions(
  _kind: FileKind,
  target: { tenant: string; siteId: string | undefined; fileIds: string[]; onDone: () => void },
): ReactNode[] {
  return [<StaffMoveAndDelete key="move-and-delete" {...target} />];
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
