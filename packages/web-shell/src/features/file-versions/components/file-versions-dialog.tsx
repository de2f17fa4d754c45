import type { FileVersion } from '@portico/contracts';
import { formatBytes, formatDateTime } from '../../../lib/format.ts';
import { describeQueryError, toApiError } from '../../../lib/http-errors.ts';
import { notify } from '../../../lib/notifications.tsx';
import { Button } from '../../../ui/button.tsx';
import { ModalDialog } from '../../../ui/modal-dialog.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { Skeleton } from '../../../ui/spinner.tsx';
import { Tag } from '../../../ui/tag.tsx';
import { useFilePreview } from '../../preview/hooks/use-file-preview.tsx';
import { previewKindOf } from '../../preview/preview-kinds.ts';
import { useDownload } from '../../transfers/hooks/use-download.ts';
import { useGetFileVersionsQuery, useRestoreFileVersionMutation } from '../api/file-versions.ts';
import './file-versions-dialog.css';

export interface FileVersionsDialogProps {
  file: { id: string; title: string };
  /** The site lets the caller download its files (internalFilesDownload; staff always). */
  canDownload: boolean;
  /** …and preview them (internalFilesView). */
  canPreview: boolean;
  /** Staff: "Make current" on an old version. */
  canRestore?: boolean;
  /** After "Make current": lists of the page's own that show the file's version, size or name are read again. */
  onRestored?: () => void;
  onClose: () => void;
}

/** A version's bytes, as the version routes serve them: `api/files/{id}/versions/{n}`. */
const versionPath = (fileId: string, version: number) =>
  `api/files/${encodeURIComponent(fileId)}/versions/${version}`;

/**
 * A file's versions (decision 49), both front ends' one view: number, size, who, when and SHA-256 of each, newest
 * first, the current one marked; download or preview any of them; staff make an old one current (a new version,
 * never a rewrite). A native modal dialog: Esc closes it, the page behind is inert, the caller returns the focus.
 */
export default function FileVersionsDialog({
  file,
  canDownload,
  canPreview,
  canRestore = false,
  onRestored,
  onClose,
}: FileVersionsDialogProps) {
  const versions = useGetFileVersionsQuery({ fileId: file.id });
  const [restore, restoring] = useRestoreFileVersionMutation();
  const { download, busy } = useDownload();
  // A version's preview is `api/files/{id}/versions/{n}/preview`: the viewer's id is the path between.
  const preview = useFilePreview({
    service: 'file-management',
    previewUrl: (key) => `api/files/${key}/preview`,
  });

  const fetchVersion = (v: FileVersion) =>
    download({
      service: 'file-management',
      url: versionPath(file.id, v.version),
      fallbackName: v.fileName,
    }).catch((error: unknown) => notify.error('The download failed', toApiError(error).message));

  const makeCurrent = (v: FileVersion) =>
    restore({ fileId: file.id, version: v.version })
      .unwrap()
      .then(
        (made) => {
          onRestored?.();
          notify.success(`Version ${v.version} is current again`, `As version ${made.version}.`);
        },
        (error: unknown) => notify.error('The version was not made current', toApiError(error).message),
      );

  const records = versions.currentData?.records;
  return (
    <ModalDialog
      className="portico-modal portico-modal--wide"
      onClose={onClose}
      testId="file-versions-dialog"
    >
      {(titleId) => (
        <>
          <div className="portico-versions-dialog__head">
            <h2 id={titleId} className="portico-versions-dialog__title">
              Versions of <span className="portico-versions-dialog__name">{file.title}</span>
            </h2>
            <Button onClick={onClose} data-testid="close-versions">
              Close
            </Button>
          </div>
          {versions.error ? (
            <Notice tone="error" title="The versions could not be loaded">
              {describeQueryError(versions.error)}
            </Notice>
          ) : !records ? (
            <Skeleton rows={3} label="Loading the versions…" />
          ) : records.length === 0 ? (
            <p>This file has no versions to show yet.</p>
          ) : (
            <ol className="portico-versions-dialog__list" aria-label="Versions, newest first">
              {records.map((v) => (
                <li key={v.version} className="portico-versions-dialog__item" data-testid="file-version">
                  <div className="portico-versions-dialog__line">
                    <strong>Version {v.version}</strong>
                    {v.current ? (
                      <Tag tone="success" data-testid="current-version">
                        Current
                      </Tag>
                    ) : null}
                    {v.restoredFrom ? <Tag tone="info">Copy of version {v.restoredFrom}</Tag> : null}
                  </div>
                  <div className="portico-versions-dialog__meta">
                    <span title={`${v.size} bytes`}>{formatBytes(v.size)}</span>
                    <span>{v.createdBy ?? 'Someone no longer here'}</span>
                    <span>{formatDateTime(v.createdAt)} UTC</span>
                  </div>
                  <div className="portico-versions-dialog__meta">
                    <span className="portico-versions-dialog__name">{v.fileName}</span>
                  </div>
                  <div className="portico-versions-dialog__sha">
                    SHA-256 <code className="portico-code">{v.sha256}</code>
                  </div>
                  <div className="portico-row portico-versions-dialog__actions">
                    {canPreview && previewKindOf(v) ? (
                      <Button
                        size="small"
                        onClick={() =>
                          preview.open({
                            id: `${encodeURIComponent(file.id)}/versions/${v.version}`,
                            title: `${file.title} (version ${v.version})`,
                            fileName: v.fileName,
                            contentType: v.contentType,
                            size: v.size,
                          })
                        }
                        aria-label={`Preview version ${v.version}`}
                        data-testid="preview-version"
                      >
                        Preview
                      </Button>
                    ) : null}
                    {canDownload ? (
                      <Button
                        size="small"
                        onClick={() => void fetchVersion(v)}
                        loading={busy.has(versionPath(file.id, v.version))}
                        aria-label={`Download version ${v.version}`}
                        data-testid="download-version"
                      >
                        Download
                      </Button>
                    ) : null}
                    {canRestore && !v.current ? (
                      <Button
                        size="small"
                        variant="primary"
                        onClick={() => void makeCurrent(v)}
                        loading={restoring.isLoading && restoring.originalArgs?.version === v.version}
                        aria-label={`Make version ${v.version} current`}
                        data-testid="restore-version"
                      >
                        Make current
                      </Button>
                    ) : null}
                  </div>
                </li>
              ))}
            </ol>
          )}
          {preview.element}
        </>
      )}
    </ModalDialog>
  );
}
