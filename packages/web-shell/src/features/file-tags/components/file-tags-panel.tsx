import { TagsOutlined } from '@ant-design/icons';
import type { Tag } from '@portico/contracts';
import { useId, useRef, useState } from 'react';
import { toApiError } from '../../../lib/http-errors.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useModalDialog } from '../../../lib/use-modal-dialog.ts';
import { Button } from '../../../ui/button.tsx';
import { Notice } from '../../../ui/notice.tsx';
import type { FileActionPanel, FileActionTarget } from '../../file-actions/components/file-actions.tsx';
import { useGetTagsQuery } from '../../file-classification/api/classification.ts';
import { useBulkTagFilesMutation, useSetFileTagsMutation } from '../api/tags.ts';
import { NewTagForm, TagChecklist } from './tag-fields.tsx';

/** A file as the tags panel reads it: its tags, when the list carries them. */
type TaggedFile = FileActionTarget & { tags?: readonly { id: string }[] | undefined };

const toggled = (set: ReadonlySet<string>, id: string) => {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
};

/**
 * The "Tags" panel of a file's "More" dialog (issue 27 item 3): tick the firm's tags the file carries, create a new
 * one (it is ticked at once), save. `creatorSiteId`: a client creates tags for the site whose flag allows it;
 * staff pass none.
 */
export function FileTagsPanel({
  file,
  creatorSiteId,
  onDone,
  onCancel,
}: {
  file: TaggedFile;
  creatorSiteId?: string | undefined;
  onDone: (done: { title: string; description?: string }) => void;
  onCancel: () => void;
}) {
  const tags = useGetTagsQuery();
  const [checked, setChecked] = useState<ReadonlySet<string>>(
    () => new Set((file.tags ?? []).map((t) => t.id)),
  );
  const [problem, setProblem] = useState<string>();
  const [save, saving] = useSetFileTagsMutation();
  const records = tags.currentData?.records ?? [];
  const submit = async () => {
    try {
      await save({ fileId: file.id, tagIds: [...checked] }).unwrap();
      onDone({ title: 'Tags saved', description: file.title });
    } catch (error) {
      setProblem(toApiError(error).message);
    }
  };
  return (
    <div className="portico-stack" data-testid="file-tags-panel">
      {tags.error ? <Notice tone="error" title="The tags could not be loaded" /> : null}
      <TagChecklist
        tags={records}
        checked={checked}
        onToggle={(id) => setChecked((c) => toggled(c, id))}
        loading={tags.isLoading}
        legend="Tags of this file"
      />
      <NewTagForm siteId={creatorSiteId} onCreated={(tag) => setChecked((c) => new Set([...c, tag.id]))} />
      {problem ? <Notice tone="error" title={problem} data-testid="file-tags-problem" /> : null}
      <div className="portico-row" style={{ gap: 8, flexWrap: 'wrap' }}>
        <Button
          variant="primary"
          loading={saving.isLoading}
          onClick={() => void submit()}
          data-testid="file-tags-save"
        >
          Save tags
        </Button>
        <Button onClick={onCancel}>Back</Button>
      </div>
    </div>
  );
}

/** The panel as the "More" dialog takes it. */
export function fileTagsPanel<F extends FileActionTarget>(options: {
  /** A client's site (the one whose flag lets them create tags); staff: none. */
  creatorSiteId?: (siteId: string) => string | undefined;
}): FileActionPanel<F> {
  return {
    key: 'tags',
    label: 'Tags',
    icon: <TagsOutlined aria-hidden />,
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
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const label = mode === 'add' ? 'Tag' : 'Untag';
  return (
    <>
      <Button
        ref={trigger}
        icon={<TagsOutlined aria-hidden />}
        disabled={!fileIds.length}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid={`bulk-${mode === 'add' ? 'tag' : 'untag'}`}
      >
        {label}
      </Button>
      {open ? (
        <BulkTagDialog
          mode={mode}
          fileIds={fileIds}
          creatorSiteId={creatorSiteId}
          onClose={(result) => {
            setOpen(false);
            trigger.current?.focus();
            if (result) onDone(result);
          }}
        />
      ) : null}
    </>
  );
}

function BulkTagDialog({
  mode,
  fileIds,
  creatorSiteId,
  onClose,
}: {
  mode: 'add' | 'remove';
  fileIds: readonly string[];
  creatorSiteId: string | undefined;
  onClose: (result?: { count: number }) => void;
}) {
  const { ref: dialog, onCancel } = useModalDialog(onClose);
  const titleId = useId();
  const tags = useGetTagsQuery();
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [problem, setProblem] = useState<string>();
  const [apply, applying] = useBulkTagFilesMutation();
  const files = `${fileIds.length} file${fileIds.length === 1 ? '' : 's'}`;
  const records: readonly Tag[] = tags.currentData?.records ?? [];
  const submit = async () => {
    if (!checked.size) {
      setProblem('Pick at least one tag.');
      return;
    }
    try {
      const result = await apply({ fileIds: [...fileIds], [mode]: [...checked] }).unwrap();
      notify.success(
        mode === 'add' ? 'Tagged' : 'Untagged',
        `${result.count} of ${files} changed.${
          result.count < fileIds.length
            ? mode === 'add'
              ? ' The others had these tags already.'
              : ' The others did not carry them.'
            : ''
        }`,
      );
      onClose(result);
    } catch (error) {
      setProblem(`Nothing changed: ${toApiError(error).message}`);
    }
  };
  return (
    <dialog
      ref={dialog}
      className="portico-tags-dialog"
      aria-labelledby={titleId}
      onCancel={onCancel}
      data-testid="bulk-tags-dialog"
    >
      <div className="portico-stack">
        <h2 id={titleId} style={{ margin: 0, fontSize: 16 }}>
          {mode === 'add' ? `Tag ${files}` : `Untag ${files}`}
        </h2>
        <TagChecklist
          tags={records}
          checked={checked}
          onToggle={(id) => setChecked((c) => toggled(c, id))}
          loading={tags.isLoading}
          legend={mode === 'add' ? 'Tags to add' : 'Tags to remove'}
        />
        {mode === 'add' ? (
          <NewTagForm
            siteId={creatorSiteId}
            onCreated={(tag) => setChecked((c) => new Set([...c, tag.id]))}
          />
        ) : null}
        {problem ? <Notice tone="error" title={problem} data-testid="bulk-tags-problem" /> : null}
        <div className="portico-row" style={{ gap: 8, flexWrap: 'wrap' }}>
          <Button
            variant="primary"
            loading={applying.isLoading}
            onClick={() => void submit()}
            data-testid="bulk-tags-apply"
          >
            {mode === 'add' ? 'Add tags' : 'Remove tags'}
          </Button>
          <Button onClick={() => onClose()}>Cancel</Button>
        </div>
      </div>
    </dialog>
  );
}
