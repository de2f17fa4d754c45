import { AuditOutlined, DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import type { AuditEvent } from '@portico/contracts';
import {
  type ApiError,
  ChoiceFilter,
  EmailAddress,
  formatDateTime,
  ListFilterBar,
  ListTable,
  notify,
  useDownload,
  useListState,
} from '@portico/web-shell';
import { Button, Flex, Grid, Typography } from 'antd';
import { ConsolePage } from '../../../components/console-page.tsx';
import { SiteFilter } from '../../../components/site-select.tsx';
import { useTenant } from '../../../hooks/use-tenant.ts';
import { AUDIT_ACTION_LABELS, auditActionLabel, summariseDetail } from '../action-labels.ts';
import { useGetAuditEventsQuery } from '../api/audit.ts';

const ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({
  value,
  label: `${label} (${value})`,
}));

/** `/audit-log`: who uploaded, saved, published, downloaded, deleted or changed what, and when; CSV export. */
export default function AuditLogPage() {
  const { tenant, ready } = useTenant();
  const list = useListState({
    pageSize: 20,
    filters: { siteId: undefined as string | undefined, actions: [] as string[] },
  });
  const { siteId, actions } = list.filters;
  const { download, busy } = useDownload();
  const screens = Grid.useBreakpoint();

  // The list's search is the person filter; the CSV export takes the same filters without the paging.
  const { limit, offset, search: person, ...dates } = list.query;
  const filters = {
    ...(siteId ? { siteId } : {}),
    ...(person ? { person } : {}),
    ...(actions.length ? { action: actions } : {}),
    ...dates,
  };
  const events = useGetAuditEventsQuery({ tenant, ...filters, limit, offset }, { skip: !ready });

  const exportCsv = () =>
    download({
      service: 'user',
      url: 'api/staff/audit-events.csv',
      params: filters,
      fallbackName: `audit-log ${tenant}.csv`,
      key: 'csv',
    }).catch((error: ApiError) => notify.error('The export failed', error.message));

  return (
    <ConsolePage
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
    >
      <ListFilterBar
        list={list}
        search={{ label: 'Filter by person', placeholder: 'Person: name or e-mail' }}
        dates={{ label: 'Events', openEnded: true }}
      >
        <SiteFilter list={list} width={240} />
        <ChoiceFilter
          list={list}
          name="actions"
          noun="action"
          options={ACTION_OPTIONS}
          style={{ minWidth: 240 }}
        />
      </ListFilterBar>
      <ListTable<AuditEvent>
        list={list}
        result={events}
        itemName="event"
        errorTitle="The audit log could not be loaded"
        // Columns give way on narrow screens rather than scrolling: a scroll region needs something to focus.
        data-testid="audit-table"
        empty="Nothing has been recorded yet: what people do with the firm's sites and files appears here."
        emptyFiltered="No event matches these filters."
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
                    <EmailAddress email={event.actor.email} />
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
    </ConsolePage>
  );
}
