import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { REQUEST_ITEM_STATUS_LABELS, type RequestItem, type RequestItemStatus } from '@portico/contracts';
import { formatBytes, notify, QueryErrorAlert, toApiError, useFileDownloads } from '@portico/web-shell';
import { Button, Drawer, Flex, Input, Spin, Typography } from 'antd';
import { useState } from 'react';
import { DownloadAction } from '../../../components/row-actions.tsx';
import { type Tone, ToneTag } from '../../../components/tone-tag.tsx';
import { useTenant } from '../../../hooks/use-tenant.ts';
import { useGetRequestQuery, useReviewItemMutation } from '../api/requests.ts';

const TONES: Record<RequestItemStatus, Tone> = {
  open: 'neutral',
  received: 'info',
  accepted: 'success',
  rejected: 'danger',
  not_applicable: 'warning',
};

// Files sent against an item are Submitted Files: the staff's submission tickets serve them (a native download).
const DOWNLOADS = {
  service: 'portal',
  ticketsUrl: 'api/staff/submissions/download-tickets',
  zip: true,
} as const;

function ItemReview({ requestId, item, open }: { requestId: string; item: RequestItem; open: boolean }) {
  const [review, reviewing] = useReviewItemMutation();
  const [note, setNote] = useState<string | null>(null);
  const downloads = useFileDownloads(DOWNLOADS);
  const reviewable = open && (item.status === 'received' || item.status === 'not_applicable');
  const decide = (decision: 'accept' | 'reject') =>
    review({ requestId, itemId: item.id, body: { decision, ...(note?.trim() ? { note: note.trim() } : {}) } })
      .unwrap()
      .then(() => setNote(null))
      .catch((error: unknown) => notify.error('The item could not be reviewed', toApiError(error).message));

  return (
    <li
      style={{ padding: '12px 0', borderBottom: '1px solid #f0f0f0' }}
      data-testid="review-item"
      data-item-name={item.name}
      data-status={item.status}
    >
      <Flex vertical gap={6}>
        <Flex gap={8} align="baseline" wrap>
          <Typography.Text strong>{item.name}</Typography.Text>
          <ToneTag tone={TONES[item.status]}>{REQUEST_ITEM_STATUS_LABELS[item.status]}</ToneTag>
          <Typography.Text style={{ color: '#595959', fontSize: 12 }}>
            {item.required ? 'Required' : 'Optional'} · {item.multiple ? 'several files' : 'one file'}
          </Typography.Text>
        </Flex>
        {item.clientComment ? <Typography.Text>Client: {item.clientComment}</Typography.Text> : null}
        {item.staffNote ? (
          <Typography.Text style={{ color: '#595959' }}>Your note: {item.staffNote}</Typography.Text>
        ) : null}
        {item.files.map((file) => (
          <Flex key={file.id} gap={8} align="center" wrap>
            <Typography.Text>{file.fileName}</Typography.Text>
            <Typography.Text style={{ color: '#595959', fontSize: 12 }}>
              {formatBytes(file.size)} · {file.createdAt.slice(0, 10)}
            </Typography.Text>
            <DownloadAction downloads={downloads} file={file} />
          </Flex>
        ))}
        {reviewable ? (
          <Flex vertical gap={6}>
            {note !== null ? (
              <Input.TextArea
                aria-label={`Why ${item.name} is rejected`}
                placeholder="Tell the client what is wrong"
                value={note}
                maxLength={2000}
                onChange={(e) => setNote(e.target.value)}
                data-testid="reject-note"
              />
            ) : null}
            <Flex gap={8}>
              <Button
                icon={<CheckOutlined aria-hidden />}
                loading={reviewing.isLoading}
                onClick={() => void decide('accept')}
                data-testid="accept-item"
              >
                Accept
              </Button>
              {note === null ? (
                <Button
                  danger
                  icon={<CloseOutlined aria-hidden />}
                  onClick={() => setNote('')}
                  data-testid="reject-item"
                >
                  Reject…
                </Button>
              ) : (
                <>
                  <Button
                    danger
                    type="primary"
                    disabled={!note.trim()}
                    loading={reviewing.isLoading}
                    onClick={() => void decide('reject')}
                    data-testid="confirm-reject"
                  >
                    Reject with this note
                  </Button>
                  <Button onClick={() => setNote(null)}>Cancel</Button>
                </>
              )}
            </Flex>
          </Flex>
        ) : null}
      </Flex>
    </li>
  );
}

/** One request's items, each accepted or rejected with a note the client reads. */
export function ReviewDrawer({ requestId, onClose }: { requestId: string | undefined; onClose: () => void }) {
  const { tenant, ready } = useTenant();
  const request = useGetRequestQuery({ tenant, id: requestId ?? '' }, { skip: !ready || !requestId });
  const data = requestId && request.currentData?.id === requestId ? request.currentData : undefined;
  return (
    <Drawer title={data ? data.title : 'Request'} open={!!requestId} onClose={onClose} size="large">
      {request.error ? (
        <QueryErrorAlert title="The request could not be loaded" error={request.error} />
      ) : null}
      {!data ? (
        <Spin />
      ) : (
        <Flex vertical gap={12} data-testid="review-drawer" data-request-status={data.status}>
          <Typography.Text>
            {data.siteName} · due {data.dueDate} ·{' '}
            <span data-testid="request-status">
              {data.status === 'open' ? 'Open' : data.status === 'completed' ? 'Completed' : 'Cancelled'}
            </span>
          </Typography.Text>
          {data.note ? <Typography.Paragraph>{data.note}</Typography.Paragraph> : null}
          <ul aria-label="Items" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {data.items.map((item) => (
              <ItemReview key={item.id} requestId={data.id} item={item} open={data.status === 'open'} />
            ))}
          </ul>
        </Flex>
      )}
    </Drawer>
  );
}
