import { LinkOutlined } from '@ant-design/icons';
import type { UrlUploadJob } from '@portico/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { formatBytes } from '../../../lib/format.ts';
import { toApiError } from '../../../lib/http-errors.ts';
import { Button } from '../../../ui/button.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { useGetUrlUploadQuery, useStartUrlUploadMutation } from '../api/share-links.ts';
import '../share-links.css';

const POLL_MS = 500;

/** How far a fetch got, as people read it. */
export function progressText(job: Pick<UrlUploadJob, 'bytesReceived' | 'bytesExpected'>): string {
  return job.bytesExpected
    ? `${formatBytes(job.bytesReceived)} of ${formatBytes(job.bytesExpected)}`
    : `${formatBytes(job.bytesReceived)} received`;
}

/**
 * "Upload from a link": a web address the server fetches into a pending upload, with its progress; once the
 * bytes are in, `onDone` saves the reference number like any upload's. Shown only where the site allows it
 * (`urlFileUpload` with `internalFilesUpload`).
 */
export function UrlUpload({
  tenant,
  siteId,
  folderId,
  onDone,
}: {
  tenant: string;
  siteId: string;
  folderId?: string | undefined;
  onDone: (job: UrlUploadJob & { referenceNumber: string }) => Promise<unknown> | undefined;
}) {
  const id = useId();
  const [url, setUrl] = useState('');
  const [jobId, setJobId] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [saved, setSaved] = useState<string>();
  const [start, { isLoading: starting }] = useStartUrlUploadMutation();
  const [fetching, setFetching] = useState(false);
  const job = useGetUrlUploadQuery(
    { tenant, jobId: jobId ?? '' },
    { skip: !jobId, pollingInterval: fetching ? POLL_MS : 0, refetchOnMountOrArgChange: true },
  );
  const handled = useRef<string>(undefined);

  useEffect(() => {
    const current = job.currentData;
    if (!current || current.jobId !== jobId) return;
    setFetching(current.state === 'fetching');
    if (current.state === 'fetching' || handled.current === current.jobId) return;
    handled.current = current.jobId;
    if (current.state === 'failed') {
      setProblem(current.error?.message ?? 'The file could not be fetched.');
      return;
    }
    if (current.referenceNumber) {
      Promise.resolve(onDone({ ...current, referenceNumber: current.referenceNumber }))
        .then(() => {
          setSaved(current.fileName ?? 'The file');
          setUrl('');
        })
        .catch((error) => setProblem(toApiError(error).message));
    }
  }, [job.currentData, jobId, onDone]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    setSaved(undefined);
    try {
      const started = await start({
        tenant,
        siteId,
        url: url.trim(),
        ...(folderId ? { folderId } : {}),
      }).unwrap();
      setFetching(true);
      setJobId(started.jobId);
    } catch (error) {
      setProblem(toApiError(error).message);
    }
  };

  const current = job.currentData?.jobId === jobId ? job.currentData : undefined;
  const busy = starting || fetching;
  return (
    <form onSubmit={(event) => void submit(event)} data-testid="url-upload" noValidate>
      <div className="portico-url-upload">
        <div className="portico-share-field">
          <label htmlFor={`${id}-url`}>Upload from a link</label>
          <input
            id={`${id}-url`}
            className="portico-input"
            type="url"
            inputMode="url"
            placeholder="https://…"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            maxLength={2048}
            data-testid="url-upload-input"
          />
        </div>
        <Button
          type="submit"
          icon={<LinkOutlined aria-hidden />}
          loading={busy}
          disabled={!url.trim()}
          data-testid="url-upload-start"
        >
          Upload from a link
        </Button>
      </div>
      <div aria-live="polite" style={{ marginTop: 8 }}>
        {busy && current ? (
          <div data-testid="url-upload-progress">
            <progress
              className="portico-url-progress"
              aria-label={`Fetching ${current.fileName ?? 'the file'}`}
              {...(current.bytesExpected ? { max: current.bytesExpected, value: current.bytesReceived } : {})}
            />
            <span className="portico-share-field__hint">
              Fetching {current.fileName ?? 'the file'}: {progressText(current)}
            </span>
          </div>
        ) : null}
        {saved ? (
          <Notice tone="success" title={`${saved} was fetched and saved.`} data-testid="url-upload-done" />
        ) : null}
        {problem ? (
          <Notice
            tone="error"
            title="The file could not be uploaded from this link"
            data-testid="url-upload-error"
          >
            {problem}
          </Notice>
        ) : null}
      </div>
    </form>
  );
}
