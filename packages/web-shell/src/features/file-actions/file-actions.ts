import { SUGGESTED_NAME_PATH } from '@portico/contracts';
import type { ReactNode } from 'react';
import { isErrorBody } from '../../lib/http-errors.ts';

/*
 * What a row's "More" button and its dialog (components/file-actions.tsx, dialogs/file-actions-dialog.tsx) share:
 * the file, the actions a site allows, the panels and commands a page adds. Apart from both, so the dialog,
 * loaded lazily by the button, never imports the button's module.
 */

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

export type FileAction = keyof FileActionsAllowed;

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
  /** Starts loading the panel's part (a `lazyPart`) when the dialog opens, so choosing it shows it at once. */
  preload?: () => void;
  render: (props: {
    file: F;
    siteId: string;
    onDone: (done: { title: string; description?: string }) => void;
    onCancel: () => void;
  }) => ReactNode;
}

/** The built-in actions, in the dialog's order. */
export const FILE_ACTIONS: readonly FileAction[] = ['rename', 'move', 'copy', 'delete'];

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
) => panels.length > 0 || commands.length > 0 || FILE_ACTIONS.some((action) => allowed[action]);

/** The free name a 409 `name.taken` offers, if the error is one. */
export function suggestedNameOf(error: unknown): string | undefined {
  const data = (error as { data?: unknown } | null)?.data;
  if (!isErrorBody(data) || data.error.code !== 'name.taken') return undefined;
  return data.error.details?.find((d) => d.path === SUGGESTED_NAME_PATH)?.message;
}
