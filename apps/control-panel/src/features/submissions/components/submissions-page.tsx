import {
  DownloadOutlined,
  EditOutlined,
  FileZipOutlined,
  InboxOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import {
  DATE_FORMAT,
  LIMITS,
  MAX_ZIP_FILES,
  type StaffSubmission,
  SUBMISSION_STATUS_LABELS,
  SUBMISSION_STATUSES,
  type SubmissionStatus,
} from '@portico/contracts';
import {
  type ApiError,
  formatBytes,
  formatDate,
  notify,
  QueryErrorAlert,
  useDownload,
} from '@portico/web-shell';
import { Button, DatePicker, Empty, Flex, Grid, Input, Select, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header.tsx';
import { SiteSelect } from '../../../components/site-select.tsx';
import { useDebouncedSearch } from '../../../hooks/use-debounced-value.ts';
import { useTenant } from '../../../hooks/use-tenant.ts';
import { countOf, dayRange } from '../../../lib/format.ts';
import { useGetSubmissionsQuery } from '../api/submissions.ts';
import { StatusModal } from './status-modal.tsx';
import { StatusTag } from './status-tag.tsx';

const PAGE_SIZE = LIMITS.siteListPageSize;
const downloadUrl = (id: string) => `api/staff/submissions/${encodeURIComponent(id)}/download`;

/** `/submissions`: what clients sent, across sites; filter, download, zip, and set a status they see. */
export default function SubmissionsPage() {
  const { tenant, ready } = useTenant();
  const [siteId, setSiteId] = useState<string | undefined>();
  const [statuses, setStatuses] = useState<SubmissionStatus[]>([]);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const [statusOf, setStatusOf] = useState<StaffSubmission | undefined>();
  const debounced = useDebouncedSearch(search.trim());
  const { download, busy } = useDownload();
  const screens = Grid.useBreakpoint();

  const submissions = useGetSubmissionsQuery(
    {
      tenant,
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
      ...(siteId ? { siteId } : {}),
      ...(statuses.length ? { status: statuses } : {}),
      ...(debounced ? { search: debounced } : {}),
      ...dayRange(range),
    },
    { skip: !ready },
  );
  const filtered = (change: () => void) => {
    change();
    setPage(1);
  };

  const fail = (error: ApiError) => notify.error('The download failed', error.message);
  const downloadOne = (file: StaffSubmission) =>
    download({ service: 'portal', url: downloadUrl(file.id), fallbackName: file.fileName }).catch(fail);
  const downloadZip = () =>
    download({
      service: 'portal',
      url: 'api/staff/submissions/zip',
      method: 'POST',
      body: { fileIds: selected },
      fallbackName: 'Submissions.zip',
      key: 'zip',
    }).catch(fail);

  const actionsOf = (file: StaffSubmission) => (
    <Flex gap={4} wrap>
      <Button
        size="small"
        icon={<DownloadOutlined aria-hidden />}
        loading={busy.has(downloadUrl(file.id))}
        onClick={() => void downloadOne(file)}
        aria-label={`Download ${file.title}`}
      >
        Download
      </Button>
      <Button
        size="small"
        icon={<EditOutlined aria-hidden />}
        onClick={() => setStatusOf(file)}
        aria-label={`Set the status of ${file.title}`}
      >
        Status
      </Button>
    </Flex>
  );

  return (
    <Flex vertical gap={24}>
      <PageHeader
        title="Submissions"
        icon={<InboxOutlined />}
        description="Files your clients sent, across all sites. The status you set is what the client sees."
      />
      <Flex gap={12} wrap align="center" role="group" aria-label="Filters">
        <SiteSelect
          ariaLabel="Filter by site"
          placeholder="All sites"
          allowClear
          includeArchived
          value={siteId}
          onChange={(id) => filtered(() => setSiteId(id))}
          style={{ width: 260 }}
        />
        <Select<SubmissionStatus[]>
          mode="multiple"
          aria-label="Filter by status"
          placeholder="Any status"
          allowClear
          value={statuses}
          onChange={(value) => filtered(() => setStatuses(value))}
          options={SUBMISSION_STATUSES.map((value) => ({ value, label: SUBMISSION_STATUS_LABELS[value] }))}
          style={{ minWidth: 200 }}
        />
        <DatePicker.RangePicker
          format={DATE_FORMAT}
          value={range}
          onChange={(value) => filtered(() => setRange(value))}
          allowEmpty={[true, true]}
          aria-label="Submitted between"
          placeholder={['Submitted from', 'Submitted to']}
        />
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          placeholder="Search title, file, reference or client"
          aria-label="Search submissions"
          value={search}
          onChange={(event) => filtered(() => setSearch(event.target.value))}
          style={{ maxWidth: 320 }}
        />
      </Flex>
      <Flex gap={12} wrap align="center">
        <Button
          icon={<FileZipOutlined aria-hidden />}
          disabled={selected.length === 0 || selected.length > MAX_ZIP_FILES}
          loading={busy.has('zip')}
          onClick={() => void downloadZip()}
        >
          {selected.length > 0 ? `Download ${selected.length} as zip` : 'Download as zip'}
        </Button>
        {selected.length > 0 ? (
          <Button type="link" onClick={() => setSelected([])}>
            Clear selection
          </Button>
        ) : (
          <Typography.Text style={{ color: '#595959' }}>
            Select files to download them together.
          </Typography.Text>
        )}
      </Flex>
      {submissions.error ? (
        <QueryErrorAlert
          title="The submissions could not be loaded"
          error={submissions.error}
          onRetry={() => void submissions.refetch()}
        />
      ) : (
        <Table<StaffSubmission>
          rowKey="id"
          loading={submissions.isFetching}
          dataSource={submissions.currentData?.records ?? []}
          // No `scroll.x`: with it antd measures the column titles (the select-all checkbox too) in an
          // aria-hidden row, which leaves a focusable element hidden from assistive technology.
          data-testid="submissions-table"
          rowSelection={{
            selectedRowKeys: selected,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setSelected(keys.map(String)),
            getTitleCheckboxProps: () => ({ 'aria-label': 'Select all on this page' }),
            getCheckboxProps: (file) => ({ 'aria-label': `Select ${file.title}` }),
          }}
          locale={{ emptyText: <Empty description="No submission matches these filters." /> }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: submissions.currentData?.totalRecordCount ?? 0,
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
                  <Typography.Text style={{ color: '#595959' }}>
                    {file.fileName} · {formatBytes(file.size)}
                  </Typography.Text>
                  {screens.md ? null : (
                    <>
                      <Typography.Text style={{ color: '#595959', fontSize: 12 }}>
                        {file.siteName} · {formatDate(file.createdAt)}
                      </Typography.Text>
                      <StatusTag status={file.status} note={file.statusNote} />
                      {actionsOf(file)}
                    </>
                  )}
                </Flex>
              ),
            },
            { title: 'Site', dataIndex: 'siteName', responsive: ['md'] },
            {
              title: 'Submitted by',
              key: 'submittedBy',
              responsive: ['lg'],
              render: (_value, file) => file.submittedBy?.name ?? 'Removed account',
            },
            {
              title: 'Submitted',
              dataIndex: 'createdAt',
              responsive: ['sm'],
              render: (iso: string) => formatDate(iso),
            },
            {
              title: 'Status',
              key: 'status',
              responsive: ['md'],
              render: (_value, file) => <StatusTag status={file.status} note={file.statusNote} />,
            },
            {
              title: 'Actions',
              key: 'actions',
              responsive: ['md'],
              render: (_value, file) => actionsOf(file),
            },
          ]}
        />
      )}
      <StatusModal file={statusOf} onClose={() => setStatusOf(undefined)} />
    </Flex>
  );
}
