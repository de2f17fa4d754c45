import {
  DownloadOutlined,
  EyeOutlined,
  FileZipOutlined,
  HistoryOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { FileSortField, SortOrder } from '@portico/contracts';
import {
  anyFileAction,
  Button,
  type ClassificationFilters,
  categoryColumn,
  classificationQuery,
  EmailFilesButton,
  type FileActionCommand,
  type FileActionPanel,
  FileActions,
  type FileActionsAllowed,
  FileClassificationFilters,
  FileClassificationTags,
  type FileDetailsView,
  FileLockTag,
  FileSelectionBar,
  formatBytes,
  formatDate,
  isClassificationFiltered,
  LIVE_LIST,
  type ListColumns,
  ListEmpty,
  ListFilterBar,
  ListTable,
  NO_CLASSIFICATION_FILTER,
  PAGE_SIZES,
  selectAccessToken,
  selectSelectedSite,
  selectTenant,
  Tag,
  titleColumn,
  useFileCheckout,
  useFileDetails,
  useFileDownloads,
  useFileVersionsView,
  useListSelection,
  useListState,
  useMinWidth,
  useShellSelector,
  VisuallyHidden,
} from '@portico/web-shell';
import { useFilePreview } from '@portico/web-shell/preview';
import type { ReactNode } from 'react';
import type { FileDirection, SiteFile } from '../file-directions.tsx';
import { FilesError } from './file-list-states.tsx';
import { useVersionUploads } from './file-versions.tsx';

/** The files of the selected site that went one way (`direction`): paged, sorted, searched and filtered on the server. */
export function SiteFilesTable<R extends SiteFile, F extends string>({
  direction,
  canDownload,
  canPreview,
  folderId,
  actions,
  canCheckout = false,
  detailViews = [],
  canEmail = false,
  canUpdate = false,
  canViewVersions = false,
  panels = [],
  bulkActions,
}: {
  direction: FileDirection<R, F>;
  canDownload: boolean;
  /** The site lets its clients e-mail files as share links (internalFilesEmail, with downloads). */
  canEmail?: boolean;
  /** The site lets its clients open files in the viewer (internalFilesView). */
  canPreview: boolean;
  /** The folder shown (null: the root) while the site's folders are on; undefined: every file of the site. */
  folderId?: string | null | undefined;
  /** Rename, move, copy and delete, as the site's flags allow them (decision 48). */
  actions: FileActionsAllowed;
  /** The site lets its clients check files out and in (internalFilesCheckinCheckout). */
  canCheckout?: boolean;
  /** The details the site shows its clients: properties, history, check-outs (their flags). */
  detailViews?: readonly FileDetailsView[];
  /** …upload a new version of a file (internalFilesUpdate). */
  canUpdate?: boolean;
  /** …see a file's versions (internalFilesViewVersionHistory). */
  canViewVersions?: boolean;
  /** The part-2 actions of a file's "More" dialog the site allows (file-workflow.tsx). */
  panels?: readonly FileActionPanel<R>[];
  /** The part-2 actions on the selected files the site allows, given the selection (file-workflow.tsx). */
  bulkActions?: ((fileIds: string[], onDone: () => void) => ReactNode[]) | undefined;
}) {
  const tenant = useShellSelector(selectTenant) ?? '';
  const siteId = useShellSelector(selectSelectedSite);
  const token = useShellSelector(selectAccessToken);
  const wide = useMinWidth('sm');
  // Both directions sort by the fields of every file (FileSortField) and more; F is the direction's own list.
  const list = useListState<F, ClassificationFilters>({
    scope: folderId === undefined ? siteId : `${siteId}/${folderId ?? 'root'}`,
    sortable: direction.sortFields,
    defaultSort: { sortBy: 'createdAt' as F, sortOrder: 'desc' },
    filters: NO_CLASSIFICATION_FILTER,
  });
  const withStatuses = direction.kind === 'published';
  const classified = classificationQuery(list.filters, { statuses: withStatuses });
  // In a folder, its files; a search covers the folder and every folder below it.
  const inFolder =
    folderId === undefined
      ? {}
      : {
          folderId: folderId ?? 'root',
          ...(list.query.search || isClassificationFiltered(list.filters) ? { includeSubfolders: true } : {}),
        };
  const result = direction.useList(
    { tenant, siteId: siteId ?? '', ...list.query, ...classified, ...inFolder },
    { skip: !tenant || !siteId || !token, ...LIVE_LIST },
  );
  const downloads = useFileDownloads(direction.downloads);
  const preview = useFilePreview(direction.preview, {
    ...(canDownload
      ? { onDownload: (file) => void downloads.downloadFile(file), isDownloading: downloads.isDownloading }
      : {}),
  });
  const selection = useListSelection(folderId === undefined ? siteId : `${siteId}/${folderId ?? 'root'}`);
  const checkout = useFileCheckout({ invalidates: ['PublishedFiles', 'SubmittedFiles'] });
  const details = useFileDetails(detailViews);
  const versionUploads = useVersionUploads(siteId);
  const versions = useFileVersionsView({ canDownload, canPreview });

  const sorting = (field: F | FileSortField, first?: SortOrder) => list.sortColumn(field as F, first);
  const columns: ListColumns<R> = [
    {
      ...titleColumn<R>('Title', (file) => ({
        title: file.title,
        tag: (
          <>
            {direction.titleTag?.(file)}
            <FileLockTag checkedOutBy={file.checkedOutBy} you={checkout.you} />
            <FileClassificationTags file={file} you={checkout.you} />
            {file.version > 1 ? (
              <Tag tone="info" data-testid="version-tag">
                Version {file.version}
              </Tag>
            ) : null}
            {file.notScanned ? (
              <Tag tone="warning" data-testid="not-scanned-tag">
                Not scanned
              </Tag>
            ) : null}
          </>
        ),
        subtitle: direction.subtitle?.(file),
        note: `${formatBytes(file.size)} · ${formatDate(file.createdAt)}`,
        children: direction.narrowExtra?.(file, wide),
      })),
      ...sorting('title'),
    },
    ...direction.columns(sorting),
    categoryColumn<R>(sorting('category')),
    {
      ...sorting('size', 'desc'),
      title: 'Size',
      responsive: ['md'],
      align: 'right',
      render: (_, file) => <span title={`${file.size} bytes`}>{formatBytes(file.size)}</span>,
    },
    {
      ...sorting('createdAt', 'desc'),
      title: direction.dateLabel,
      responsive: ['md'],
      render: (_, file) => <span className="portico-nowrap">{formatDate(file.createdAt)}</span>,
    },
  ];
  // Check-out, a new version, the versions and Details are the row's "More" dialog's first commands: a row
  // carries at most three buttons (Preview, Download, More), at every width.
  const commandsOf = (file: R): FileActionCommand[] =>
    [
      canCheckout ? checkout.command(file) : null,
      canUpdate
        ? {
            key: 'upload-version',
            label: direction.newVersionLabel(file),
            icon: <UploadOutlined aria-hidden />,
            onSelect: () => versionUploads.choose(file),
          }
        : null,
      canViewVersions
        ? {
            key: 'versions',
            label: `Versions (${file.version})`,
            icon: <HistoryOutlined aria-hidden />,
            onSelect: () => versions.open(file),
          }
        : null,
      details.command(file),
    ].filter((command) => command !== null);
  const more = anyFileAction(
    actions,
    panels,
    canCheckout || canUpdate || canViewVersions || details.available ? [true] : [],
  );
  const actionCount = [canDownload, canPreview, more].filter(Boolean).length;
  if (actionCount > 0)
    columns.push({
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      align: 'right',
      // On a phone the buttons stand one above the other, so that the title's column keeps room for whole words.
      width: wide ? undefined : 48 + 8,
      render: (_, file) => (
        <div
          className="portico-row"
          style={{ justifyContent: 'flex-end', flexWrap: wide && actionCount <= 2 ? 'nowrap' : 'wrap' }}
        >
          {canPreview && preview.canPreview(file) ? (
            <Button
              icon={<EyeOutlined aria-hidden />}
              onClick={() => preview.open(file)}
              aria-label={`Preview ${file.title}`}
              data-testid="preview-file"
            >
              {wide ? 'Preview' : null}
            </Button>
          ) : null}
          {canDownload ? (
            <Button
              icon={<DownloadOutlined aria-hidden />}
              onClick={() => void downloads.downloadFile(file)}
              loading={downloads.isDownloading(file.id)}
              aria-label={`Download ${file.title}`}
              data-testid="download-file"
            >
              {wide ? 'Download' : null}
            </Button>
          ) : null}
          {more && siteId ? (
            <FileActions
              file={file}
              siteId={siteId}
              allowed={actions}
              panels={panels}
              commands={commandsOf(file)}
              busy={canCheckout && checkout.busy(file.id)}
              wide={false}
              withFolders={folderId !== undefined}
            />
          ) : null}
        </div>
      ),
    });

  const { keys } = selection;
  const bulk = bulkActions?.(keys, selection.clear) ?? [];
  const selectable = canDownload || canEmail || (bulkActions?.([], selection.clear).length ?? 0) > 0;
  return (
    <div className="portico-stack">
      {direction.heading ? (
        <h2 style={{ fontSize: 18, fontWeight: 600, margin: 0 }}>{direction.heading}</h2>
      ) : null}
      {versionUploads.element}
      <ListFilterBar
        list={list}
        search={{ label: 'Search files', placeholder: direction.searchPlaceholder }}
        dates={{ label: direction.dateLabel }}
        testIdPrefix="file"
        after={<FileClassificationFilters list={list} siteId={siteId ?? undefined} statuses={withStatuses} />}
      />
      {selectable ? (
        <FileSelectionBar count={keys.length} onClear={selection.clear}>
          {canEmail ? <EmailFilesButton tenant={tenant} fileIds={keys} /> : null}
          {canDownload ? (
            <Button
              icon={<FileZipOutlined aria-hidden />}
              disabled={keys.length === 0}
              loading={downloads.isZipping}
              onClick={() => void downloads.downloadZip(keys)}
              data-testid="download-zip"
            >
              {keys.length > 0 ? `Download ${keys.length} as zip` : 'Download as zip'}
            </Button>
          ) : null}
          {keys.length > 0 ? bulk : null}
        </FileSelectionBar>
      ) : null}
      <ListTable<R>
        list={list}
        result={result}
        itemName="file"
        renderError={(error, retry) => <FilesError error={error} onRetry={retry} />}
        pageSizes={PAGE_SIZES}
        columns={columns}
        selection={selectable ? { ...selection, label: (file) => `Select ${file.title}` } : undefined}
        empty={
          <ListEmpty
            text={folderId ? 'This folder has no files.' : direction.emptyText}
            testId="files-empty"
            filtered={
              list.isFiltered &&
              'No files match your search or filters. Try other words, a wider range or fewer filters.'
            }
            clear={{ label: 'Clear search and filters', onClick: list.clearFilters }}
          />
        }
        data-testid={direction.testId}
      />
      {preview.element}
      {details.element}
      {versions.element}
    </div>
  );
}
