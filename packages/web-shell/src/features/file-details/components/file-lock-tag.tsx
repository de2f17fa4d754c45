import { LockOutlined } from '@ant-design/icons';
import type { CheckedOutBy } from '@portico/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { Tag } from '../../../ui/tag.tsx';

/** The lock mark of a file row: who has it checked out and until when (UTC), or nothing. */
export function FileLockTag({ checkedOutBy, you }: { checkedOutBy: CheckedOutBy; you?: string | undefined }) {
  if (!checkedOutBy) return null;
  const who = checkedOutBy.userId === you ? 'you' : checkedOutBy.name;
  const until = formatDateTime(checkedOutBy.until);
  return (
    <Tag
      tone="warning"
      title={`Checked out by ${who} until ${until} UTC: nobody else can change it until it is checked in.`}
      data-testid="file-lock"
      style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}
    >
      <LockOutlined aria-hidden /> Checked out by {who} until {until}
    </Tag>
  );
}
