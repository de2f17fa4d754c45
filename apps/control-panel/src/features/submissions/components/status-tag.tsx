import { SUBMISSION_STATUS_LABELS, type SubmissionStatus } from '@portico/contracts';
import { Flex, Typography } from 'antd';
import { type Tone, ToneTag } from '../../../components/tone-tag.tsx';

const TONES: Record<SubmissionStatus, Tone> = {
  received: 'info',
  in_review: 'warning',
  accepted: 'success',
  rejected: 'danger',
};

/** A submission's status as its label, and the note the client reads under it. */
export function StatusTag({ status, note }: { status: string; note: string | null }) {
  const known = status in SUBMISSION_STATUS_LABELS ? (status as SubmissionStatus) : undefined;
  return (
    <Flex vertical gap={2} style={{ maxWidth: 260 }}>
      <span>
        <ToneTag tone={known ? TONES[known] : 'neutral'} testId="submission-status">
          {known ? SUBMISSION_STATUS_LABELS[known] : status}
        </ToneTag>
      </span>
      {note ? (
        <Typography.Text style={{ color: '#595959', fontSize: 12 }} ellipsis={{ tooltip: note }}>
          Note: {note}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
