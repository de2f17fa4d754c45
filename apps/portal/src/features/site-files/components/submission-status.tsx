import { SUBMISSION_STATUS_LABELS, type SubmissionStatus } from '@portico/contracts';
import { Flex, Tag, Typography } from 'antd';

/** Colours with at least 4.5:1 contrast for the tag's small text. */
const STATUS_STYLES: Record<SubmissionStatus, { color: string; background: string; border: string }> = {
  received: { color: '#0958D9', background: '#E6F4FF', border: '#91CAFF' },
  in_review: { color: '#874D00', background: '#FFFBE6', border: '#FFE58F' },
  accepted: { color: '#135200', background: '#F6FFED', border: '#B7EB8F' },
  rejected: { color: '#A8071A', background: '#FFF1F0', border: '#FFA39E' },
};

const isKnown = (status: string): status is SubmissionStatus => status in STATUS_STYLES;

/** Where the firm is with a submitted file, with the firm's note under it (a rejection always has one). */
export function SubmissionStatusTag({ status, note }: { status: string; note?: string | null | undefined }) {
  const style = isKnown(status) ? STATUS_STYLES[status] : STATUS_STYLES.received;
  const label = isKnown(status) ? SUBMISSION_STATUS_LABELS[status] : status;
  return (
    <Flex vertical gap={4} align="flex-start">
      <Tag
        style={{
          color: style.color,
          background: style.background,
          borderColor: style.border,
          marginInlineEnd: 0,
        }}
        data-testid="submission-status"
      >
        {label}
      </Tag>
      {note ? (
        <Typography.Text style={{ fontSize: 12, color: '#595959', maxWidth: 260 }} data-testid="status-note">
          Note: {note}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
