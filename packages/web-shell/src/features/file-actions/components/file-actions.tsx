import { CopyOutlined, DeleteOutlined, EditOutlined, FolderOutlined, MoreOutlined } from '@ant-design/icons';
import { SUGGESTED_NAME_PATH } from '@portico/contracts';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { isErrorBody, toApiError } from '../../../lib/http-errors.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useShellSelector } from '../../../store/hooks.ts';
import { selectTenant } from '../../../store/selectors.ts';
import { Button } from '../../../ui/button.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { useGetFoldersQuery } from '../../folders/api/folders.ts';
import { folderOptions } from '../../folders/folder-tree.ts';
import { useCopyFileMutation, useDeleteFileMutation, useUpdateFileMutation } from '../api/file-actions.ts';
import './file-actions.css';

/** A file a row offers actions on. */
export interface FileActionTarget {
  id: string;
  title: string;
  fileName: string;
  folderId: string | null;
}

/** Which actions the site lets the caller do (staff: all; a client: the site's flags). */
export interface FileActionsAllowed {
  rename: boolean;
  move: boolean;
  copy: boolean;
  delete: boolean;
}

type Action = keyof FileActionsAllowed;

/**
 * One more action of the "More" dialog (issue 27: status, assignee, tags, category, project, publishing): a choice
 * button, then its own panel (a form of its own) in the same dialog. `onDone` says what changed and closes the
 * dialog; `onCancel` goes back to the choices.
 */
export interface FileActionPanel<F extends FileActionTarget = FileActionTarget> {
  key: string;
  label: string;
  icon: ReactNode;
  /** Offered on this file only (e.g. "Publish to the site" on the caller's own files); by default on every file. */
  when?: (file: F) => boolean;
  render: (props: {
    file: F;
    siteId: string;
    onDone: (done: { title: string; description?: string }) => void;
    onCancel: () => void;
  }) => ReactNode;
}

const ACTIONS: { action: Action; label: string; icon: ReactNode }[] = [
  { action: 'rename', label: 'Rename', icon: <EditOutlined aria-hidden /> },
  { action: 'move', label: 'Move', icon: <FolderOutlined aria-hidden /> },
  { action: 'copy', label: 'Copy', icon: <CopyOutlined aria-hidden /> },
  { action: 'delete', label: 'Delete', icon: <DeleteOutlined aria-hidden /> },
];

/**
 * An action the "More" dialog starts elsewhere (upload a new version: the file chooser; the versions view: its own
 * dialog): choosing it closes this dialog, gives the focus back to the "More" button, then runs `onSelect`.
 */
export interface FileActionCommand {
  key: string;
  label: string;
  icon: ReactNode;
  onSelect: () => void;
}

export const anyFileAction = (
  allowed: FileActionsAllowed,
  panels: readonly unknown[] = [],
  commands: readonly unknown[] = [],
) => panels.length > 0 || commands.length > 0 || ACTIONS.some((a) => allowed[a.action]);

/** The free name a 409 `name.taken` offers, if the error is one. */
export function suggestedNameOf(error: unknown): string | undefined {
  const data = (error as { data?: unknown } | null)?.data;
  if (!isErrorBody(data) || data.error.code !== 'name.taken') return undefined;
  return data.error.details?.find((d) => d.path === SUGGESTED_NAME_PATH)?.message;
}

/**
 * A row's "More" button: Rename, Move (to a folder of the site), Copy and Delete (to the site's trash, asked
 * first), each only when `allowed` says so, in one modal dialog (Esc closes it, the focus returns to the button).
 * A name already taken where the file goes is answered with the free name the server offers, one click away.
 */
export function FileActions<F extends FileActionTarget>({
  file,
  siteId,
  allowed,
  panels = [],
  commands = [],
  onChanged,
  wide = true,
  withFolders = true,
}: {
  file: F;
  siteId: string;
  allowed: FileActionsAllowed;
  /** Actions that start elsewhere, first in the dialog (a new version, the versions). */
  commands?: readonly FileActionCommand[];
  /** The part-2 actions the caller may do on this file, after the built-in ones. */
  panels?: readonly FileActionPanel<F>[];
  /** After a change, for a page whose list is not refreshed by the shared tags. */
  onChanged?: () => void;
  /** The site's folders are in use for the caller (staff: always; a client: `fileAreaFolderStructure`). */
  withFolders?: boolean;
  /** Show the button's word beside its icon. */
  wide?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const offered = panels.filter((p) => p.when?.(file) ?? true);
  if (!anyFileAction(allowed, offered, commands)) return null;
  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  return (
    <>
      <Button
        ref={trigger}
        icon={<MoreOutlined aria-hidden />}
        aria-label={`More actions for ${file.title}`}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid="file-actions"
      >
        {wide ? 'More' : null}
      </Button>
      {open ? (
        <FileActionsDialog
          file={file}
          siteId={siteId}
          allowed={allowed}
          panels={offered}
          commands={commands}
          withFolders={withFolders}
          onChanged={onChanged}
          onClose={close}
        />
      ) : null}
    </>
  );
}

function FileActionsDialog<F extends FileActionTarget>({
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
  const label = ACTIONS.find((a) => a.action === action)?.label ?? panel?.label;
  return (
    <dialog
      ref={dialog}
      className="portico-file-actions"
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
              {ACTIONS.filter((a) => allowed[a.action]).map((a) => (
                <Button
                  key={a.action}
                  icon={a.icon}
                  variant={a.action === 'delete' ? 'danger' : 'default'}
                  onClick={() => choose(a.action)}
                  data-testid={`file-action-${a.action}`}
                >
                  {a.label}
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
                <option value="">The site's top level (no folder)</option>
                {paths.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.path}
                  </option>
                ))}
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
