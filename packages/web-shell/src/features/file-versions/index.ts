/**
 * A file's versions (decision 49), a subpath of its own (`@portico/web-shell/versions`) like the viewer. Pages open
 * the dialog with `useFileVersionsView` (the package's index), which loads it when first opened, so the first
 * screen's chunk does not carry it.
 */

export { useGetFileVersionsQuery, useRestoreFileVersionMutation } from './api/file-versions.ts';
export {
  default as FileVersionsDialog,
  type FileVersionsDialogProps,
} from './components/file-versions-dialog.tsx';
