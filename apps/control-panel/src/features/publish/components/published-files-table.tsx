import { DeleteOutlined } from '@ant-design/icons';
import { LIMITS, type PublishedFile } from '@portico/contracts';
import {
  actionsColumn,
  dateColumn,
  describeQueryError,
  formatBytes,
  formatDate,
  ListTable,
  notify,
  titleColumn,
  useFileDownloads,
  useListState,
} from '@portico/web-shell';
import { useFilePreview } from '@portico/web-shell/preview';
import { Button } from 'antd';
import { useState } from 'react';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import {
  DownloadAction,
  PreviewAction,
  RowActions,
  useStaffFileVersions,
  VersionsAction,
} from '../../../components/row-actions.tsx';
import { useTenant } from '../../../hooks/use-tenant.ts';
import {
  useGetPublishedFileReadsQuery,
  useGetSitePublishedFilesQuery,
  useUnpublishFileMutation,
} from '../api/publish.ts';
import { FileReadsDrawer, openedSummary } from './file-reads-drawer.tsx';

const DOWNLOADS = {
  service: 'file-management',
  ticketsUrl: 'api/staff/published-files/download-tickets',
} as const;
const PREVIEWS = {
  service: 'file-management',
  previewUrl: (id: string) => `api/staff/published-files/${encodeURIComponent(id)}/preview`,
} as const;

/** What the firm has published to a site, newest first: download it again, or take it back. */
export function PublishedFilesTable({ siteId, siteName }: { siteId: string; siteName: string | undefined }) {
  const { tenant, ready } = useTenant();
  const list = useListState({ pageSize: LIMITS.siteListPageSize, scope: siteId });
  const files = useGetSitePublishedFilesQuery({ tenant, siteId, ...list.query }, { skip: !ready });
  const [unpublish, unpublishing] = useUnpublishFileMutation();
  const downloads = useFileDownloads(DOWNLOADS);
  const preview = useFilePreview(PREVIEWS, {
    onDownload: (file) => void downloads.downloadFile(file),
    isDownloading: downloads.isDownloading,
  });
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
      <VersionsAction versions={versions} file={file} />
      <ConfirmButton
        action="Unpublish"
        subject={file.title}
        consequence="The site's clients no longer see it; the firm keeps it for the record."
        onConfirm={() => take(file)}
        loading={unpublishing.isLoading && unpublishing.originalArgs?.id === file.id}
        icon={<DeleteOutlined aria-hidden />}
      />
    </RowActions>
  );

  return (
    <>
      <ListTable<PublishedFile>
        list={list}
        result={files}
        itemName="published file"
        data-testid="published-files-table"
        empty={`Nothing is published to ${siteName ?? 'this site'} yet.`}
        columns={[
          titleColumn('Title', (file) => ({
            title: file.title,
            subtitle: file.fileName,
            note: `${formatBytes(file.size)} · ${formatDate(file.createdAt)}`,
            narrow: actionsOf(file),
          })),
          {
            title: 'Size',
            dataIndex: 'size',
            align: 'right',
            responsive: ['md'],
            render: (size: number) => formatBytes(size),
          },
          dateColumn('Published', 'createdAt', ['md']),
          { title: 'Opened by', key: 'opened', responsive: ['sm'], render: (_v, file) => openedButton(file) },
          actionsColumn(actionsOf),
        ]}
      />
      {preview.element}
      {versions.element}
      <FileReadsDrawer
        file={readsFile}
        reads={readsFile ? readsOf(readsFile) : undefined}
        onClose={() => setReadsFile(undefined)}
      />
    </>
  );
}
