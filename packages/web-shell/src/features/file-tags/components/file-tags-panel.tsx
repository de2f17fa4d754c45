import { TagsOutlined } from '@ant-design/icons';
import { lazyPart } from '../../../ui/lazy-part.tsx';
import type { FileActionPanel, FileActionTarget } from '../../file-actions/file-actions.ts';
import { SelectionDialogButton } from '../../lists/components/selection-dialog-button.tsx';
import type { TaggedFile } from '../dialogs/file-tags-panel.tsx';

const FileTagsPanel = lazyPart(() => import('../dialogs/file-tags-panel.tsx'));
const BulkTagDialog = lazyPart(() => import('../dialogs/bulk-tag-dialog.tsx'));

/** The "Tags" panel of a file's "More" dialog (dialogs/file-tags-panel.tsx), as the dialog takes it. */
export function fileTagsPanel<F extends FileActionTarget>(options: {
  /** A client's site (the one whose flag lets them create tags); staff: none. */
  creatorSiteId?: (siteId: string) => string | undefined;
}): FileActionPanel<F> {
  return {
    key: 'tags',
    label: 'Tags',
    icon: <TagsOutlined aria-hidden />,
    preload: FileTagsPanel.preload,
    render: ({ file, siteId, onDone, onCancel }) => (
      <FileTagsPanel
        file={file as TaggedFile}
        creatorSiteId={options.creatorSiteId?.(siteId)}
        onDone={onDone}
        onCancel={onCancel}
      />
    ),
  };
}

/**
 * The selection bar's "Tag" or "Untag" (issue 27 item 10): a dialog to pick tags, then one request for every file
 * selected, all or nothing, with the result said.
 */
export function BulkTagButton({
  mode,
  fileIds,
  creatorSiteId,
  onDone,
}: {
  mode: 'add' | 'remove';
  fileIds: readonly string[];
  creatorSiteId?: string | undefined;
  onDone: (result: { count: number }) => void;
}) {
  return (
    <SelectionDialogButton
      verb={mode === 'add' ? 'Tag' : 'Untag'}
      icon={<TagsOutlined aria-hidden />}
      disabled={!fileIds.length}
      testId={`bulk-${mode === 'add' ? 'tag' : 'untag'}`}
      preload={BulkTagDialog.preload}
      dialog={(close) => (
        <BulkTagDialog
          mode={mode}
          fileIds={fileIds}
          creatorSiteId={creatorSiteId}
          onClose={(result) => {
            close();
            if (result) onDone(result);
          }}
        />
      )}
    />
  );
}
