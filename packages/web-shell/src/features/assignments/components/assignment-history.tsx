import { useState } from 'react';
import { formatDateTime } from '../../../lib/format.ts';
import { describeQueryError } from '../../../lib/http-errors.ts';
import { useShellSelector } from '../../../store/hooks.ts';
import { selectTenant } from '../../../store/selectors.ts';
import { Notice } from '../../../ui/notice.tsx';
import { Skeleton } from '../../../ui/spinner.tsx';
import { PagedTimeline } from '../../file-details/components/paged-timeline.tsx';
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
  return (
    <PagedTimeline
      records={currentData.records}
      total={currentData.totalRecordCount}
      offset={offset}
      pageSize={PAGE}
      setOffset={setOffset}
      empty="This file has never been assigned."
      testId="file-assignments"
    >
      {(a) => (
        <>
          <strong>
            {a.to ? `Assigned to ${a.to.name}` : 'Assignee cleared'}
            {a.from ? ` (was ${a.from.name})` : ''}
          </strong>
          <span>
            {nameOf(a.by, 'Someone')} · {formatDateTime(a.createdAt)} UTC
            {a.dueDate ? ` · due ${a.dueDate}` : ''}
          </span>
          {a.note ? <span className="portico-assign-note">{a.note}</span> : null}
        </>
      )}
    </PagedTimeline>
  );
}
