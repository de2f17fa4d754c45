import type { CheckedOutBy, FileProperties } from '@portico/contracts';
import { useState } from 'react';
import { formatBytes, formatDateTime } from '../../../lib/format.ts';
import { describeQueryError } from '../../../lib/http-errors.ts';
import { useShellSelector } from '../../../store/hooks.ts';
import { selectTenant } from '../../../store/selectors.ts';
import { Button } from '../../../ui/button.tsx';
import { ModalDialog } from '../../../ui/modal-dialog.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { Skeleton } from '../../../ui/spinner.tsx';
import { Tabs } from '../../../ui/tabs.tsx';
import { AssignmentHistory } from '../../assignments/components/assignment-history.tsx';
import {
  useGetFileCheckoutsQuery,
  useGetFileHistoryQuery,
  useGetFilePropertiesQuery,
} from '../api/file-details.ts';
import { PagedTimeline } from '../components/paged-timeline.tsx';
import '../components/file-details.css';
import { FILE_DETAILS_VIEWS, type FileDetailsView } from '../views.ts';

const PAGE = 10;

export interface FileDetailsDialogProps {
  file: { id: string; title: string };
  /** The views the site allows, in order; the first opens unless `initial` says otherwise. */
  views: readonly FileDetailsView[];
  initial?: FileDetailsView | undefined;
  onClose: () => void;
}

/**
 * A file's Properties, History and Check-outs in one native modal dialog (Esc closes it, the page behind is inert,
 * the caller puts the focus back), as tabs the arrow keys move between; each view is one the site allows.
 */
export default function FileDetailsDialog({ file, views, initial, onClose }: FileDetailsDialogProps) {
  const [view, setView] = useState<FileDetailsView>(initial && views.includes(initial) ? initial : views[0]!);

  return (
    <ModalDialog className="portico-details" onClose={onClose} testId="file-details">
      {(titleId) => (
        <div className="portico-details-inner">
          <div className="portico-details-head">
            <h2 id={titleId} className="portico-details-title">
              {file.title}
            </h2>
            <Button size="small" onClick={onClose} data-testid="file-details-close">
              Close
            </Button>
          </div>
          {views.length > 1 ? (
            <Tabs
              label="What to show"
              items={views.map((v) => ({
                key: v,
                label: FILE_DETAILS_VIEWS[v],
                testId: `file-details-tab-${v}`,
              }))}
              active={view}
              onChange={setView}
              className="portico-details-body"
              panelTestId={(v) => `file-details-${v}`}
            >
              {(v) => <DetailsView view={v} fileId={file.id} />}
            </Tabs>
          ) : (
            <div className="portico-details-body" data-testid={`file-details-${view}`}>
              <DetailsView view={view} fileId={file.id} />
            </div>
          )}
        </div>
      )}
    </ModalDialog>
  );
}

function DetailsView({ view, fileId }: { view: FileDetailsView; fileId: string }) {
  if (view === 'properties') return <PropertiesView fileId={fileId} />;
  if (view === 'history') return <HistoryView fileId={fileId} />;
  if (view === 'checkouts') return <CheckoutsView fileId={fileId} />;
  return <AssignmentHistory fileId={fileId} />;
}

const who = (by: { name: string } | null) => by?.name ?? 'Portico';
const lock = (checkedOutBy: CheckedOutBy) =>
  checkedOutBy ? `${checkedOutBy.name}, until ${formatDateTime(checkedOutBy.until)} UTC` : 'No';

function PropertiesView({ fileId }: { fileId: string }) {
  const tenant = useShellSelector(selectTenant) ?? '';
  const { currentData: p, error, isFetching } = useGetFilePropertiesQuery({ tenant, fileId });
  if (error)
    return (
      <Notice tone="error" title="The properties could not be read">
        {describeQueryError(error)}
      </Notice>
    );
  if (!p) return <Skeleton rows={6} label={isFetching ? 'Loading the properties…' : ''} />;
  const rows: [string, React.ReactNode][] = [
    ['Name', p.title],
    ['File name', p.fileName],
    ['Folder', folderOf(p)],
    ['Size', `${formatBytes(p.size)} (${p.size} bytes)`],
    ['Type', p.contentType],
    ['SHA-256', <code key="sha">{p.sha256}</code>],
    ['Version', String(p.version)],
    ['Uploaded', `${who(p.uploadedBy)}, ${formatDateTime(p.uploadedAt)} UTC`],
    ...(p.version > 1
      ? ([['This version', `${who(p.versionBy)}, ${formatDateTime(p.versionAt)} UTC`]] as [string, string][])
      : []),
    ['Checked out', lock(p.checkedOutBy)],
    ['Status', p.status ? (p.statusNote ? `${p.status}: ${p.statusNote}` : p.status) : 'None'],
    ['Tags', p.tags.length ? p.tags.map((tag) => tag.name).join(', ') : 'None'],
    ['Category', p.category?.name ?? 'None'],
    ['Project', p.project?.name ?? 'None'],
    [
      'Assigned to',
      p.assignee ? `${p.assignee.name}${p.assignee.dueDate ? `, due ${p.assignee.dueDate}` : ''}` : 'Nobody',
    ],
  ];
  return (
    <dl className="portico-details-props">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const folderOf = (p: FileProperties) =>
  p.folder.path.length ? `/ ${p.folder.path.map((f) => f.name).join(' / ')}` : 'The site’s top level';

interface TimelineEntry {
  id: string;
  occurredAt: string;
  label: string;
  by: { name: string } | null;
  note?: string | undefined;
}

function Timeline({
  entries,
  total,
  offset,
  setOffset,
  empty,
  testId,
}: {
  entries: readonly TimelineEntry[];
  total: number;
  offset: number;
  setOffset: (offset: number) => void;
  empty: string;
  testId: string;
}) {
  return (
    <PagedTimeline
      records={entries}
      total={total}
      offset={offset}
      pageSize={PAGE}
      setOffset={setOffset}
      empty={empty}
      testId={testId}
    >
      {(e) => (
        <>
          <strong>{e.label}</strong>
          <span>
            {who(e.by)} · {formatDateTime(e.occurredAt)} UTC{e.note ? ` · ${e.note}` : ''}
          </span>
        </>
      )}
    </PagedTimeline>
  );
}

function HistoryView({ fileId }: { fileId: string }) {
  const tenant = useShellSelector(selectTenant) ?? '';
  const [offset, setOffset] = useState(0);
  const { currentData, error } = useGetFileHistoryQuery({ tenant, fileId, limit: PAGE, offset });
  if (error)
    return (
      <Notice tone="error" title="The history could not be read">
        {describeQueryError(error)}
      </Notice>
    );
  if (!currentData) return <Skeleton rows={5} label="Loading the history…" />;
  return (
    <Timeline
      entries={currentData.records}
      total={currentData.totalRecordCount}
      offset={offset}
      setOffset={setOffset}
      empty="Nothing has happened to this file yet."
      testId="file-history"
    />
  );
}

function CheckoutsView({ fileId }: { fileId: string }) {
  const tenant = useShellSelector(selectTenant) ?? '';
  const [offset, setOffset] = useState(0);
  const { currentData, error } = useGetFileCheckoutsQuery({ tenant, fileId, limit: PAGE, offset });
  if (error)
    return (
      <Notice tone="error" title="The check-outs could not be read">
        {describeQueryError(error)}
      </Notice>
    );
  if (!currentData) return <Skeleton rows={5} label="Loading the check-outs…" />;
  return (
    <Timeline
      entries={currentData.records.map((r) => ({
        ...r,
        note: r.until
          ? `until ${formatDateTime(r.until)} UTC`
          : r.holder
            ? `${r.holder.name}’s check-out`
            : undefined,
      }))}
      total={currentData.totalRecordCount}
      offset={offset}
      setOffset={setOffset}
      empty="Nobody has checked this file out yet."
      testId="file-checkouts"
    />
  );
}
