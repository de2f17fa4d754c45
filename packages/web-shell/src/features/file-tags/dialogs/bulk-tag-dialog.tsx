import type { Tag } from '@portico/contracts';
import { useState } from 'react';
import { toApiError } from '../../../lib/http-errors.ts';
import { notify } from '../../../lib/notifications.tsx';
import { Button } from '../../../ui/button.tsx';
import { ModalDialog } from '../../../ui/modal-dialog.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { useGetTagsQuery } from '../../file-classification/api/classification.ts';
import { useBulkTagFilesMutation } from '../api/tags.ts';
import { NewTagForm, TagChecklist } from '../components/tag-fields.tsx';
import { toggled } from './file-tags-panel.tsx';

export default function BulkTagDialog({
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
    <ModalDialog className="portico-modal portico-modal--narrow" onClose={onClose} testId="bulk-tags-dialog">
      {(titleId) => (
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
      )}
    </ModalDialog>
  );
}
