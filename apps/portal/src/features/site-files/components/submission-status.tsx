import { SUBMISSION_STATUS_LABELS, type SubmissionStatus } from '@portico/contracts';
import { Tag, type Tone } from '@portico/web-shell';

/** Each status in a tone whose colours keep at least 4.5:1 contrast for the tag's small text. */
const STATUS_TONES: Record<SubmissionStatus, Tone> = {
  received: 'info',
  in_review: 'warning',
  accepted: 'success',
  rejected: 'error',
};

const isKnown = (status: string): status is SubmissionStatus => status in STATUS_TONES;

/** Where the firm is with a submitted file, with the firm's note under it (a rejection always has one). */
export function SubmissionStatusTag({ status, note }: { status: string; note?: string | null | undefined }) {
  const tone = isKnown(status) ? STATUS_TONES[status] : STATUS_TONES.received;
  const label = isKnown(status) ? SUBMISSION_STATUS_LABELS[status] : status;
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start', gap: 4 }}>
      <Tag tone={tone} data-testid="submission-status">
        {label}
      </Tag>
      {note ? (
        <span
          className="portico-secondary portico-clamp"
          style={{ fontSize: 12, maxWidth: 260 }}
          title={note}
          data-testid="status-note"
        >
          Note: {note}
        </span>
      ) : null}
    </span>
  );
}
