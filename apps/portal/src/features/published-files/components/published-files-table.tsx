import { DownloadOutlined, FileZipOutlined } from '@ant-design/icons';
import { FILE_SORT_FIELDS, type FileSortField, type PublishedFile } from '@portico/contracts';
import {
  formatBytes,
  formatDate,
  selectAccessToken,
  selectSelectedSite,
  selectTenant,
  toApiError,
  useShellSelector,
} from '@portico/web-shell';
import { Button, Flex, Grid, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { FilesEmpty, FilesError } from '../../site-files/components/file-list-states.tsx';
import { FileListToolbar } from '../../site-files/components/file-list-toolbar.tsx';
import { VisuallyHidden } from '../../site-files/components/visually-hidden.tsx';
import { useFileDownloads } from '../../site-files/hooks/use-file-downloads.ts';
import { useFileListState } from '../../site-files/hooks/use-file-list-state.ts';
import { buildFileListQuery, PAGE_SIZES, sortableColumn } from '../../site-files/lib/file-list-query.ts';
import { useGetPublishedFilesQuery } from '../api/get-published-files.ts';

const DEFAULT_SORT = { sortBy: 'createdAt', sortOrder: 'desc' } as const;
const NEW_TAG_COLOR = '#0958D9';

const DOWNLOADS = {
  service: 'file-management',
  fileUrl: (id: string) => `api/files/published-files/${encodeURIComponent(id)}`,
  zipUrl: 'api/files/published-files/zip',
  zipName: 'Published Files.zip',
  // A download ends `isNew` for this user: the list and the badge's count are read again.
  invalidates: ['PublishedFiles'],
} as const;

/** The files the firm published to the selected site: paged, sorted, searched and filtered on the server. */
export function PublishedFilesTable({ canDownload }: { canDownload: boolean }) {
  const tenant = useShellSelector(selectTenant) ?? '';
  const siteId = useShellSelector(selectSelectedSite);
  const token = useShellSelector(selectAccessToken);
  const screens = Grid.useBreakpoint();
  const list = useFileListState<FileSortField>(siteId, FILE_SORT_FIELDS, DEFAULT_SORT);
  const query = buildFileListQuery(siteId ?? '', list.state);
  const { currentData, isFetching, error, refetch } = useGetPublishedFilesQuery(
    { tenant, ...query },
    { skip: !tenant || !siteId || !token },
  );
  const downloads = useFileDownloads(DOWNLOADS);
  const [selection, setSelection] = useState<{ siteId: string | null; keys: string[] }>({ siteId, keys: [] });
  const selected = selection.siteId === siteId ? selection.keys : [];

  const sorting = (field: FileSortField, first?: 'ascend' | 'descend') =>
    sortableColumn(field, list.state, first);
  const columns: TableColumnsType<PublishedFile> = [
    {
      ...sorting('title'),
      title: 'Title',
      render: (_, file) => (
        <Flex vertical gap={2}>
          <Flex gap={8} align="center" wrap>
            <Typography.Text strong>{file.title}</Typography.Text>
            {file.isNew ? (
              <Tag color={NEW_TAG_COLOR} style={{ marginInlineEnd: 0 }} data-testid="new-tag">
                New
              </Tag>
            ) : null}
          </Flex>
          {screens.md ? null : (
            <Typography.Text style={{ color: '#595959', fontSize: 12 }}>
              {formatBytes(file.size)} · {formatDate(file.createdAt)}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      ...sorting('fileName'),
      title: 'File name',
      dataIndex: 'fileName',
      responsive: ['lg'],
    },
    {
      ...sorting('size', 'descend'),
      title: 'Size',
      responsive: ['md'],
      align: 'right',
      render: (_, file) => <span title={`${file.size} bytes`}>{formatBytes(file.size)}</span>,
    },
    {
      ...sorting('createdAt', 'descend'),
      title: 'Published',
      responsive: ['md'],
      render: (_, file) => formatDate(file.createdAt),
    },
  ];
  if (canDownload)
    columns.push({
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      width: screens.sm ? undefined : 56,
      render: (_, file) => (
        <Button
          icon={<DownloadOutlined aria-hidden />}
          onClick={() => void downloads.downloadFile(file)}
          loading={downloads.isDownloading(file.id)}
          aria-label={`Download ${file.title}`}
          data-testid="download-file"
        >
          {screens.sm ? 'Download' : null}
        </Button>
      ),
    });

  const listError = error ? toApiError(error) : undefined;
  return (
    <Flex vertical gap={16}>
      <FileListToolbar
        searchText={list.searchText}
        onSearchText={list.setSearchText}
        searchPlaceholder="Search by title or file name"
        range={list.state.range}
        onRange={list.setRange}
        dateLabel="Published"
        actions={
          canDownload ? (
            <Button
              icon={<FileZipOutlined aria-hidden />}
              disabled={selected.length === 0}
              loading={downloads.isZipping}
              onClick={() => void downloads.downloadZip(selected)}
              data-testid="download-zip"
            >
              {selected.length > 0 ? `Download ${selected.length} as zip` : 'Download as zip'}
            </Button>
          ) : null
        }
      />
      {listError ? <FilesError error={listError} onRetry={() => void refetch()} /> : null}
      <Table<PublishedFile>
        rowKey="id"
        size={screens.sm ? undefined : 'small'}
        columns={columns}
        dataSource={listError ? [] : (currentData?.records ?? [])}
        loading={isFetching}
        onChange={list.onTableChange}
        rowSelection={
          canDownload
            ? {
                selectedRowKeys: selected,
                preserveSelectedRowKeys: true,
                onChange: (keys) => setSelection({ siteId, keys: keys.map(String) }),
                getCheckboxProps: (file) => ({ 'aria-label': `Select ${file.title}` }),
              }
            : undefined
        }
        pagination={{
          current: list.state.page,
          pageSize: list.state.pageSize,
          total: currentData?.totalRecordCount ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (total, [from, to]) => `${from}–${to} of ${total} files`,
          hideOnSinglePage: false,
          size: screens.sm ? undefined : 'small',
        }}
        locale={{
          emptyText:
            isFetching && !currentData ? (
              <span style={{ color: '#595959' }}>Loading the files…</span>
            ) : (
              <FilesEmpty
                filtered={list.isFiltered}
                emptyText="Your firm has not published any files to this site yet. When it does, they appear here."
                onClearFilters={list.clearFilters}
              />
            ),
        }}
        data-testid="published-files-table"
      />
    </Flex>
  );
}
