import {
  Button,
  formatBytes,
  notify,
  shellApi,
  type UploadItem,
  useFileUploads,
  useShellDispatch,
} from '@portico/web-shell';
import { useCallback, useRef } from 'react';

interface VersionTarget {
  id: string;
  title: string;
}

/**
 * "Upload a new version" of a file row (decision 49): the file chooser, then a resumable (tus) upload with its
 * progress and Cancel, the uploader every upload uses; the finished upload is the file's next version, with no
 * separate save. Shown above the list while it runs and once it is done.
 */
export function useVersionUploads(siteId: string | null | undefined) {
  const dispatch = useShellDispatch();
  const targets = useRef(new Map<string, VersionTarget>());
  const input = useRef<HTMLInputElement>(null);
  const choosing = useRef<VersionTarget | undefined>(undefined);
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

  const choose = useCallback((target: VersionTarget) => {
    choosing.current = target;
    input.current?.click();
  }, []);

  const chooser = (
    <input
      ref={input}
      type="file"
      hidden
      aria-hidden
      tabIndex={-1}
      data-testid="version-file-input"
      onChange={(event) => {
        const file = event.target.files?.[0];
        const target = choosing.current;
        event.target.value = '';
        if (!file || !target) return;
        for (const uid of uploads.add([file], target.id)) targets.current.set(uid, target);
      }}
    />
  );

  const element = (
    <>
      {chooser}
      {uploads.items.length > 0 ? (
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
      ) : null}
    </>
  );
  return { choose, element };
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
