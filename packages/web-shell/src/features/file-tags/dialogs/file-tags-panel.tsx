import { useState } from 'react';
import { toApiError } from '../../../lib/http-errors.ts';
import { Button } from '../../../ui/button.tsx';
import { Notice } from '../../../ui/notice.tsx';
import type { FileActionTarget } from '../../file-actions/file-actions.ts';
import { useGetTagsQuery } from '../../file-classification/api/classification.ts';
import { useSetFileTagsMutation } from '../api/tags.ts';
import { NewTagForm, TagChecklist } from '../components/tag-fields.tsx';

/** A file as the tags panel reads it: its tags, when the list carries them. */
export type TaggedFile = FileActionTarget & { tags?: readonly { id: string }[] | undefined };

export const toggled = (set: ReadonlySet<string>, id: string) => {
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
export default function FileTagsPanel({
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
