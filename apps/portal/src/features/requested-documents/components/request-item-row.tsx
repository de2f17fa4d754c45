import { PaperClipOutlined } from '@ant-design/icons';
import { REQUEST_ITEM_STATUS_LABELS, type RequestItem, type RequestItemStatus } from '@portico/contracts';
import { formatBytes, notify, toApiError } from '@portico/web-shell';
import { Alert, Button, Flex, Input, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useMarkNotApplicableMutation, useReopenItemMutation } from '../api/requests.ts';
import { ItemUploads } from './item-uploads.tsx';

/** Colours with at least 4.5:1 contrast for the tag's small text (as Submitted Files' statuses). */
const STATUS_STYLES: Record<RequestItemStatus, { color: string; background: string; borderColor: string }> = {
  open: { color: '#434343', background: '#FAFAFA', borderColor: '#D9D9D9' },
  received: { color: '#0958D9', background: '#E6F4FF', borderColor: '#91CAFF' },
  accepted: { color: '#135200', background: '#F6FFED', borderColor: '#B7EB8F' },
  rejected: { color: '#A8071A', background: '#FFF1F0', borderColor: '#FFA39E' },
  not_applicable: { color: '#434343', background: '#F5F5F5', borderColor: '#D9D9D9' },
};

/** One line of the checklist: what is asked, where it is, what the firm said, and what the client can do. */
export function RequestItemRow({
  tenant,
  siteId,
  requestId,
  item,
  canUpload,
  closed = false,
}: {
  tenant: string;
  siteId: string;
  requestId: string;
  item: RequestItem;
  canUpload: boolean;
  /** The request is completed or withdrawn: the item is shown as it ended, with nothing to do. */
  closed?: boolean;
}) {
  const [markNotApplicable, marking] = useMarkNotApplicableMutation();
  const [reopen, reopening] = useReopenItemMutation();
  const [comment, setComment] = useState<string | null>(null);
  const target = { tenant, requestId, itemId: item.id };
  const uploadable =
    !closed &&
    canUpload &&
    (item.status === 'open' || item.status === 'rejected' || (item.status === 'received' && item.multiple));
  const optionalOpen = !closed && !item.required && (item.status === 'open' || item.status === 'rejected');

  const fail = (reason: unknown) => notify.error('The item could not be changed', toApiError(reason).message);
  const submitComment = () => {
    if (!comment?.trim()) return;
    markNotApplicable({ ...target, comment: comment.trim() })
      .unwrap()
      .then(() => setComment(null), fail);
  };

  return (
    <li
      style={{ padding: '12px 0', borderBottom: '1px solid #f0f0f0' }}
      data-testid="request-item"
      data-item-name={item.name}
      data-status={item.status}
    >
      <Flex vertical gap={6}>
        <Flex gap={8} align="baseline" wrap>
          <Typography.Text strong>{item.name}</Typography.Text>
          <Tag style={{ ...STATUS_STYLES[item.status], marginInlineEnd: 0 }} data-testid="item-status">
            {REQUEST_ITEM_STATUS_LABELS[item.status]}
          </Tag>
          <Typography.Text style={{ color: '#595959', fontSize: 12 }}>
            {item.required ? 'Required' : 'Optional'} · {item.multiple ? 'several files' : 'one file'}
          </Typography.Text>
        </Flex>
        {item.description ? (
          <Typography.Text style={{ color: '#595959' }}>{item.description}</Typography.Text>
        ) : null}
        {!closed && item.status === 'rejected' && item.staffNote ? (
          <Alert
            type="warning"
            showIcon
            title="Please send it again"
            description={item.staffNote}
            data-testid="staff-note"
          />
        ) : null}
        {item.status === 'not_applicable' && item.clientComment ? (
          <Typography.Text style={{ color: '#595959' }}>Your comment: {item.clientComment}</Typography.Text>
        ) : null}
        {item.files.length ? (
          <ul
            aria-label={`Files sent for ${item.name}`}
            style={{ margin: 0, paddingLeft: 0, listStyle: 'none' }}
          >
            {item.files.map((f) => (
              <li key={f.id}>
                <PaperClipOutlined aria-hidden /> {f.fileName}{' '}
                <Typography.Text style={{ color: '#595959', fontSize: 12 }}>
                  {formatBytes(f.size)} · {f.createdAt.slice(0, 10)}
                </Typography.Text>
              </li>
            ))}
          </ul>
        ) : null}
        <Flex gap={8} wrap align="flex-start">
          {uploadable ? (
            <ItemUploads tenant={tenant} siteId={siteId} requestId={requestId} item={item} />
          ) : null}
          {optionalOpen && comment === null ? (
            <Button onClick={() => setComment('')} data-testid="item-not-applicable">
              Not applicable
            </Button>
          ) : null}
          {!closed && item.status === 'not_applicable' ? (
            <Button loading={reopening.isLoading} onClick={() => reopen(target).unwrap().catch(fail)}>
              Undo "not applicable"
            </Button>
          ) : null}
        </Flex>
        {comment !== null ? (
          <Flex vertical gap={6} style={{ maxWidth: 520 }}>
            <Input.TextArea
              aria-label={`Why ${item.name} does not apply`}
              placeholder="Tell the firm why this does not apply"
              value={comment}
              maxLength={2000}
              onChange={(e) => setComment(e.target.value)}
              data-testid="not-applicable-comment"
            />
            <Flex gap={8}>
              <Button
                type="primary"
                disabled={!comment.trim()}
                loading={marking.isLoading}
                onClick={submitComment}
                data-testid="not-applicable-confirm"
              >
                Mark not applicable
              </Button>
              <Button onClick={() => setComment(null)}>Cancel</Button>
            </Flex>
          </Flex>
        ) : null}
      </Flex>
    </li>
  );
}
