import { FolderAddOutlined, FolderOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { describeQueryError } from '../../../lib/http-errors.ts';
import { Button } from '../../../ui/button.tsx';
import { lazyPart } from '../../../ui/lazy-part.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { Skeleton } from '../../../ui/spinner.tsx';
import { useCreateFolderMutation, useGetFoldersQuery } from '../api/folders.ts';
import { folderPath, folderTree } from '../folder-tree.ts';
import { folderSearch } from '../hooks/use-folder-param.ts';

/**
 * Staff's rename, move and delete, and the new-folder form: parts loaded when first wanted (decision 68), so a
 * client's first screen does not carry them (decision 75). Staff's rows ask for theirs as the browser is drawn.
 */
const FolderActions = lazyPart(() => import('../dialogs/folder-actions.tsx'), 'FolderActions');
const FolderNameForm = lazyPart(() => import('../dialogs/folder-name-form.tsx'), 'FolderNameForm');

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
  useEffect(() => {
    if (canManage) FolderActions.preload();
  }, [canManage]);

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
  const [create, state] = useCreateFolderMutation();
  if (!open) {
    return (
      <div>
        <Button
          icon={<FolderAddOutlined aria-hidden />}
          onPointerEnter={FolderNameForm.preload}
          onFocus={FolderNameForm.preload}
          onClick={() => setOpen(true)}
          data-testid="new-folder"
        >
          New folder
        </Button>
      </div>
    );
  }
  return (
    <FolderNameForm
      label="Folder name"
      action="Create"
      busy={state.isLoading}
      error={state.error}
      onSubmit={async (name) => {
        const done = !('error' in (await create({ siteId, parentId, name })));
        if (done) setOpen(false);
        return done;
      }}
      onCancel={() => setOpen(false)}
      testId="new-folder"
    />
  );
}
