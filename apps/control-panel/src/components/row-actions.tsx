import { DownloadOutlined, EyeOutlined, HistoryOutlined } from '@ant-design/icons';
import {
  Button,
  type FileActionCommand,
  type useFileDownloads,
  useFileVersionsView,
  useShellDispatch,
} from '@portico/web-shell';
import type { PreviewFile, useFilePreview } from '@portico/web-shell/preview';
import type { ReactNode } from 'react';
import { controlPanelApi } from '../api/control-panel-api.ts';

/** A row's buttons, wrapping on narrow screens. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <div className="portico-row" style={{ gap: 4 }}>
      {children}
    </div>
  );
}

/** One small button of a row; `label` names it with its row for assistive technology ("Rename Acme"). */
export function RowAction({
  label,
  onClick,
  loading,
  icon,
  children,
}: {
  label: string;
  onClick: () => unknown;
  loading?: boolean;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Button size="small" icon={icon} loading={loading} onClick={() => void onClick()} aria-label={label}>
      {children}
    </Button>
  );
}

/**
 * A row's file command as a button (check-out, Details: the portal offers the same in its rows' "More" dialog);
 * `name` is its accessible name with the row's file ("Force check-in Payroll").
 */
export function CommandAction({
  command,
  name,
  loading,
}: {
  command: FileActionCommand | null;
  name: (label: string) => string;
  loading?: boolean;
}) {
  if (!command) return null;
  return (
    <RowAction label={name(command.label)} icon={command.icon} loading={loading} onClick={command.onSelect}>
      {command.label}
    </RowAction>
  );
}

/** Downloads one file of a row with its list's downloads (`useFileDownloads`). */
export function DownloadAction({
  downloads,
  file,
}: {
  downloads: ReturnType<typeof useFileDownloads>;
  file: { id: string; title: string; fileName: string };
}) {
  return (
    <RowAction
      label={`Download ${file.title}`}
      icon={<DownloadOutlined aria-hidden />}
      loading={downloads.isDownloading(file.id)}
      onClick={() => downloads.downloadFile(file)}
    >
      Download
    </RowAction>
  );
}

/** Opens one file of a row in the viewer (`useFilePreview`), for the types it shows (PDFs and images). */
export function PreviewAction({
  preview,
  file,
}: {
  preview: ReturnType<typeof useFilePreview>;
  file: PreviewFile;
}) {
  if (!preview.canPreview(file)) return null;
  return (
    <RowAction
      label={`Preview ${file.title}`}
      icon={<EyeOutlined aria-hidden />}
      onClick={() => preview.open(file)}
    >
      Preview
    </RowAction>
  );
}

type StaffTag = Parameters<typeof controlPanelApi.util.invalidateTags>[0][number];

/**
 * The staff's versions view of a list (decision 49): every version, download or preview any, "Make current" on an
 * old one; `changes` are the list's own tags, read again after a version is made current.
 */
export function useStaffFileVersions(changes: readonly StaffTag[]) {
  const dispatch = useShellDispatch();
  return useFileVersionsView({
    canDownload: true,
    canPreview: true,
    canRestore: true,
    onRestored: () => dispatch(controlPanelApi.util.invalidateTags([...changes])),
  });
}

/** Opens a row's file in the versions view; says which version is current. */
export function VersionsAction({
  versions,
  file,
}: {
  versions: ReturnType<typeof useFileVersionsView>;
  file: { id: string; title: string; version: number };
}) {
  return (
    <RowAction
      label={`Versions of ${file.title}`}
      icon={<HistoryOutlined aria-hidden />}
      onClick={() => versions.open(file)}
    >
      Versions ({file.version})
    </RowAction>
  );
}
