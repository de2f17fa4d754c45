import { CopyOutlined, DeleteOutlined, EditOutlined, FolderOutlined } from '@ant-design/icons';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { toApiError } from '../../../lib/http-errors.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useShellSelector } from '../../../store/hooks.ts';
import { selectTenant } from '../../../store/selectors.ts';
import { Button } from '../../../ui/button.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { useGetFoldersQuery } from '../../folders/api/folders.ts';
import { FolderOptions } from '../../folders/components/folder-options.tsx';
import { folderOptions } from '../../folders/folder-tree.ts';
import { useCopyFileMutation, useDeleteFileMutation, useUpdateFileMutation } from '../api/file-actions.ts';
import {
  type FileAction as Action,
  FILE_ACTIONS,
  type FileActionCommand,
  type FileActionPanel,
  type FileActionsAllowed,
  type FileActionTarget,
  suggestedNameOf,
} from '../file-actions.ts';

const ACTIONS: Record<Action, { label: string; icon: ReactNode }> = {
  rename: { label: 'Rename', icon: <EditOutlined aria-hidden /> },
  move: { label: 'Move', icon: <FolderOutlined aria-hidden /> },
  copy: { label: 'Copy', icon: <CopyOutlined aria-hidden /> },
  delete: { label: 'Delete', icon: <DeleteOutlined aria-hidden /> },
};

/** The "More" dialog of `FileActions` (components/file-actions.tsx): a chunk of its own, loaded when first wanted. */
export default function FileActionsDialog<F extends FileActionTarget>({
  file,
  siteId,
  allowed,
  panels,
  commands,
  withFolders,
  onChanged,
  onClose,
}: {
  file: F;
  siteId: string;
  allowed: FileActionsAllowed;
  panels: readonly FileActionPanel<F>[];
  commands: readonly FileActionCommand[];
  withFolders: boolean;
  onChanged: (() => void) | undefined;
  onClose: () => void;
}) {
  const tenant = useShellSelector(selectTenant) ?? '';
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const nameId = useId();
  const folderId = useId();
  const [action, setAction] = useState<Action | undefined>();
  const [panelKey, setPanelKey] = useState<string>();
  const panel = panels.find((p) => p.key === panelKey);
  const [name, setName] = useState(file.fileName);
  const [showName, setShowName] = useState(false);
  const [folder, setFolder] = useState(file.folderId ?? '');
  const [problem, setProblem] = useState<{ message: string; suggestion?: string | undefined }>();
  const [update, updating] = useUpdateFileMutation();
  const [copy, copying] = useCopyFileMutation();
  const [remove, removing] = useDeleteFileMutation();
  // Without folders a copy stays beside its file (under a new name) and there is nowhere to move to.
  const needsFolders = withFolders && (action === 'move' || action === 'copy');
  const folders = useGetFoldersQuery({ siteId }, { skip: !needsFolders || !tenant });
  const busy = updating.isLoading || copying.isLoading || removing.isLoading;

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal?.();
  }, []);
  useEffect(() => {
    for (const p of panels) p.preload?.();
  }, [panels]);

  const choose = (next: Action) => {
    setAction(next);
    setProblem(undefined);
    setShowName(next === 'rename');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!action) return;
    const target = folder === '' ? null : folder;
    const renamed = showName && name !== file.fileName ? { name } : {};
    try {
      if (action === 'rename') await update({ id: file.id, name }).unwrap();
      if (action === 'move') await update({ id: file.id, folderId: target, ...renamed }).unwrap();
      if (action === 'copy') await copy({ id: file.id, folderId: target, ...renamed }).unwrap();
      if (action === 'delete') await remove({ id: file.id }).unwrap();
      notify.success(DONE[action], `${file.title}`);
      onChanged?.();
      onClose();
    } catch (error) {
      const suggestion = suggestedNameOf(error);
      setProblem({ message: toApiError(error).message, suggestion });
    }
  };

  const takeSuggestion = (suggestion: string) => {
    setName(suggestion);
    setShowName(true);
    setProblem(undefined);
    requestAnimationFrame(() => document.getElementById(nameId)?.focus());
  };

  const paths = folderOptions(folders.currentData?.records ?? []);
  const label = (action ? ACTIONS[action].label : undefined) ?? panel?.label;
  return (
    <dialog
      ref={dialog}
      className="portico-modal portico-modal--narrow portico-file-actions"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      data-testid="file-actions-dialog"
    >
      {panel ? (
        <div className="portico-stack">
          <h2 id={titleId} className="portico-file-actions__title">
            {`${panel.label}: `}
            <span className="portico-file-actions__name">{file.title}</span>
          </h2>
          {panel.render({
            file,
            siteId,
            onDone: (done) => {
              notify.success(done.title, done.description ?? file.title);
              onChanged?.();
              onClose();
            },
            onCancel: () => setPanelKey(undefined),
          })}
        </div>
      ) : (
        <form className="portico-stack" onSubmit={(event) => void submit(event)}>
          <h2 id={titleId} className="portico-file-actions__title">
            {label ? `${label}: ` : ''}
            <span className="portico-file-actions__name">{file.title}</span>
          </h2>
          {!action ? (
            <div className="portico-file-actions__choices">
              {commands.map((c) => (
                <Button
                  key={c.key}
                  icon={c.icon}
                  onClick={() => {
                    // Closed now, not when React unmounts it: the page behind stops being inert, so the focus
                    // can go back to the "More" button before the command opens what it opens.
                    dialog.current?.close();
                    onClose();
                    c.onSelect();
                  }}
                  data-testid={`file-action-${c.key}`}
                >
                  {c.label}
                </Button>
              ))}
              {FILE_ACTIONS.filter((a) => allowed[a]).map((a) => (
                <Button
                  key={a}
                  icon={ACTIONS[a].icon}
                  variant={a === 'delete' ? 'danger' : 'default'}
                  onClick={() => choose(a)}
                  data-testid={`file-action-${a}`}
                >
                  {ACTIONS[a].label}
                </Button>
              ))}
              {panels.map((p) => (
                <Button
                  key={p.key}
                  icon={p.icon}
                  onClick={() => setPanelKey(p.key)}
                  data-testid={`file-action-${p.key}`}
                >
                  {p.label}
                </Button>
              ))}
            </div>
          ) : null}
          {action === 'delete' ? (
            <p style={{ margin: 0 }}>It goes to the site's trash. The firm can restore it from there.</p>
          ) : null}
          {needsFolders ? (
            <label className="portico-file-actions__field" htmlFor={folderId}>
              <span>{action === 'move' ? 'Move to' : 'Copy to'}</span>
              <select
                id={folderId}
                className="portico-select"
                value={folder}
                onChange={(event) => setFolder(event.target.value)}
                data-testid="file-action-folder"
              >
                <FolderOptions paths={paths} top="The site's top level (no folder)" />
              </select>
            </label>
          ) : null}
          {action && action !== 'delete' && showName ? (
            <label className="portico-file-actions__field" htmlFor={nameId}>
              <span>{action === 'rename' ? 'New name' : 'Name'}</span>
              <input
                id={nameId}
                className="portico-input"
                value={name}
                maxLength={1024}
                required
                autoFocus
                onChange={(event) => setName(event.target.value)}
                data-testid="file-action-name"
              />
            </label>
          ) : null}
          {problem ? (
            <Notice tone="warning" title={problem.message} data-testid="file-action-problem">
              {problem.suggestion ? (
                <Button
                  size="small"
                  onClick={() => takeSuggestion(problem.suggestion!)}
                  data-testid="use-suggested-name"
                  style={{ marginTop: 8 }}
                >
                  {`Use "${problem.suggestion}"`}
                </Button>
              ) : null}
            </Notice>
          ) : null}
          <div className="portico-row" style={{ justifyContent: 'flex-end' }}>
            <Button onClick={onClose}>Cancel</Button>
            {action ? (
              <Button
                type="submit"
                variant={action === 'delete' ? 'danger-primary' : 'primary'}
                loading={busy}
                data-testid="file-action-submit"
              >
                {label}
              </Button>
            ) : null}
          </div>
        </form>
      )}
    </dialog>
  );
}

const DONE: Record<Action, string> = {
  rename: 'File renamed',
  move: 'File moved',
  copy: 'File copied',
  delete: "File moved to the site's trash",
};
