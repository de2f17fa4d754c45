import type { Folder } from '@portico/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { useDeleteFolderMutation, useUpdateFolderMutation } from '../api/folders.ts';
import { moveTargets } from '../folder-tree.ts';
import { FolderNameForm, FormError } from './folder-name-form.tsx';

/** Rename, move (to a folder chosen from the tree) and delete, each a small form of its own. */
export function FolderActions({ folder, all }: { folder: Folder; all: readonly Folder[] }) {
  const [mode, setMode] = useState<'rename' | 'move' | 'delete' | null>(null);
  const [target, setTarget] = useState('');
  const [update, updating] = useUpdateFolderMutation();
  const [remove, removing] = useDeleteFolderMutation();
  const fieldId = useId();
  const close = () => setMode(null);
  const error = updating.error ?? removing.error;

  const move = async (event: FormEvent) => {
    event.preventDefault();
    const parentId = target === '' ? null : target;
    if (!('error' in (await update({ id: folder.id, parentId })))) close();
  };

  if (mode === 'rename') {
    return (
      <FolderNameForm
        label={`New name for ${folder.name}`}
        initial={folder.name}
        action="Rename"
        busy={updating.isLoading}
        error={updating.error}
        onSubmit={async (name) => {
          const done = !('error' in (await update({ id: folder.id, name })));
          if (done) close();
          return done;
        }}
        onCancel={close}
        testId="rename-folder"
      />
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
