import { BellOutlined, FileSearchOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { LIMITS, REQUEST_STATUSES, type RequestStatus, type StaffRequestSummary } from '@portico/contracts';
import {
  actionsColumn,
  LIVE_LIST,
  ListFilterBar,
  ListTable,
  notify,
  titleColumn,
  toApiError,
  useListState,
} from '@portico/web-shell';
import { Button, Progress, Select } from 'antd';
import { useState } from 'react';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { ConsolePage } from '../../../components/console-page.tsx';
import { RowAction, RowActions } from '../../../components/row-actions.tsx';
import { SiteFilter } from '../../../components/site-select.tsx';
import { ToneTag } from '../../../components/tone-tag.tsx';
import { useTenant } from '../../../hooks/use-tenant.ts';
import { useCancelRequestMutation, useGetRequestsQuery, useSendReminderMutation } from '../api/requests.ts';
import { CreateRequestDrawer } from './create-request-drawer.tsx';
import { ReminderSettingsCard } from './reminder-settings-card.tsx';
import { ReviewDrawer } from './review-drawer.tsx';

const STATUS_LABELS: Record<RequestStatus, string> = {
  open: 'Open',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
const today = () => new Date().toISOString().slice(0, 10);

/** `/requests`: what the firm asked its clients for, overdue first, with progress; review, remind, withdraw. */
export default function RequestsPage() {
  const { tenant, ready } = useTenant();
  const list = useListState({
    pageSize: LIMITS.siteListPageSize,
    filters: { siteId: undefined as string | undefined, status: 'open' as RequestStatus },
  });
  const { siteId, status } = list.filters;
  const [from, to] = list.state.range ?? [null, null];
  const [creating, setCreating] = useState(false);
  const [reviewing, setReviewing] = useState<string | undefined>();
  const [cancel, cancelling] = useCancelRequestMutation();
  const [remind, reminding] = useSendReminderMutation();

  const requests = useGetRequestsQuery(
    {
      tenant,
      limit: list.query.limit,
      offset: list.query.offset,
      status,
      ...(list.query.search ? { search: list.query.search } : {}),
      ...(siteId ? { siteId } : {}),
      ...(from ? { dueAfter: from } : {}),
      ...(to ? { dueBefore: to } : {}),
    },
    { skip: !ready, ...LIVE_LIST },
  );

  const fail = (title: string) => (error: unknown) => notify.error(title, toApiError(error).message);
  const actionsOf = (r: StaffRequestSummary) => (
    <RowActions>
      <RowAction
        label={`Review ${r.title} for ${r.siteName}`}
        icon={<FileSearchOutlined aria-hidden />}
        onClick={() => setReviewing(r.id)}
      >
        Review
      </RowAction>
      {r.status === 'open' ? (
        <>
          <RowAction
            label={`Remind ${r.siteName} of ${r.title}`}
            icon={<BellOutlined aria-hidden />}
            loading={reminding.isLoading && reminding.originalArgs?.id === r.id}
            onClick={() =>
              remind({ id: r.id })
                .unwrap()
                .then(
                  () => notify.success('Reminder sent', `${r.siteName} is reminded of ${r.title}.`),
                  fail('No reminder was sent'),
                )
            }
          >
            Remind
          </RowAction>
          <ConfirmButton
            action="Withdraw"
            subject={`${r.title} for ${r.siteName}`}
            consequence="The client no longer sees it and no reminder follows."
            icon={<StopOutlined aria-hidden />}
            loading={cancelling.isLoading && cancelling.originalArgs?.id === r.id}
            onConfirm={() => cancel({ id: r.id }).unwrap().catch(fail('The request could not be withdrawn'))}
          />
        </>
      ) : null}
    </RowActions>
  );

  return (
    <ConsolePage
      title="Requests"
      icon={<FileSearchOutlined />}
      description="Documents you asked your clients for, overdue first. Clients see them under Requested Documents."
      actions={
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => setCreating(true)}
          data-testid="new-request"
        >
          New request
        </Button>
      }
    >
      <ListFilterBar
        list={list}
        search={{ label: 'Search requests', placeholder: 'Search title or site' }}
        dates={{ label: 'Due', openEnded: true }}
        testIdPrefix="requests"
      >
        <SiteFilter list={list} width={260} />
        <Select
          aria-label="Filter by status"
          value={status}
          options={REQUEST_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
          onChange={(value: RequestStatus) => list.setFilter('status', value)}
          style={{ width: 160 }}
        />
      </ListFilterBar>
      <ListTable<StaffRequestSummary>
        list={list}
        result={requests}
        itemName="request"
        empty="No request is open. Ask a client for documents with New request."
        emptyFiltered="No request matches these filters."
        columns={[
          titleColumn('Request', (r) => ({
            title: r.title,
            subtitle: r.siteName,
            note: `Due ${r.dueDate}`,
            narrow: actionsOf(r),
          })),
          {
            title: 'Due',
            key: 'dueDate',
            responsive: ['sm'],
            render: (_value, r) =>
              r.status === 'open' && r.dueDate < today() ? (
                <ToneTag tone="danger">Overdue {r.dueDate}</ToneTag>
              ) : (
                r.dueDate
              ),
          },
          {
            title: 'Progress',
            key: 'progress',
            responsive: ['md'],
            render: (_value, r) => (
              <div data-testid="request-progress" style={{ minWidth: 160 }}>
                <Progress
                  aria-label={`${r.itemsReceived} of ${r.itemsTotal} received, ${r.itemsAccepted} accepted`}
                  size="small"
                  percent={r.itemsTotal ? Math.round((100 * r.itemsReceived) / r.itemsTotal) : 0}
                  success={{ percent: r.itemsTotal ? Math.round((100 * r.itemsAccepted) / r.itemsTotal) : 0 }}
                  showInfo={false}
                />
                <span>
                  {r.itemsReceived}/{r.itemsTotal} received · {r.itemsAccepted} accepted
                </span>
              </div>
            ),
          },
          {
            title: 'Status',
            key: 'status',
            responsive: ['lg'],
            render: (_value, r) => STATUS_LABELS[r.status],
          },
          actionsColumn(actionsOf),
        ]}
      />
      <ReminderSettingsCard />
      <CreateRequestDrawer open={creating} onClose={() => setCreating(false)} />
      <ReviewDrawer requestId={reviewing} onClose={() => setReviewing(undefined)} />
    </ConsolePage>
  );
}
