import type { ReactNode } from 'react';
import { Button } from '../../../ui/button.tsx';
import './file-details.css';

/**
 * One page of a file's timeline (its history, check-outs and assignments in the details dialog), newest first,
 * with "Newer" and "Older" when there is more than a page; `empty` when there is nothing at all.
 */
export function PagedTimeline<T extends { id: string }>({
  records,
  total,
  offset,
  pageSize,
  setOffset,
  empty,
  testId,
  children,
}: {
  records: readonly T[];
  total: number;
  offset: number;
  pageSize: number;
  setOffset: (offset: number) => void;
  empty: string;
  testId: string;
  /** What an entry says, inside its `<li>`. */
  children: (record: T) => ReactNode;
}) {
  if (total === 0) return <p className="portico-details-empty">{empty}</p>;
  return (
    <>
      <ol className="portico-details-timeline" data-testid={testId}>
        {records.map((record) => (
          <li key={record.id}>{children(record)}</li>
        ))}
      </ol>
      {total > pageSize ? (
        <div className="portico-details-pager">
          <Button
            size="small"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - pageSize))}
          >
            Newer
          </Button>
          <span aria-live="polite">
            {offset + 1}–{Math.min(offset + pageSize, total)} of {total}
          </span>
          <Button
            size="small"
            disabled={offset + pageSize >= total}
            onClick={() => setOffset(offset + pageSize)}
          >
            Older
          </Button>
        </div>
      ) : null}
    </>
  );
}
