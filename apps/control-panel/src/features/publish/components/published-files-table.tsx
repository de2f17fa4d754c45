import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { LIMITS, type PublishedFile } from '@portico/contracts';
import {
  type ApiError,
  describeQueryError,
  formatBytes,
  formatDate,
  notify,
  QueryErrorAlert,
  useDownload,
} from '@portico/web-shell';
import { Button, Empty, Flex, Grid, Popconfirm, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTenant } from '../../../hooks/use-tenant.ts';
import { countOf } from '../../../lib/format.ts';
import { useGetSitePublishedFilesQuery, useUnpublishFileMutation } from '../api/publish.ts';

const PAGE_SIZE = LIMITS.siteListPageSize;

/** What the firm has published to a site, newest first: download it again, or take it back. */
export function PublishedFilesTable({ siteId, siteName }: { siteId: string; siteName: string | undefined }) {
  const { tenant, ready } = useTenant();
  const [page, setPage] = useState(1);
  const files = useGetSitePublishedFilesQuery(
    { tenant, siteId, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
    { skip: !ready },
  );
  const [unpublish, unpublishing] = useUnpublishFileMutation();
  const { download, busy } = useDownload();
  const screens = Grid.useBreakpoint();

  const take = async (file: PublishedFile) => {
    try {
      await unpublish({ id: file.id }).unwrap();
      notify.success('File unpublished', `${file.title} is no longer shown to the site's clients.`);
    } catch (error) {
      notify.error('The file could not be unpublished', describeQueryError(error));
    }
  };

  const get = (file: PublishedFile) =>
    download({
      service: 'file-management',
      url: `api/staff/published-files/${encodeURIComponent(file.id)}/download`,
      fallbackName: file.fileName,
    }).catch((error: ApiError) => notify.error('The download failed', error.message));

  const actionsOf = (file: PublishedFile) => (
    <Flex gap={4} wrap>
      <Button
        size="small"
        icon={<DownloadOutlined aria-hidden />}
        loading={busy.has(`api/staff/published-files/${encodeURIComponent(file.id)}/download`)}
        onClick={() => void get(file)}
        aria-label={`Download ${file.title}`}
      >
        Download
      </Button>
      <Popconfirm
        title={`Unpublish ${file.title}?`}
        description="The site's clients no longer see it; the firm keeps it for the record."
        okText="Unpublish"
        okButtonProps={{ danger: true }}
        onConfirm={() => take(file)}
      >
        <Button
          size="small"
          danger
          icon={<DeleteOutlined aria-hidden />}
          loading={unpublishing.isLoading && unpublishing.originalArgs?.id === file.id}
          aria-label={`Unpublish ${file.title}`}
        >
          Unpublish
        </Button>
      </Popconfirm>
    </Flex>
  );

  if (files.error)
    return (
      <QueryErrorAlert
        title="The published files could not be loaded"
        error={files.error}
        onRetry={() => void files.refetch()}
      />
    );
  return (
    <Table<PublishedFile>
      rowKey="id"
      loading={files.isFetching}
      dataSource={files.currentData?.records ?? []}
      data-testid="published-files-table"
      locale={{
        emptyText: <Empty description={`Nothing is published to ${siteName ?? 'this site'} yet.`} />,
      }}
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        total: files.currentData?.totalRecordCount ?? 0,
        showSizeChanger: false,
        showTotal: (total) => countOf(total, 'file'),
        onChange: setPage,
      }}
      columns={[
        {
          title: 'Title',
          dataIndex: 'title',
          render: (title: string, file) => (
            <Flex vertical>
              <Typography.Text strong>{title}</Typography.Text>
              <Typography.Text style={{ color: '#595959' }}>{file.fileName}</Typography.Text>
              {screens.md ? null : (
                <>
                  <Typography.Text style={{ color: '#595959', fontSize: 12 }}>
                    {formatBytes(file.size)} · {formatDate(file.createdAt)}
                  </Typography.Text>
                  {actionsOf(file)}
                </>
              )}
            </Flex>
          ),
        },
        {
          title: 'Size',
          dataIndex: 'size',
          align: 'right',
          responsive: ['md'],
          render: (size: number) => formatBytes(size),
        },
        {
          title: 'Published',
          dataIndex: 'createdAt',
          responsive: ['md'],
          render: (iso: string) => formatDate(iso),
        },
        {
          title: 'Actions',
          key: 'actions',
          responsive: ['md'],
          render: (_value, file) => actionsOf(file),
        },
      ]}
    />
  );
}
