import type { CheckedOutBy, FileProperties } from '@portico/contracts';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { formatBytes, formatDateTime } from '../../../lib/format.ts';
import { describeQueryError } from '../../../lib/http-errors.ts';
import { useShellSelector } from '../../../store/hooks.ts';
import { selectTenant } from '../../../store/selectors.ts';
import { Button } from '../../../ui/button.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { Skeleton } from '../../../ui/spinner.tsx';
import { AssignmentHistory } from '../../assignments/components/assignment-history.tsx';
import {
  useGetFileCheckoutsQuery,
  useGetFileHistoryQuery,
  useGetFilePropertiesQuery,
} from '../api/file-details.ts';
import { PagedTimeline } from './paged-timeline.tsx';
import './file-details.css';
import { useModalDialog } from '../../../lib/use-modal-dialog.ts';

export type FileDetailsView = 'properties' | 'history' | 'checkouts' | 'assignments';

export const FILE_DETAILS_VIEWS: Record<FileDetailsView, string> = {
  properties: 'Properties',
  history: 'History',
  checkouts: 'Check-outs',
  assignments: 'Assignments',
};

/** Every view: what the firm's staff see, whatever the site's flags. */
export const FILE_DETAILS_ALL: readonly FileDetailsView[] = [
  'properties',
  'history',
  'checkouts',
  'assignments',
];

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
export function FileDetailsDialog({ file, views, initial, onClose }: FileDetailsDialogProps) {
  const { ref: dialog, onCancel } = useModalDialog(onClose);
  const titleId = useId();
  const tabsId = useId();
  const [view, setView] = useState<FileDetailsView>(initial && views.includes(initial) ? initial : views[0]!);
  const tabs = useRef(new Map<FileDetailsView, HTMLButtonElement>());

  const onTabKey = (event: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const next = views[(views.indexOf(view) + step + views.length) % views.length]!;
    setView(next);
    tabs.current.get(next)?.focus();
  };

  return (
    <dialog
      ref={dialog}
      className="portico-details"
      aria-labelledby={titleId}
      onCancel={onCancel}
      data-testid="file-details"
    >
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
          <div role="tablist" aria-label="What to show" className="portico-details-tabs">
            {views.map((v) => (
              <button
                key={v}
                ref={(element) => {
                  if (element) tabs.current.set(v, element);
                  else tabs.current.delete(v);
                }}
                type="button"
                role="tab"
                id={`${tabsId}-${v}`}
                aria-selected={view === v}
                aria-controls={`${tabsId}-panel`}
                tabIndex={view === v ? 0 : -1}
                className="portico-details-tab"
                onClick={() => setView(v)}
                onKeyDown={onTabKey}
                data-testid={`file-details-tab-${v}`}
              >
                {FILE_DETAILS_VIEWS[v]}
              </button>
            ))}
          </div>
        ) : null}
        <div
          id={`${tabsId}-panel`}
          role="tabpanel"
          aria-labelledby={views.length > 1 ? `${tabsId}-${view}` : titleId}
          className="portico-details-body"
          data-testid={`file-details-${view}`}
        >
          {view === 'properties' ? <PropertiesView fileId={file.id} /> : null}
          {view === 'history' ? <HistoryView fileId={file.id} /> : null}
          {view === 'checkouts' ? <CheckoutsView fileId={file.id} /> : null}
          {view === 'assignments' ? <AssignmentHistory fileId={file.id} /> : null}
        </div>
      </div>
    </dialog>
  );
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

/** The views a client of a site may open, by its flags (staff: all of them). */
export const fileDetailsViews = (
  settings: Partial<
    Record<
      | 'internalFilesViewProperties'
      | 'internalFilesHistory'
      | 'internalFilesViewCheckoutHistory'
      | 'internalFilesViewAssignmentHistory',
      boolean
    >
  >,
): FileDetailsView[] => [
  ...(settings.internalFilesViewProperties ? (['properties'] as const) : []),
  ...(settings.internalFilesHistory ? (['history'] as const) : []),
  ...(settings.internalFilesViewCheckoutHistory ? (['checkouts'] as const) : []),
  ...(settings.internalFilesViewAssignmentHistory ? (['assignments'] as const) : []),
];
