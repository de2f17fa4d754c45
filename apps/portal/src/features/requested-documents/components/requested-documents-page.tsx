import { FileSearchOutlined } from '@ant-design/icons';
import type { DocumentRequest, SiteRequestView } from '@portico/contracts';
import {
  LIVE_LIST,
  PageSpinner,
  QueryErrorAlert,
  selectSelectedSite,
  selectTenant,
  useSelectedSite,
  useShellSelector,
} from '@portico/web-shell';
import { Card, Empty, Flex, Progress, Segmented, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useGetSiteRequestsQuery } from '../api/requests.ts';
import { RequestItemRow } from './request-item-row.tsx';

const today = () => new Date().toISOString().slice(0, 10);

function RequestCard({
  tenant,
  request,
  canUpload,
}: {
  tenant: string;
  request: DocumentRequest;
  canUpload: boolean;
}) {
  const closed = request.status !== 'open';
  const overdue = !closed && request.dueDate < today();
  const percent = request.itemsTotal ? Math.round((100 * request.itemsReceived) / request.itemsTotal) : 0;
  return (
    <Card
      size="small"
      data-testid="document-request"
      data-request-title={request.title}
      title={
        <Flex gap={8} align="center" wrap>
          <span style={{ fontWeight: 600 }}>{request.title}</span>
          {closed ? (
            <Tag color={request.status === 'completed' ? 'success' : 'default'} data-testid="request-status">
              {request.status === 'completed'
                ? `Completed ${request.completedAt?.slice(0, 10) ?? ''}`.trim()
                : 'Withdrawn by the firm'}
            </Tag>
          ) : (
            <Tag color={overdue ? 'error' : 'default'}>
              {overdue ? 'Overdue since' : 'Due'} {request.dueDate}
            </Tag>
          )}
        </Flex>
      }
    >
      <Flex vertical gap={8}>
        {request.note ? (
          <Typography.Paragraph style={{ marginBottom: 0 }}>{request.note}</Typography.Paragraph>
        ) : null}
        <Flex gap={12} align="center">
          <Progress
            percent={percent}
            size="small"
            showInfo={false}
            aria-label={`${request.itemsReceived} of ${request.itemsTotal} items answered`}
            style={{ flex: '0 1 240px', marginBlock: 0 }}
          />
          <Typography.Text>
            {request.itemsReceived} of {request.itemsTotal} answered
          </Typography.Text>
        </Flex>
        <ul aria-label={`Items of ${request.title}`} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {request.items.map((item) => (
            <RequestItemRow
              key={item.id}
              tenant={tenant}
              siteId={request.siteId}
              requestId={request.id}
              item={item}
              canUpload={canUpload}
              closed={closed}
            />
          ))}
        </ul>
      </Flex>
    </Card>
  );
}

/** `/requestedDocuments`: what the firm asked the selected site for, as a checklist. */
export default function RequestedDocumentsPage() {
  const tenant = useShellSelector(selectTenant);
  const siteId = useShellSelector(selectSelectedSite);
  const { site } = useSelectedSite();
  const [view, setView] = useState<SiteRequestView>('open');
  const query = useGetSiteRequestsQuery(
    { tenant: tenant ?? '', siteId: siteId ?? '', view },
    { skip: !tenant || !siteId, ...LIVE_LIST },
  );
  const canUpload = site?.fileAreaSettings.internalFilesUpload ?? false;

  if (query.isLoading && !query.data) return <PageSpinner label="Loading the requests…" />;
  const records = query.currentData?.records;
  return (
    <Flex vertical gap={16} data-testid="requested-documents">
      <Flex align="center" gap={12} wrap>
        <FileSearchOutlined aria-hidden style={{ fontSize: 24 }} />
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          Requested Documents
        </Typography.Title>
      </Flex>
      {site ? (
        <Typography.Text style={{ color: '#595959' }}>What {site.name} is asked to send</Typography.Text>
      ) : null}
      <Segmented<SiteRequestView>
        value={view}
        onChange={setView}
        options={[
          { value: 'open', label: 'Open' },
          { value: 'closed', label: 'Completed' },
        ]}
        aria-label="Which requests"
        style={{ alignSelf: 'flex-start' }}
      />
      {query.error ? (
        <QueryErrorAlert
          title="The requests could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {records && records.length === 0 ? (
        <Empty
          description={
            view === 'open'
              ? 'Nothing is asked of you right now.'
              : 'No request is completed or withdrawn yet.'
          }
        />
      ) : null}
      {view === 'open' && !canUpload && records?.length ? (
        <Typography.Text>
          Uploads are turned off for this site; ask the firm how to send the documents.
        </Typography.Text>
      ) : null}
      {(records ?? []).map((request) => (
        <RequestCard key={request.id} tenant={tenant ?? ''} request={request} canUpload={canUpload} />
      ))}
    </Flex>
  );
}
