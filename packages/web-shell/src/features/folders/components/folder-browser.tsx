import { FolderAddOutlined, FolderOutlined } from '@ant-design/icons';
import type { Folder } from '@portico/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { describeQueryError } from '../../../lib/http-errors.ts';
import { Button } from '../../../ui/button.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { Skeleton } from '../../../ui/spinner.tsx';
import {
  useCreateFolderMutation,
  useDeleteFolderMutation,
  useGetFoldersQuery,
  useUpdateFolderMutation,
} from '../api/folders.ts';
import { folderPath, folderTree, moveTargets } from '../folder-tree.ts';
import { folderSearch } from '../hooks/use-folder-param.ts';
import './folders.css';

export interface FolderBrowserProps {
  siteId: string;
  /** The folder shown (the address bar's `?folderId=`); null: the site's root. */
  folderId: string | null;
  /** "New folder" (staff; a client while the site's folders are on). */
  canCreate: boolean;
  /** Rename, move and delete (the firm's staff). */
  canManage?: boolean;
  /** What the root is called in the folder path. */
  rootLabel?: string;
}

/**
 * The folder part of a file page (decision 47): the in-page folder path, then the current folder's subfolders as
 * links (click or Enter opens one; the address keeps `?folderId=`, so reload, Back and a shared link work), and the
 * folder actions the caller may take. The files of the folder follow it, in the page's own list.
 */
export function FolderBrowser({
  siteId,
  folderId,
  canCreate,
  canManage = false,
  rootLabel = 'All folders',
}: FolderBrowserProps) {
  const [params] = useSearchParams();
  const folders = useGetFoldersQuery({ siteId }, { skip: !siteId });
  const records = folders.currentData?.records;
  const tree = folderTree(records ?? []);
  const path = folderId ? folderPath(tree, folderId) : [];
  const missing = Boolean(folderId && records && path.length === 0);
  const children = tree.children.get(folderId ?? null) ?? [];
  const linkTo = (id: string | null) => ({ search: folderSearch(params, id) });

  return (
    <div className="portico-stack portico-folders" data-testid="folder-browser">
      <nav aria-label="Folder path" data-testid="folder-path">
        <ol className="portico-folder-path">
          <li>
            {folderId ? (
              <Link to={linkTo(null)}>{rootLabel}</Link>
            ) : (
              <span aria-current="page">{rootLabel}</span>
            )}
          </li>
          {path.map((folder, i) => (
            <li key={folder.id}>
              {i === path.length - 1 ? (
                <span aria-current="page">{folder.name}</span>
              ) : (
                <Link to={linkTo(folder.id)}>{folder.name}</Link>
              )}
            </li>
          ))}
        </ol>
      </nav>
      {missing ? (
        <Notice tone="warning" title="This folder is not there any more" data-testid="folder-missing">
          It was deleted or moved out of your reach. <Link to={linkTo(null)}>Go to {rootLabel}</Link>
        </Notice>
      ) : null}
      {folders.error ? (
        <Notice tone="error" title="The folders could not be loaded">
          {describeQueryError(folders.error)}
        </Notice>
      ) : null}
      {canCreate && !missing ? <NewFolder siteId={siteId} parentId={folderId} /> : null}
      {folders.isLoading ? (
        <Skeleton rows={2} label="Loading the folders…" />
      ) : children.length ? (
        <ul className="portico-folder-list" aria-label="Folders" data-testid="folder-list">
          {children.map((folder) => (
            <li key={folder.id} className="portico-folder-row">
              <Link to={linkTo(folder.id)} className="portico-folder-link" data-testid="folder-link">
                <FolderOutlined aria-hidden /> <span>{folder.name}</span>
              </Link>
              {canManage ? <FolderActions folder={folder} all={records ?? []} /> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function NewFolder({ siteId, parentId }: { siteId: string; parentId: string | null }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [create, state] = useCreateFolderMutation();
  const inputId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await create({ siteId, parentId, name: name.trim() });
    if (!('error' in result)) {
      setName('');
      setOpen(false);
    }
  };
  if (!open) {
    return (
      <div>
        <Button
          icon={<FolderAddOutlined aria-hidden />}
          onClick={() => setOpen(true)}
          data-testid="new-folder"
        >
          New folder
        </Button>
      </div>
    );
  }
  return (
    <form className="portico-folder-form" onSubmit={submit} data-testid="new-folder-form">
      <label htmlFor={inputId}>Folder name</label>
      <input
        id={inputId}
        className="portico-input"
        value={name}
        maxLength={255}
        required
        // biome-ignore lint/a11y/noAutofocus: the form opens on the user's request; typing the name comes next.
        autoFocus
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
        data-testid="new-folder-name"
      />
      <Button type="submit" variant="primary" loading={state.isLoading} disabled={!name.trim()}>
        Create
      </Button>
      <Button onClick={() => setOpen(false)}>Cancel</Button>
      {state.error ? <FormError error={state.error} /> : null}
    </form>
  );
}

const FormError = ({ error }: { error: unknown }) => (
  <p role="alert" className="portico-folder-error">
    {describeQueryError(error)}
  </p>
);

/** Rename, move (to a folder chosen from the tree) and delete, each a small form of its own. */
function FolderActions({ folder, all }: { folder: Folder; all: readonly Folder[] }) {
  const [mode, setMode] = useState<'rename' | 'move' | 'delete' | null>(null);
  const [name, setName] = useState(folder.name);
  const [target, setTarget] = useState('');
  const [update, updating] = useUpdateFolderMutation();
  const [remove, removing] = useDeleteFolderMutation();
  const fieldId = useId();
  const close = () => setMode(null);
  const error = updating.error ?? removing.error;

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    if (!('error' in (await update({ id: folder.id, name: name.trim() })))) close();
  };
  const move = async (event: FormEvent) => {
    event.preventDefault();
    const parentId = target === '' ? null : target;
    if (!('error' in (await update({ id: folder.id, parentId })))) close();
  };

  if (mode === 'rename') {
    return (
      <form className="portico-folder-form" onSubmit={rename} data-testid="rename-folder-form">
        <label htmlFor={fieldId}>New name for {folder.name}</label>
        <input
          id={fieldId}
          className="portico-input"
          value={name}
          maxLength={255}
          required
          // biome-ignore lint/a11y/noAutofocus: opened on request.
          autoFocus
          onChange={(event) => setName(event.target.value)}
          data-testid="rename-folder-name"
        />
        <Button type="submit" variant="primary" loading={updating.isLoading} disabled={!name.trim()}>
          Rename
        </Button>
        <Button onClick={close}>Cancel</Button>
        {error ? <FormError error={error} /> : null}
      </form>
    );
  }
  if (mode === 'move') {
    return (
      <form className="portico-folder-form" onSubmit={move} data-testid="move-folder-form">
        <label htmlFor={fieldId}>Move {folder.name} to</label>
        <select
          id={fieldId}
          className="portico-input"
          value={target}
          onChange={(event) => setTarget(event.target.value)}
          data-testid="move-folder-target"
        >
          <option value="">Top level</option>
          {moveTargets(all, folder.id).map((option) => (
            <option key={option.id} value={option.id}>
              {option.path}
            </option>
          ))}
        </select>
        <Button type="submit" variant="primary" loading={updating.isLoading}>
          Move
        </Button>
        <Button onClick={close}>Cancel</Button>
        {error ? <FormError error={error} /> : null}
      </form>
    );
  }
  if (mode === 'delete') {
    return (
      <fieldset className="portico-folder-form portico-folder-confirm">
        <legend>Delete “{folder.name}” and everything in it? Staff can restore it from the trash.</legend>
        <Button
          variant="danger-primary"
          loading={removing.isLoading}
          onClick={async () => {
            if (!('error' in (await remove({ id: folder.id })))) close();
          }}
          data-testid="confirm-delete-folder"
        >
          Delete
        </Button>
        <Button onClick={close}>Cancel</Button>
        {error ? <FormError error={error} /> : null}
      </fieldset>
    );
  }
  return (
    <span className="portico-folder-actions">
      <Button
        size="small"
        onClick={() => setMode('rename')}
        aria-label={`Rename ${folder.name}`}
        data-testid="rename-folder"
      >
        Rename
      </Button>
      <Button
        size="small"
        onClick={() => setMode('move')}
        aria-label={`Move ${folder.name}`}
        data-testid="move-folder"
      >
        Move
      </Button>
      <Button
        size="small"
        variant="danger"
        onClick={() => setMode('delete')}
        aria-label={`Delete ${folder.name}`}
        data-testid="delete-folder"
      >
        Delete
      </Button>
    </span>
  );
}
