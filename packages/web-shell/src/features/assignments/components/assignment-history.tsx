import { useState } from 'react';
import { formatDateTime } from '../../../lib/format.ts';
import { describeQueryError } from '../../../lib/http-errors.ts';
import { useShellSelector } from '../../../store/hooks.ts';
import { selectTenant } from '../../../store/selectors.ts';
import { Button } from '../../../ui/button.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { Skeleton } from '../../../ui/spinner.tsx';
import { useGetFileAssignmentsQuery } from '../api/assignments.ts';

const PAGE = 10;
const nameOf = (p: { name: string } | null, none: string) => p?.name ?? none;

/** A file's assignment history (the details dialog's "Assignments" view): from, to, who, when, note, due. */
export function AssignmentHistory({ fileId }: { fileId: string }) {
  const tenant = useShellSelector(selectTenant) ?? '';
  const [offset, setOffset] = useState(0);
  const { currentData, error } = useGetFileAssignmentsQuery({ tenant, fileId, limit: PAGE, offset });
  if (error)
    return (
      <Notice tone="error" title="The assignments could not be read">
        {describeQueryError(error)}
      </Notice>
    );
  if (!currentData) return <Skeleton rows={4} label="Loading the assignments…" />;
  const total = currentData.totalRecordCount;
  if (total === 0) return <p className="portico-details-empty">This file has never been assigned.</p>;
  return (
    <>
      <ol className="portico-details-timeline" data-testid="file-assignments">
        {currentData.records.map((a) => (
          <li key={a.id}>
            <strong>
              {a.to ? `Assigned to ${a.to.name}` : 'Assignee cleared'}
              {a.from ? ` (was ${a.from.name})` : ''}
            </strong>
            <span>
              {nameOf(a.by, 'Someone')} · {formatDateTime(a.createdAt)} UTC
              {a.dueDate ? ` · due ${a.dueDate}` : ''}
            </span>
            {a.note ? <span className="portico-assign-note">{a.note}</span> : null}
          </li>
        ))}
      </ol>
      {total > PAGE ? (
        <div className="portico-details-pager">
          <Button size="small" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
            Newer
          </Button>
          <span aria-live="polite">
            {offset + 1}–{Math.min(offset + PAGE, total)} of {total}
          </span>
          <Button size="small" disabled={offset + PAGE >= total} onClick={() => setOffset(offset + PAGE)}>
            Older
          </Button>
        </div>
      ) : null}
    </>
  );
}
