import {
  Button,
  formatBytes,
  notify,
  shellApi,
  type UploadItem,
  useFileUploads,
  useShellDispatch,
} from '@portico/web-shell';
import { useEffect, useRef } from 'react';

export interface VersionTarget {
  id: string;
  title: string;
}

/** A file chosen as the new version of a row's file. */
export interface VersionRequest {
  key: number;
  file: File;
  target: VersionTarget;
}

/**
 * The new versions asked for on this page, each a resumable (tus) upload through the uploader every upload uses
 * (`useFileUploads` with the file's id), with its progress and Cancel; the finished upload is the file's next
 * version, with no separate save. A chunk of its own, loaded with the first new version: the uploader brings
 * antd's App, which the Published Files page does not otherwise load.
 */
export default function VersionUploadList({
  siteId,
  requests,
}: {
  siteId: string | null | undefined;
  requests: readonly VersionRequest[];
}) {
  const dispatch = useShellDispatch();
  const targets = useRef(new Map<string, VersionTarget>());
  const started = useRef(new Set<number>());
  const uploads = useFileUploads({
    siteId,
    concurrency: 2,
    onUploaded: (item) => {
      const target = targets.current.get(item.uid);
      dispatch(
        shellApi.util.invalidateTags([
          'PublishedFiles',
          'SubmittedFiles',
          'RecordCount',
          ...(target ? [{ type: 'FileVersions' as const, id: target.id }] : []),
        ]),
      );
      notify.success(
        `Version ${item.uploaded.version ?? ''} of ${target?.title ?? item.fileName} uploaded`,
        'It replaces the current version once it has been checked for viruses.',
      );
    },
  });
  const { add } = uploads;

  useEffect(() => {
    for (const request of requests) {
      if (started.current.has(request.key)) continue;
      started.current.add(request.key);
      for (const uid of add([request.file], request.target.id)) targets.current.set(uid, request.target);
    }
  }, [requests, add]);

  if (uploads.items.length === 0) return null;
  return (
    <ul
      aria-label="New versions"
      style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}
      data-testid="version-uploads"
    >
      {uploads.items.map((item) => (
        <VersionUploadRow
          key={item.uid}
          item={item}
          target={targets.current.get(item.uid)}
          onCancel={() => uploads.cancel(item.uid)}
          onDismiss={() => uploads.remove(item.uid)}
        />
      ))}
    </ul>
  );
}

function VersionUploadRow({
  item,
  target,
  onCancel,
  onDismiss,
}: {
  item: UploadItem;
  target: VersionTarget | undefined;
  onCancel: () => void;
  onDismiss: () => void;
}) {
  const what = `New version of ${target?.title ?? item.fileName}`;
  const running = item.status === 'queued' || item.status === 'uploading';
  return (
    <li
      className="portico-row"
      style={{ flexWrap: 'wrap', gap: '4px 12px', alignItems: 'center' }}
      data-testid="version-upload"
      data-status={item.status}
    >
      <span style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {what} ({item.fileName}, {formatBytes(item.size)})
      </span>
      {running ? (
        <progress
          max={100}
          value={item.percent}
          aria-label={`Uploading ${what}`}
          data-testid="version-upload-progress"
        >
          {item.percent}%
        </progress>
      ) : null}
      <span role="status">
        {item.status === 'queued'
          ? 'Waiting to upload…'
          : item.status === 'uploading'
            ? `${item.percent}%`
            : item.status === 'done'
              ? `Uploaded as version ${item.uploaded?.version ?? ''}.`
              : item.status === 'cancelled'
                ? 'Cancelled'
                : (item.error?.message ?? 'The upload failed.')}
      </span>
      {running ? (
        <Button
          size="small"
          onClick={onCancel}
          aria-label={`Cancel ${what}`}
          data-testid="cancel-version-upload"
        >
          Cancel
        </Button>
      ) : (
        <Button size="small" variant="text" onClick={onDismiss} aria-label={`Dismiss ${what}`}>
          Dismiss
        </Button>
      )}
    </li>
  );
}
