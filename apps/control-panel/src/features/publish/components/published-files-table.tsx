import { DeleteOutlined } from '@ant-design/icons';
import { FILE_SORT_FIELDS, LIMITS, type PublishedFile } from '@portico/contracts';
import {
  actionsColumn,
  categoryColumn,
  classificationQuery,
  dateColumn,
  describeQueryError,
  EmailFilesButton,
  FILE_DETAILS_ALL,
  FileActions,
  FileClassificationFilters,
  FileClassificationTags,
  FileLockTag,
  FileSelectionBar,
  formatBytes,
  formatDate,
  isClassificationFiltered,
  ListTable,
  NO_CLASSIFICATION_FILTER,
  notify,
  titleColumn,
  useFileCheckout,
  useFileDetails,
  useFileDownloads,
  useListSelection,
  useListState,
} from '@portico/web-shell';
import { useFilePreview } from '@portico/web-shell/preview';
import { Button } from 'antd';
import { useState } from 'react';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import {
  CommandAction,
  DownloadAction,
  PreviewAction,
  RowActions,
  useStaffFileVersions,
  VersionsAction,
} from '../../../components/row-actions.tsx';
import { useTenant } from '../../../hooks/use-tenant.ts';
import { staffBulkActions, staffFilePanels } from '../../file-workflow/file-workflow.tsx';
import {
  useGetPublishedFileReadsQuery,
  useGetSitePublishedFilesQuery,
  useUnpublishFileMutation,
} from '../api/publish.ts';
import { FileReadsDrawer, openedSummary } from './file-reads-drawer.tsx';

/** Staff may do all of them; taking a file away is Unpublish, which sends it to the site's trash. */
const MOVE_AND_RENAME = { rename: true, move: true, copy: true, delete: false };
/** And every part-2 action (issue 27). */
const PANELS = staffFilePanels<PublishedFile>('published');

const DOWNLOADS = {
  service: 'file-management',
  ticketsUrl: 'api/staff/published-files/download-tickets',
} as const;
const PREVIEWS = {
  service: 'file-management',
  previewUrl: (id: string) => `api/staff/published-files/${encodeURIComponent(id)}/preview`,
} as const;

/** What the firm has published to a site, newest first: download it again, or take it back. */
export function PublishedFilesTable({
  siteId,
  siteName,
  folderId,
}: {
  siteId: string;
  siteName: string | undefined;
  /** The folder shown (null: the site's top level). */
  folderId: string | null;
}) {
  const { tenant, ready } = useTenant();
  const list = useListState({
    pageSize: LIMITS.siteListPageSize,
    scope: `${siteId}/${folderId ?? 'root'}`,
    sortable: FILE_SORT_FIELDS,
    defaultSort: { sortBy: 'createdAt', sortOrder: 'desc' },
    filters: NO_CLASSIFICATION_FILTER,
  });
  const filtered = isClassificationFiltered(list.filters);
  const files = useGetSitePublishedFilesQuery(
    {
      tenant,
      siteId,
      ...list.query,
      ...classificationQuery(list.filters),
      folderId: folderId ?? 'root',
      ...(filtered ? { includeSubfolders: true } : {}),
    },
    { skip: !ready },
  );
  const selection = useListSelection(`${siteId}/${folderId ?? 'root'}`);
  const [unpublish, unpublishing] = useUnpublishFileMutation();
  const downloads = useFileDownloads(DOWNLOADS);
  const preview = useFilePreview(PREVIEWS, {
    onDownload: (file) => void downloads.downloadFile(file),
    isDownloading: downloads.isDownloading,
  });
  const checkout = useFileCheckout({
    invalidates: ['StaffPublishedFiles', 'PublishedFiles'],
    canForce: true,
  });
  const details = useFileDetails(FILE_DETAILS_ALL);
  const versions = useStaffFileVersions(['StaffPublishedFiles']);
  const pageIds = files.currentData?.records.map((file) => file.id) ?? [];
  const reads = useGetPublishedFileReadsQuery(
    { tenant, siteId, fileId: pageIds },
    { skip: !ready || pageIds.length === 0 },
  );
  const readsOf = (file: PublishedFile) => reads.currentData?.records.find((r) => r.fileId === file.id);
  const [readsFile, setReadsFile] = useState<PublishedFile>();

  const openedButton = (file: PublishedFile) => {
    const summary = openedSummary(readsOf(file), reads.currentData?.memberCount ?? 0);
    return (
      // The visible "1 of 2" starts the accessible name, as speech input expects.
      <Button
        type="link"
        style={{ padding: 0 }}
        onClick={() => setReadsFile(file)}
        aria-label={`${summary} clients opened ${file.title}`}
      >
        {summary}
      </Button>
    );
  };

  const take = async (file: PublishedFile) => {
    try {
      await unpublish({ id: file.id }).unwrap();
      notify.success('File unpublished', `${file.title} is no longer shown to the site's clients.`);
    } catch (error) {
      notify.error('The file could not be unpublished', describeQueryError(error));
    }
  };

  const actionsOf = (file: PublishedFile) => (
    <RowActions>
      <PreviewAction preview={preview} file={file} />
      <DownloadAction downloads={downloads} file={file} />
      <FileActions
        file={file}
        siteId={siteId}
        allowed={MOVE_AND_RENAME}
        panels={PANELS}
        onChanged={() => void files.refetch()}
        wide={false}
      />
      <CommandAction
        command={checkout.command(file)}
        name={(label) => `${label} ${file.title}`}
        loading={checkout.busy(file.id)}
      />
      <CommandAction command={details.command(file)} name={() => `Details of ${file.title}`} />
      <VersionsAction versions={versions} file={file} />
      <ConfirmButton
        action="Unpublish"
        subject={file.title}
        consequence="The site's clients no longer see it. It goes to the site's trash, where you can restore it."
        onConfirm={() => take(file)}
        loading={unpublishing.isLoading && unpublishing.originalArgs?.id === file.id}
        icon={<DeleteOutlined aria-hidden />}
      />
    </RowActions>
  );

  return (
    <>
      <div className="portico-row" style={{ flexWrap: 'wrap', gap: 8, marginBottom: 8 }}>
        <FileClassificationFilters list={list} siteId={siteId} statuses />
      </div>
      <FileSelectionBar
        count={selection.keys.length}
        onClear={selection.clear}
        hint="Select files to e-mail or change them together."
      >
        <EmailFilesButton tenant={tenant} fileIds={selection.keys} />
        {selection.keys.length > 0
          ? staffBulkActions('published', {
              tenant,
              siteId,
              fileIds: selection.keys,
              onDone: selection.clear,
            })
          : null}
      </FileSelectionBar>
      <ListTable<PublishedFile>
        list={list}
        result={files}
        selection={{ ...selection, label: (file) => `Select ${file.title}` }}
        itemName="published file"
        data-testid="published-files-table"
        empty={
          folderId
            ? 'Nothing is published in this folder.'
            : `Nothing is published to ${siteName ?? 'this site'} yet.`
        }
        emptyFiltered="No published file matches these filters."
        columns={[
          {
            ...titleColumn<PublishedFile>('Title', (file) => ({
              title: file.title,
              tag: (
                <>
                  <FileLockTag checkedOutBy={file.checkedOutBy} you={checkout.you} />
                  <FileClassificationTags file={file} you={checkout.you} />
                </>
              ),
              subtitle: file.fileName,
              note: `${formatBytes(file.size)} · ${formatDate(file.createdAt)}`,
              narrow: actionsOf(file),
            })),
            ...list.sortColumn('title'),
          },
          categoryColumn<PublishedFile>(list.sortColumn('category')),
          {
            ...list.sortColumn('size', 'desc'),
            title: 'Size',
            align: 'right',
            responsive: ['md'],
            render: (_v, file) => formatBytes(file.size),
          },
          {
            ...dateColumn<PublishedFile>('Published', 'createdAt', ['md']),
            ...list.sortColumn('createdAt', 'desc'),
          },
          { title: 'Opened by', key: 'opened', responsive: ['sm'], render: (_v, file) => openedButton(file) },
          actionsColumn(actionsOf),
        ]}
      />
      {preview.element}
      {details.element}
      {versions.element}
      <FileReadsDrawer
        file={readsFile}
        reads={readsFile ? readsOf(readsFile) : undefined}
        onClose={() => setReadsFile(undefined)}
      />
    </>
  );
}
