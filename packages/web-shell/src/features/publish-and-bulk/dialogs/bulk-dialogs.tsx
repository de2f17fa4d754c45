import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { toApiError } from '../../../lib/http-errors.ts';
import { notify } from '../../../lib/notifications.tsx';
import { Button } from '../../../ui/button.tsx';
import { ModalDialog } from '../../../ui/modal-dialog.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { useGetFoldersQuery } from '../../folders/api/folders.ts';
import { FolderOptions } from '../../folders/components/folder-options.tsx';
import { folderOptions } from '../../folders/folder-tree.ts';
import { useDeleteFilesMutation, useMoveFilesMutation } from '../api/publish-and-bulk.ts';

/** What a bulk button acts on: the selection of one list, and what to do once it changed. */
export interface BulkTarget {
  fileIds: string[];
  onDone: () => void;
}

const files = (n: number) => (n === 1 ? '1 file' : `${n} files`);

/** The bulk action's modal dialog, open while mounted; Esc closes it as Cancel does. */
export function BulkDialog({
  testId,
  close,
  children,
}: {
  testId: string;
  close: () => void;
  children: (close: () => void, titleId: string) => ReactNode;
}) {
  return (
    <ModalDialog
      className="portico-modal portico-modal--narrow portico-file-actions"
      onClose={close}
      testId={`${testId}-dialog`}
    >
      {(titleId) => children(close, titleId)}
    </ModalDialog>
  );
}

export function BulkMoveForm({
  siteId,
  fileIds,
  onDone,
  close,
  titleId,
}: BulkTarget & { siteId: string; close: () => void; titleId: string }) {
  const selectId = useId();
  const [folder, setFolder] = useState('');
  const [problem, setProblem] = useState<string>();
  const folders = useGetFoldersQuery({ siteId });
  const [move, moving] = useMoveFilesMutation();
  const paths = folderOptions(folders.currentData?.records ?? []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    try {
      const { count } = await move({ fileIds, folderId: folder === '' ? null : folder }).unwrap();
      const where = paths.find((p) => p.id === folder)?.path ?? "the site's top level";
      notify.success(`${files(count)} moved`, `To ${where}.`);
      onDone();
      close();
    } catch (error) {
      setProblem(toApiError(error).message);
    }
  };

  return (
    <form className="portico-stack" onSubmit={(event) => void submit(event)}>
      <h2 id={titleId} className="portico-file-actions__title">{`Move ${files(fileIds.length)}`}</h2>
      <label className="portico-file-actions__field" htmlFor={selectId}>
        <span>Move to</span>
        <select
          id={selectId}
          className="portico-select"
          value={folder}
          disabled={folders.isLoading}
          onChange={(event) => setFolder(event.target.value)}
          data-testid="bulk-move-folder"
        >
          <FolderOptions paths={paths} top="The site's top level (no folder)" />
        </select>
      </label>
      {folders.isLoading ? <p style={{ margin: 0 }}>Loading the site's folders…</p> : null}
      <p style={{ margin: 0, color: '#595959' }}>All of them move, or none does if one cannot.</p>
      {problem ? <Notice tone="warning" title={problem} data-testid="bulk-problem" /> : null}
      <div className="portico-row" style={{ justifyContent: 'flex-end' }}>
        <Button onClick={close}>Cancel</Button>
        <Button type="submit" variant="primary" loading={moving.isLoading} data-testid="bulk-move-submit">
          Move
        </Button>
      </div>
    </form>
  );
}

export function BulkDeleteForm({
  fileIds,
  onDone,
  close,
  titleId,
}: BulkTarget & { close: () => void; titleId: string }) {
  const [problem, setProblem] = useState<string>();
  const [remove, removing] = useDeleteFilesMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    try {
      const { count } = await remove({ fileIds }).unwrap();
      notify.success(
        `${files(count)} moved to the trash`,
        'The firm can restore them from the site’s trash.',
      );
      onDone();
      close();
    } catch (error) {
      setProblem(toApiError(error).message);
    }
  };

  return (
    <form className="portico-stack" onSubmit={(event) => void submit(event)}>
      <h2 id={titleId} className="portico-file-actions__title">{`Delete ${files(fileIds.length)}?`}</h2>
      <p style={{ margin: 0 }}>
        They go to the site's trash, where the firm can restore them. All of them go, or none does if one
        cannot.
      </p>
      {problem ? <Notice tone="warning" title={problem} data-testid="bulk-problem" /> : null}
      <div className="portico-row" style={{ justifyContent: 'flex-end' }}>
        <Button onClick={close}>Cancel</Button>
        <Button
          type="submit"
          variant="danger-primary"
          loading={removing.isLoading}
          data-testid="bulk-delete-submit"
        >
          Delete
        </Button>
      </div>
    </form>
  );
}
