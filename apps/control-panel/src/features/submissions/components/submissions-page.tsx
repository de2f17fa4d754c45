import { EditOutlined, FileZipOutlined, InboxOutlined } from '@ant-design/icons';
import {
  LIMITS,
  MAX_ZIP_FILES,
  STAFF_SUBMISSION_SORT_FIELDS,
  type StaffSubmission,
  SUBMISSION_STATUS_LABELS,
  SUBMISSION_STATUSES,
  type SubmissionStatus,
} from '@portico/contracts';
import {
  actionsColumn,
  ChoiceFilter,
  categoryColumn,
  classificationQuery,
  dateColumn,
  EmailFilesButton,
  FILE_DETAILS_ALL,
  FileActions,
  FileClassificationFilters,
  FileClassificationTags,
  FileLockTag,
  FileSelectionBar,
  FolderBrowser,
  folderSearch,
  formatBytes,
  formatDate,
  isClassificationFiltered,
  LIVE_LIST,
  ListFilterBar,
  ListTable,
  NO_CLASSIFICATION_FILTER,
  titleColumn,
  useFileCheckout,
  useFileDetails,
  useFileDownloads,
  useFolderParam,
  useListSelection,
  useListState,
} from '@portico/web-shell';
import { useFilePreview } from '@portico/web-shell/preview';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConsolePage } from '../../../components/console-page.tsx';
import {
  CommandAction,
  DownloadAction,
  PreviewAction,
  RowAction,
  RowActions,
  useStaffFileVersions,
  VersionsAction,
} from '../../../components/row-actions.tsx';
import { ScannerNotice } from '../../../components/scanner-notice.tsx';
import { SiteFilter } from '../../../components/site-select.tsx';
import { ToneTag } from '../../../components/tone-tag.tsx';
import { useTenant } from '../../../hooks/use-tenant.ts';
import { staffBulkActions, staffFilePanels } from '../../file-workflow/file-workflow.tsx';
import { useGetSubmissionsQuery } from '../api/submissions.ts';
import { StatusModal } from './status-modal.tsx';
import { StatusTag } from './status-tag.tsx';

const STATUS_OPTIONS = SUBMISSION_STATUSES.map((value) => ({
  value,
  label: SUBMISSION_STATUS_LABELS[value],
}));
const DOWNLOADS = {
  service: 'portal',
  ticketsUrl: 'api/staff/submissions/download-tickets',
  zip: true,
} as const;
const PREVIEWS = {
  service: 'portal',
  previewUrl: (id: string) => `api/staff/submissions/${encodeURIComponent(id)}/preview`,
} as const;

/** Staff may rename, move, copy and delete any file (decision 48). */
const STAFF_FILE_ACTIONS = { rename: true, move: true, copy: true, delete: true };
/** And every part-2 action (issue 27). */
const PANELS = staffFilePanels<StaffSubmission>('submitted');

/** `/submissions`: what clients sent, across sites; filter, download, zip, and set a status they see. */
export default function SubmissionsPage() {
  const { tenant, ready } = useTenant();
  const list = useListState({
    pageSize: LIMITS.siteListPageSize,
    sortable: STAFF_SUBMISSION_SORT_FIELDS,
    defaultSort: { sortBy: 'createdAt', sortOrder: 'desc' },
    filters: {
      siteId: undefined as string | undefined,
      statuses: [] as SubmissionStatus[],
      ...NO_CLASSIFICATION_FILTER,
    },
  });
  const { siteId, statuses } = list.filters;
  // One site chosen: its folder tree, one folder at a time; a search covers the folder and those below it.
  const folderId = useFolderParam();
  const [params, setParams] = useSearchParams();
  // Another site (or none): its top level, not a folder of the site before.
  const lastSite = useRef(siteId);
  useEffect(() => {
    if (lastSite.current === siteId) return;
    lastSite.current = siteId;
    if (params.has('folderId'))
      setParams(new URLSearchParams(folderSearch(params, null).slice(1)), { replace: true });
  });
  // `status` here is the review status (the `statuses` filter); the tenant's statuses are for published files.
  const { status: _published, ...classified } = classificationQuery(list.filters, { statuses: false });
  const inFolder = siteId
    ? {
        folderId: folderId ?? 'root',
        ...(list.query.search || isClassificationFiltered(list.filters) ? { includeSubfolders: true } : {}),
      }
    : {};
  const selection = useListSelection();
  const selected = selection.keys;
  const [statusOf, setStatusOf] = useState<StaffSubmission | undefined>();
  const downloads = useFileDownloads(DOWNLOADS);
  const preview = useFilePreview(PREVIEWS, {
    onDownload: (file) => void downloads.downloadFile(file),
    isDownloading: downloads.isDownloading,
  });
  const versions = useStaffFileVersions(['Submissions']);

  const checkout = useFileCheckout({ invalidates: ['Submissions', 'SubmittedFiles'], canForce: true });
  const details = useFileDetails(FILE_DETAILS_ALL);

  const submissions = useGetSubmissionsQuery(
    {
      tenant,
      ...list.query,
      ...(siteId ? { siteId } : {}),
      ...(statuses.length ? { status: statuses } : {}),
      ...classified,
      ...inFolder,
    },
    { skip: !ready, ...LIVE_LIST },
  );

  const actionsOf = (file: StaffSubmission) => (
    <RowActions>
      <PreviewAction preview={preview} file={file} />
      <DownloadAction downloads={downloads} file={file} />
      <VersionsAction versions={versions} file={file} />
      <RowAction
        label={`Set the status of ${file.title}`}
        icon={<EditOutlined aria-hidden />}
        onClick={() => setStatusOf(file)}
      >
        Status
      </RowAction>
      <FileActions
        file={file}
        siteId={file.siteId}
        allowed={STAFF_FILE_ACTIONS}
        panels={PANELS}
        onChanged={() => void submissions.refetch()}
        wide={false}
      />
      <CommandAction
        command={checkout.command(file)}
        name={(label) => `${label} ${file.title}`}
        loading={checkout.busy(file.id)}
      />
      <CommandAction command={details.command(file)} name={() => `Details of ${file.title}`} />
    </RowActions>
  );

  return (
    <ConsolePage
      title="Submissions"
      icon={<InboxOutlined />}
      description="Files your clients sent, across all sites. The status you set is what the client sees."
    >
      <ScannerNotice />
      <ListFilterBar
        list={list}
        search={{ label: 'Search submissions', placeholder: 'Search title, file, reference or client' }}
        dates={{ label: 'Submitted', openEnded: true }}
      >
        <SiteFilter list={list} width={260} />
        <ChoiceFilter<'statuses', SubmissionStatus>
          list={list}
          name="statuses"
          noun="status"
          options={STATUS_OPTIONS}
        />
        <FileClassificationFilters list={list} siteId={siteId} />
      </ListFilterBar>
      {siteId ? (
        <FolderBrowser siteId={siteId} folderId={folderId} canCreate canManage rootLabel="Top level" />
      ) : null}
      <FileSelectionBar
        count={selected.length}
        onClear={selection.clear}
        hint="Select files to download, e-mail or change them together."
      >
        <Button
          icon={<FileZipOutlined aria-hidden />}
          disabled={selected.length === 0 || selected.length > MAX_ZIP_FILES}
          loading={downloads.isZipping}
          onClick={() => void downloads.downloadZip(selected)}
        >
          {selected.length > 0 ? `Download ${selected.length} as zip` : 'Download as zip'}
        </Button>
        <EmailFilesButton tenant={tenant} fileIds={selected} />
        {selected.length > 0
          ? staffBulkActions('submitted', { tenant, siteId, fileIds: selected, onDone: selection.clear })
          : null}
      </FileSelectionBar>
      <ListTable<StaffSubmission>
        list={list}
        result={submissions}
        itemName="submission"
        // No `scroll.x`: with it antd measures the column titles (the select-all checkbox too) in an
        // aria-hidden row, which leaves a focusable element hidden from assistive technology.
        selection={{ ...selection, label: (file) => `Select ${file.title}` }}
        empty="No client has submitted a file yet."
        emptyFiltered="No submission matches these filters."
        columns={[
          {
            ...titleColumn<StaffSubmission>('Title', (file) => ({
              title: file.title,
              tag: (
                <>
                  {file.notScanned ? (
                    <ToneTag tone="warning" testId="not-scanned-tag">
                      Not scanned
                    </ToneTag>
                  ) : null}
                  <FileLockTag checkedOutBy={file.checkedOutBy} you={checkout.you} />
                  <FileClassificationTags file={file} you={checkout.you} />
                </>
              ),
              subtitle: `${file.fileName} · ${formatBytes(file.size)}`,
              note: `${file.siteName} · ${formatDate(file.createdAt)}`,
              narrow: (
                <>
                  <StatusTag status={file.status} note={file.statusNote} />
                  {actionsOf(file)}
                </>
              ),
            })),
            ...list.sortColumn('title'),
          },
          { title: 'Site', dataIndex: 'siteName', responsive: ['md'], ...list.sortColumn('siteName') },
          {
            ...list.sortColumn('submittedBy'),
            title: 'Submitted by',
            responsive: ['lg'],
            render: (_value, file) => file.submittedBy?.name ?? 'Removed account',
          },
          categoryColumn<StaffSubmission>(list.sortColumn('category'), ['xxl']),
          {
            ...dateColumn<StaffSubmission>('Submitted', 'createdAt', ['sm']),
            ...list.sortColumn('createdAt', 'desc'),
          },
          {
            ...list.sortColumn('status'),
            title: 'Status',
            responsive: ['md'],
            render: (_value, file) => <StatusTag status={file.status} note={file.statusNote} />,
          },
          actionsColumn(actionsOf),
        ]}
      />
      {details.element}
      <StatusModal file={statusOf} onClose={() => setStatusOf(undefined)} />
      {preview.element}
      {versions.element}
    </ConsolePage>
  );
}
