import { MoreOutlined } from '@ant-design/icons';
import { useRef, useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { lazyPart } from '../../../ui/lazy-part.tsx';
import {
  anyFileAction,
  type FileActionCommand,
  type FileActionPanel,
  type FileActionsAllowed,
  type FileActionTarget,
} from '../file-actions.ts';

// The dialog's look, also the tag fields' and the bulk dialogs'.
import './file-actions.css';

export {
  anyFileAction,
  FILE_ACTIONS,
  type FileAction,
  type FileActionCommand,
  type FileActionPanel,
  type FileActionsAllowed,
  type FileActionTarget,
  suggestedNameOf,
} from '../file-actions.ts';

// The dialog, its panels' choices and its requests load when a "More" button is first pointed at or pressed.
const FileActionsDialog = lazyPart(() => import('../dialogs/file-actions-dialog.tsx'));

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
  busy = false,
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
  /** A command chosen in the dialog is still running (a check-out): the button spins and waits for it. */
  busy?: boolean;
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
        loading={busy}
        onClick={() => setOpen(true)}
        onPointerEnter={FileActionsDialog.preload}
        onFocus={FileActionsDialog.preload}
        data-testid="file-actions"
      >
        {wide ? 'More' : null}
      </Button>
      {open ? (
        <FileActionsDialog
          file={file}
          siteId={siteId}
          allowed={allowed}
          // The dialog hands each panel the very file it was given (an F), so the wider type is only the lazy
          // part's: a generic component's props are fixed at its constraint when it is loaded lazily.
          panels={offered as unknown as readonly FileActionPanel[]}
          commands={commands}
          withFolders={withFolders}
          onChanged={onChanged}
          onClose={close}
        />
      ) : null}
    </>
  );
}
