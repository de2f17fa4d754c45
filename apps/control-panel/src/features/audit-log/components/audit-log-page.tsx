import { AuditOutlined, DownloadOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { type AuditEvent, DATE_FORMAT } from '@portico/contracts';
import { type ApiError, notify, QueryErrorAlert, useDownload } from '@portico/web-shell';
import { Button, DatePicker, Empty, Flex, Grid, Input, Select, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header.tsx';
import { SiteSelect } from '../../../components/site-select.tsx';
import { useDebouncedSearch } from '../../../hooks/use-debounced-value.ts';
import { useTenant } from '../../../hooks/use-tenant.ts';
import { countOf, dayRange, formatDateTime } from '../../../lib/format.ts';
import { AUDIT_ACTION_LABELS, auditActionLabel, summariseDetail } from '../action-labels.ts';
import { useGetAuditEventsQuery } from '../api/audit.ts';

const PAGE_SIZE = 20;
const ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({
  value,
  label: `${label} (${value})`,
}));

/** `/audit-log`: who uploaded, saved, published, downloaded, deleted or changed what, and when; CSV export. */
export default function AuditLogPage() {
  const { tenant, ready } = useTenant();
  const [siteId, setSiteId] = useState<string | undefined>();
  const [person, setPerson] = useState('');
  const [actions, setActions] = useState<string[]>([]);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [page, setPage] = useState(1);
  const debouncedPerson = useDebouncedSearch(person.trim());
  const { download, busy } = useDownload();
  const screens = Grid.useBreakpoint();

  const filters = {
    ...(siteId ? { siteId } : {}),
    ...(debouncedPerson ? { person: debouncedPerson } : {}),
    ...(actions.length ? { action: actions } : {}),
    ...dayRange(range),
  };
  const events = useGetAuditEventsQuery(
    { tenant, ...filters, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
    { skip: !ready },
  );
  const filtered = (change: () => void) => {
    change();
    setPage(1);
  };

  const exportCsv = () =>
    download({
      service: 'user',
      url: 'api/staff/audit-events.csv',
      params: filters,
      fallbackName: `audit-log ${tenant}.csv`,
      key: 'csv',
    }).catch((error: ApiError) => notify.error('The export failed', error.message));

  return (
    <Flex vertical gap={24}>
      <PageHeader
        title="Audit log"
        icon={<AuditOutlined />}
        description="Everything people did with the firm's sites and files, newest first."
        actions={
          <>
            <Button
              icon={<ReloadOutlined aria-hidden />}
              onClick={() => void events.refetch()}
              disabled={!ready}
            >
              Refresh
            </Button>
            <Button
              type="primary"
              icon={<DownloadOutlined aria-hidden />}
              loading={busy.has('csv')}
              onClick={() => void exportCsv()}
              data-testid="export-csv"
            >
              Export CSV
            </Button>
          </>
        }
      />
      <Flex gap={12} wrap align="center" role="group" aria-label="Filters">
        <SiteSelect
          ariaLabel="Filter by site"
          placeholder="All sites"
          allowClear
          includeArchived
          value={siteId}
          onChange={(id) => filtered(() => setSiteId(id))}
          style={{ width: 240 }}
        />
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          placeholder="Person: name or e-mail"
          aria-label="Filter by person"
          value={person}
          onChange={(event) => filtered(() => setPerson(event.target.value))}
          style={{ maxWidth: 260 }}
        />
        <Select<string[]>
          mode="multiple"
          aria-label="Filter by action"
          placeholder="Any action"
          allowClear
          value={actions}
          onChange={(value) => filtered(() => setActions(value))}
          options={ACTION_OPTIONS}
          maxTagCount="responsive"
          style={{ minWidth: 240, maxWidth: 420 }}
        />
        <DatePicker.RangePicker
          format={DATE_FORMAT}
          value={range}
          onChange={(value) => filtered(() => setRange(value))}
          allowEmpty={[true, true]}
          placeholder={['From', 'To']}
          aria-label="Between"
        />
      </Flex>
      {events.error ? (
        <QueryErrorAlert
          title="The audit log could not be loaded"
          error={events.error}
          onRetry={() => void events.refetch()}
        />
      ) : (
        <Table<AuditEvent>
          rowKey="id"
          loading={events.isFetching}
          dataSource={events.currentData?.records ?? []}
          // Columns give way on narrow screens rather than scrolling: a scroll region needs something to focus.
          data-testid="audit-table"
          locale={{ emptyText: <Empty description="No event matches these filters." /> }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: events.currentData?.totalRecordCount ?? 0,
            showSizeChanger: false,
            showTotal: (total) => countOf(total, 'event'),
            onChange: setPage,
          }}
          columns={[
            {
              title: 'When (UTC)',
              dataIndex: 'occurredAt',
              render: (iso: string) => {
                const [day, time] = formatDateTime(iso).split(' ');
                return (
                  <Flex vertical>
                    <span>{day}</span>
                    <Typography.Text style={{ color: '#595959', fontSize: 12 }}>{time}</Typography.Text>
                  </Flex>
                );
              },
            },
            {
              title: 'Action',
              dataIndex: 'action',
              render: (action: string, event) => (
                <Flex vertical>
                  <span>{auditActionLabel(action)}</span>
                  <Typography.Text style={{ color: '#595959', fontSize: 12 }}>{action}</Typography.Text>
                  {screens.sm ? null : (
                    <Typography.Text style={{ fontSize: 12 }}>
                      by {event.actor?.name ?? 'the system'}
                      {event.site ? ` · ${event.site.name}` : ''}
                    </Typography.Text>
                  )}
                </Flex>
              ),
            },
            {
              title: 'Person',
              key: 'actor',
              responsive: ['sm'],
              render: (_value, event) =>
                event.actor ? (
                  <Flex vertical>
                    <span>{event.actor.name}</span>
                    <Typography.Text style={{ color: '#595959', fontSize: 12 }}>
                      {event.actor.email}
                    </Typography.Text>
                  </Flex>
                ) : (
                  'The system'
                ),
            },
            {
              title: 'Site',
              key: 'site',
              responsive: ['md'],
              render: (_value, event) => event.site?.name ?? '—',
            },
            {
              title: 'File',
              key: 'file',
              responsive: ['lg'],
              render: (_value, event) => (event.file ? `${event.file.title} (${event.file.fileName})` : '—'),
            },
            {
              title: 'Detail',
              key: 'detail',
              responsive: ['xl'],
              render: (_value, event) => (
                <Typography.Text style={{ maxWidth: 320 }} ellipsis={{ tooltip: true }}>
                  {summariseDetail(event.detail) || '—'}
                </Typography.Text>
              ),
            },
          ]}
        />
      )}
    </Flex>
  );
}
