import { DownloadOutlined, FileZipOutlined } from '@ant-design/icons';
import {
  SUBMITTED_FILE_SORT_FIELDS,
  type SubmittedFile,
  type SubmittedFileSortField,
} from '@portico/contracts';
import {
  formatBytes,
  formatDate,
  selectAccessToken,
  selectSelectedSite,
  selectTenant,
  toApiError,
  useShellSelector,
} from '@portico/web-shell';
import { Button, Flex, Grid, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { FilesEmpty, FilesError } from '../../site-files/components/file-list-states.tsx';
import { FileListToolbar } from '../../site-files/components/file-list-toolbar.tsx';
import { VisuallyHidden } from '../../site-files/components/visually-hidden.tsx';
import { useFileDownloads } from '../../site-files/hooks/use-file-downloads.ts';
import { useFileListState } from '../../site-files/hooks/use-file-list-state.ts';
import { buildFileListQuery, PAGE_SIZES, sortableColumn } from '../../site-files/lib/file-list-query.ts';
import { useGetSubmittedFilesQuery } from '../api/get-submitted-files.ts';
import { SubmissionStatusTag } from './submission-status.tsx';

const DEFAULT_SORT = { sortBy: 'createdAt', sortOrder: 'desc' } as const;

const DOWNLOADS = {
  service: 'portal',
  fileUrl: (id: string) => `api/files/submitted/${encodeURIComponent(id)}`,
  zipUrl: 'api/files/submitted/zip',
  zipName: 'Submitted Files.zip',
} as const;

/** The firm's note on a status, when the server sends one. */

/** The files submitted to the selected site: paged, sorted, searched and filtered on the server. */
export function SubmittedFilesTable({ canDownload }: { canDownload: boolean }) {
  const tenant = useShellSelector(selectTenant) ?? '';
  const siteId = useShellSelector(selectSelectedSite);
  const token = useShellSelector(selectAccessToken);
  const screens = Grid.useBreakpoint();
  const list = useFileListState<SubmittedFileSortField>(siteId, SUBMITTED_FILE_SORT_FIELDS, DEFAULT_SORT);
  const query = buildFileListQuery(siteId ?? '', list.state);
  const { currentData, isFetching, error, refetch } = useGetSubmittedFilesQuery(
    { tenant, ...query },
    { skip: !tenant || !siteId || !token },
  );
  const downloads = useFileDownloads(DOWNLOADS);
  const [selection, setSelection] = useState<{ siteId: string | null; keys: string[] }>({ siteId, keys: [] });
  const selected = selection.siteId === siteId ? selection.keys : [];

  const sorting = (field: SubmittedFileSortField, first?: 'ascend' | 'descend') =>
    sortableColumn(field, list.state, first);
  const columns: TableColumnsType<SubmittedFile> = [
    {
      ...sorting('title'),
      title: 'Title',
      render: (_, file) => (
        <Flex vertical gap={2}>
          <Typography.Text strong>{file.title}</Typography.Text>
          {file.fileName !== file.title ? (
            <Typography.Text style={{ color: '#595959', fontSize: 12 }}>{file.fileName}</Typography.Text>
          ) : null}
          {screens.md ? null : (
            <Typography.Text style={{ color: '#595959', fontSize: 12 }}>
              {formatBytes(file.size)} · {formatDate(file.createdAt)}
            </Typography.Text>
          )}
          {screens.sm ? null : <SubmissionStatusTag status={file.status} note={file.statusNote} />}
        </Flex>
      ),
    },
    {
      ...sorting('referenceNumber'),
      title: 'Reference',
      dataIndex: 'referenceNumber',
      responsive: ['xl'],
      render: (reference: string) => <Typography.Text code>{reference}</Typography.Text>,
    },
    {
      ...sorting('status'),
      title: 'Status',
      responsive: ['sm'],
      render: (_, file) => <SubmissionStatusTag status={file.status} note={file.statusNote} />,
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
      title: 'Submitted',
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
      <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
        Your submitted files
      </Typography.Title>
      <FileListToolbar
        searchText={list.searchText}
        onSearchText={list.setSearchText}
        searchPlaceholder="Search by title, file name or reference"
        range={list.state.range}
        onRange={list.setRange}
        dateLabel="Submitted"
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
      <Table<SubmittedFile>
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
          size: screens.sm ? undefined : 'small',
        }}
        locale={{
          emptyText:
            isFetching && !currentData ? (
              <span style={{ color: '#595959' }}>Loading the files…</span>
            ) : (
              <FilesEmpty
                filtered={list.isFiltered}
                emptyText="No files have been submitted to this site yet. Files you send with the uploader above appear here once saved."
                onClearFilters={list.clearFilters}
              />
            ),
        }}
        data-testid="submitted-files-table"
      />
    </Flex>
  );
}
