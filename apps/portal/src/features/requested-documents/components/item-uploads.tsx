import { StopOutlined, UploadOutlined } from '@ant-design/icons';
import type { RequestItem } from '@portico/contracts';
import { type ApiError, toApiError, useFileUploads, useIdempotencyKeys } from '@portico/web-shell';
import { Alert, Button, Flex, Progress, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useSendItemFilesMutation } from '../api/requests.ts';

/**
 * Files for one item: each uploads with its own progress and Cancel (the shared upload hook); once none is still
 * uploading, the uploaded ones are sent against the item in one call, which makes them Submitted Files.
 */
export function ItemUploads({
  tenant,
  siteId,
  requestId,
  item,
}: {
  tenant: string;
  siteId: string;
  requestId: string;
  item: RequestItem;
}) {
  const uploads = useFileUploads({ siteId, concurrency: item.multiple ? 3 : 1 });
  const [send, { isLoading }] = useSendItemFilesMutation();
  const keys = useIdempotencyKeys();
  const [error, setError] = useState<ApiError | null>(null);
  const sending = useRef(false);
  const { items, done, isUploading, clear } = uploads;

  useEffect(() => {
    if (isUploading || done.length === 0 || sending.current) return;
    sending.current = true;
    const body = {
      tenant,
      requestId,
      itemId: item.id,
      referenceNumbers: done.map((d) => d.uploaded.referenceNumber),
    };
    setError(null);
    send({ ...body, idempotencyKey: keys.keyFor(body) })
      .unwrap()
      .then(
        () => {
          keys.succeeded();
          clear();
        },
        (reason: unknown) => setError(toApiError(reason)),
      )
      .finally(() => {
        sending.current = false;
      });
  }, [isUploading, done, tenant, requestId, item.id, send, keys, clear]);

  const label = item.files.length ? 'Upload again' : item.multiple ? 'Upload files' : 'Upload a file';
  const running = items.filter((i) => i.status === 'queued' || i.status === 'uploading');
  return (
    <Flex vertical gap={6}>
      <Upload
        multiple={item.multiple}
        showUploadList={false}
        disabled={!uploads.canUpload || isUploading || isLoading}
        beforeUpload={(file, list) => {
          // antd calls this once per file; the whole choice is added with the first.
          if (file === list[0]) uploads.add(item.multiple ? list : [file]);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button
          icon={<UploadOutlined aria-hidden />}
          loading={isLoading}
          data-testid="item-upload"
          aria-label={`${label} for ${item.name}`}
        >
          {label}
        </Button>
      </Upload>
      {running.map((row) => (
        <Flex key={row.uid} align="center" gap={8} data-testid="item-upload-progress">
          <Typography.Text style={{ minWidth: 0, flex: '0 1 200px' }} ellipsis>
            {row.fileName}
          </Typography.Text>
          <Progress
            aria-label={`Uploading ${row.fileName}`}
            percent={row.percent}
            size="small"
            style={{ flex: '1 1 120px', marginBlock: 0 }}
          />
          <Button size="small" icon={<StopOutlined aria-hidden />} onClick={() => uploads.cancel(row.uid)}>
            Cancel
          </Button>
        </Flex>
      ))}
      {items
        .filter((i) => i.status === 'error')
        .map((row) => (
          <Alert
            key={row.uid}
            type="error"
            showIcon
            title={`${row.fileName}: ${row.error?.message ?? 'failed'}`}
          />
        ))}
      {error ? (
        <Alert type="error" showIcon title="The files could not be sent" description={error.message} />
      ) : null}
    </Flex>
  );
}
