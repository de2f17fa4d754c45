import { DownloadOutlined } from '@ant-design/icons';
import type { ServiceType } from '@portico/contracts';
import { type ApiError, notify, useDownload } from '@portico/web-shell';
import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';

/** A row's buttons, wrapping on narrow screens. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Flex gap={4} wrap>
      {children}
    </Flex>
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
    <Button size="small" icon={icon} loading={loading} onClick={onClick} aria-label={label}>
      {children}
    </Button>
  );
}

/** Downloads one file of a row (`url` of `service`), saved under its server-given name; a failure is notified. */
export function DownloadAction({
  service,
  url,
  file,
}: {
  service: ServiceType;
  url: string;
  file: { title: string; fileName: string };
}) {
  const { download, busy } = useDownload();
  const start = () =>
    download({ service, url, fallbackName: file.fileName }).catch((error: ApiError) =>
      notify.error('The download failed', error.message),
    );
  return (
    <RowAction
      label={`Download ${file.title}`}
      icon={<DownloadOutlined aria-hidden />}
      loading={busy.has(url)}
      onClick={start}
    >
      Download
    </RowAction>
  );
}
