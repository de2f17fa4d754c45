import { CloseOutlined, DeleteOutlined, InboxOutlined, SaveOutlined, StopOutlined } from '@ant-design/icons';
import type { UploadScan } from '@portico/contracts';
import {
  dropZoneInvitation,
  formatBytes,
  selectTenant,
  useCoarsePointer,
  useLeaveWarning,
  useShellSelector,
  useUploadScans,
} from '@portico/web-shell';
import { Alert, Button, Card, Flex, Progress, Typography, Upload } from 'antd';
import { type ReactNode, useRef } from 'react';
import type { UploadRow, useSubmittedUploads } from '../hooks/use-submitted-uploads.ts';

type Uploader = ReturnType<typeof useSubmittedUploads>;

const MUTED = '#595959';
/** antd's danger red is too light for small text (3.3:1); this one reads at 7:1. */
const ERROR = '#A8071A';

/** What the virus scan of an uploaded file says (decision 43); nothing to add once it is clean. */
function ScanState({ scan }: { scan: UploadScan | undefined }) {
  if (!scan || scan.state === 'scanning')
    return (
      <Typography.Text style={{ color: MUTED }} data-testid="scan-state" data-state="scanning">
        Checking for viruses…
      </Typography.Text>
    );
  if (scan.state === 'infected')
    return (
      <Typography.Text style={{ color: ERROR }} data-testid="scan-state" data-state="infected">
        Refused: the virus scanner found {scan.signature ?? 'malware'} in this file. Nobody can download it.
      </Typography.Text>
    );
  if (scan.state === 'unscanned')
    return (
      <Typography.Text style={{ color: MUTED }} data-testid="scan-state" data-state="unscanned">
        {scan.released
          ? 'Uploaded, not scanned for viruses. Ready to save.'
          : 'Not scanned for viruses (too large for the scanner): the firm will not see it.'}
      </Typography.Text>
    );
  return (
    <Typography.Text style={{ color: '#135200' }} data-testid="scan-state" data-state="clean">
      Uploaded and checked for viruses. Ready to save.
    </Typography.Text>
  );
}

function RowState({ row, scan }: { row: UploadRow; scan: UploadScan | undefined }) {
  switch (row.status) {
    case 'queued':
      return <Typography.Text style={{ color: MUTED }}>Waiting to upload…</Typography.Text>;
    case 'uploading':
      return (
        <Progress
          percent={row.percent}
          status="active"
          size="small"
          aria-label={`Uploading ${row.fileName}`}
          style={{ marginBlock: 0 }}
          data-testid="upload-progress"
        />
      );
    case 'done':
      return row.error ? (
        <Typography.Text style={{ color: ERROR }}>{row.error.message}</Typography.Text>
      ) : (
        <ScanState scan={scan} />
      );
    case 'removing':
      return <Typography.Text style={{ color: MUTED }}>Removing…</Typography.Text>;
    case 'cancelled':
      return <Typography.Text style={{ color: MUTED }}>Cancelled</Typography.Text>;
    case 'error':
      return (
        <Typography.Text style={{ color: ERROR }} data-testid="upload-error">
          {row.error?.message ?? 'The upload failed.'}
        </Typography.Text>
      );
  }
}

function RowAction({ row, uploader, canDelete }: { row: UploadRow; uploader: Uploader; canDelete: boolean }) {
  if (row.status === 'queued' || row.status === 'uploading')
    return (
      <Button
        size="small"
        icon={<StopOutlined aria-hidden />}
        onClick={() => uploader.cancel(row.uid)}
        aria-label={`Cancel ${row.fileName}`}
      >
        Cancel
      </Button>
    );
  if (row.status === 'done' || row.status === 'removing')
    return canDelete ? (
      <Button
        size="small"
        icon={<DeleteOutlined aria-hidden />}
        loading={row.status === 'removing'}
        onClick={() => void uploader.remove(row.uid)}
        aria-label={`Remove ${row.fileName}`}
      >
        Remove
      </Button>
    ) : null;
  return (
    <Button
      size="small"
      type="text"
      icon={<CloseOutlined aria-hidden />}
      onClick={() => void uploader.remove(row.uid)}
      aria-label={`Dismiss ${row.fileName}`}
    />
  );
}

/**
 * Drag and drop (or pick) several files; each uploads with its own progress bar and Cancel, then waits, removable,
 * until Save submits them to the site.
 */
export function FileUploader({
  uploader,
  siteName,
  canDelete,
  beforeSave,
}: {
  uploader: Uploader;
  siteName: string | undefined;
  canDelete: boolean;
  /** What Save also sends, chosen beside it (the category, where the site lets the client set one). */
  beforeSave?: ReactNode;
}) {
  const { rows, readyCount, isSaving, saveError } = uploader;
  const dropZone = useRef<HTMLDivElement>(null);
  const coarsePointer = useCoarsePointer();
  const tenant = useShellSelector(selectTenant);
  const scans = useUploadScans(
    tenant,
    rows.flatMap((row) => (row.status === 'done' && row.referenceNumber ? [row.referenceNumber] : [])),
  );
  // Uploaded files wait for Save across a reload (the persisted uploader slice); running uploads would stop.
  const running = rows.filter((row) => row.status === 'queued' || row.status === 'uploading').length;
  useLeaveWarning(
    running > 0,
    `${running === 1 ? '1 file is' : `${running} files are`} still uploading: leaving stops ${running === 1 ? 'it' : 'them'}.`,
  );
  return (
    <Card
      size="small"
      title={<span style={{ fontWeight: 600 }}>Send files{siteName ? ` to ${siteName}` : ''}</span>}
      data-testid="file-uploader"
    >
      <Flex vertical gap={16} ref={dropZone}>
        <Upload.Dragger
          multiple
          showUploadList={false}
          disabled={!uploader.canUpload}
          beforeUpload={(file) => {
            uploader.add([file]);
            return Upload.LIST_IGNORE;
          }}
          data-testid="upload-dropzone"
        >
          <p className="ant-upload-drag-icon" style={{ marginBottom: 8 }}>
            <InboxOutlined aria-hidden />
          </p>
          <p className="ant-upload-text">{dropZoneInvitation(coarsePointer)}</p>
          <p className="ant-upload-hint" style={{ color: MUTED }}>
            Each file uploads as soon as you add it. Press Save to submit the uploaded files.
          </p>
        </Upload.Dragger>
        {rows.length > 0 ? (
          <ul
            aria-label="Uploads"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
            data-testid="upload-list"
          >
            {rows.map((row) => (
              <li
                key={row.uid}
                style={{ padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}
                data-testid="upload-row"
                data-status={row.status}
                data-file-name={row.fileName}
              >
                <Flex align="center" gap={12} wrap>
                  <Flex vertical style={{ flex: '1 1 220px', minWidth: 0 }} gap={2}>
                    <Flex gap={8} align="baseline" wrap>
                      <Typography.Text
                        strong
                        ellipsis={{ tooltip: row.fileName }}
                        style={{ maxWidth: '100%' }}
                      >
                        {row.fileName}
                      </Typography.Text>
                      <Typography.Text style={{ color: MUTED, fontSize: 12 }}>
                        {formatBytes(row.size)}
                      </Typography.Text>
                    </Flex>
                    <div aria-live="polite">
                      <RowState
                        row={row}
                        scan={row.referenceNumber ? scans.get(row.referenceNumber) : undefined}
                      />
                    </div>
                  </Flex>
                  <RowAction row={row} uploader={uploader} canDelete={canDelete} />
                </Flex>
              </li>
            ))}
          </ul>
        ) : null}
        {saveError ? (
          <Alert type="error" showIcon title="The files could not be saved" description={saveError.message} />
        ) : null}
        <Flex justify="flex-end" align="flex-end" gap={12} wrap>
          {beforeSave}
          <Typography.Text style={{ color: MUTED }} data-testid="ready-count">
            {readyCount === 0
              ? 'No files ready to save.'
              : readyCount === 1
                ? '1 file ready to save.'
                : `${readyCount} files ready to save.`}
          </Typography.Text>
          <Button
            type="primary"
            icon={<SaveOutlined aria-hidden />}
            disabled={readyCount === 0}
            loading={isSaving}
            onClick={() =>
              void uploader.save().then((saved) => {
                // Save is disabled once nothing waits: the focus goes back to where more files are added.
                if (saved) dropZone.current?.querySelector<HTMLElement>('[role="button"]')?.focus();
              })
            }
            data-testid="save-uploads"
          >
            Save
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
