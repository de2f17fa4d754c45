import { MailOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  MAIL_STATE_LABELS,
  MAIL_STATES,
  type MailState,
  NOTIFICATION_KINDS,
  type StaffMail,
} from '@portico/contracts';
import { ChoiceFilter, formatDateTime, ListFilterBar, ListTable, useListState } from '@portico/web-shell';
import { Button, Flex, Typography } from 'antd';
import { ConsolePage } from '../../../components/console-page.tsx';
import { type Tone, ToneTag } from '../../../components/tone-tag.tsx';
import { useTenant } from '../../../hooks/use-tenant.ts';
import { useGetStaffMailQuery } from '../api/mail.ts';

const STATE_OPTIONS = MAIL_STATES.map((value) => ({ value, label: MAIL_STATE_LABELS[value] }));
const STATE_TONES: Record<MailState, Tone> = {
  pending: 'warning',
  sending: 'info',
  sent: 'success',
  failed: 'danger',
  skipped: 'neutral',
};

const kindLabel = (kind: string) =>
  kind in NOTIFICATION_KINDS ? NOTIFICATION_KINDS[kind as keyof typeof NOTIFICATION_KINDS].label : kind;

const muted = { color: '#595959', fontSize: 12 } as const;

/** `/mail`: the firm's outbox: what was sent, what waits for its batch or its next attempt, what failed and why. */
export default function MailPage() {
  const { tenant, ready } = useTenant();
  const list = useListState({ pageSize: 20, filters: { states: [] as MailState[] } });
  const { states } = list.filters;
  const { limit, offset, search } = list.query;
  const mail = useGetStaffMailQuery(
    { tenant, limit, offset, ...(search ? { search } : {}), ...(states.length ? { state: states } : {}) },
    { skip: !ready },
  );

  return (
    <ConsolePage
      title="Mail"
      icon={<MailOutlined />}
      description="Every e-mail the portal sends for the firm, newest first: sent, waiting, being retried or failed."
      actions={
        <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void mail.refetch()} disabled={!ready}>
          Refresh
        </Button>
      }
    >
      <ListFilterBar list={list} search={{ label: 'Search mail', placeholder: 'Recipient or subject' }}>
        <ChoiceFilter
          list={list}
          name="states"
          noun="state"
          options={STATE_OPTIONS}
          style={{ minWidth: 200 }}
        />
      </ListFilterBar>
      <ListTable<StaffMail>
        list={list}
        result={mail}
        itemName="mail"
        errorTitle="The outbox could not be loaded"
        data-testid="mail-table"
        empty="The portal has not sent any mail for the firm yet."
        emptyFiltered="No mail matches these filters."
        columns={[
          {
            title: 'Written (UTC)',
            dataIndex: 'createdAt',
            render: (iso: string) => formatDateTime(iso),
          },
          {
            title: 'Mail',
            key: 'mail',
            render: (_value, row) => (
              <Flex vertical>
                <span>{row.subject ?? kindLabel(row.kind)}</span>
                <Typography.Text style={muted}>
                  to {row.recipient}
                  {row.events > 1 ? ` · ${row.events} events in one mail` : ''}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            title: 'State',
            key: 'state',
            render: (_value, row) => (
              <Flex vertical align="flex-start">
                <ToneTag tone={STATE_TONES[row.state]} testId="mail-state">
                  {MAIL_STATE_LABELS[row.state]}
                </ToneTag>
                {row.state === 'sent' && row.sentAt ? (
                  <Typography.Text style={muted}>{formatDateTime(row.sentAt)}</Typography.Text>
                ) : null}
                {row.state === 'pending' && row.nextAttemptAt ? (
                  <Typography.Text style={muted}>
                    {row.attempts > 0 ? 'retry' : 'due'} {formatDateTime(row.nextAttemptAt)}
                  </Typography.Text>
                ) : null}
              </Flex>
            ),
          },
          { title: 'Attempts', dataIndex: 'attempts', responsive: ['sm'] },
          {
            title: 'Last error',
            key: 'lastError',
            responsive: ['md'],
            render: (_value, row) =>
              row.lastError ? (
                <Typography.Text style={{ maxWidth: 320 }} ellipsis={{ tooltip: true }}>
                  {row.lastError}
                </Typography.Text>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </ConsolePage>
  );
}
