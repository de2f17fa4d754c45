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
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { DownloadAction, RowActions } from '../../../components/row-actions.tsx';
import { useTenant } from '../../../hooks/use-tenant.ts';
import { useGetSitePublishedFilesQuery, useUnpublishFileMutation } from '../api/publish.ts';

const DOWNLOADS = {
  service: 'file-management',
  fileUrl: (id: string) => `api/staff/published-files/${encodeURIComponent(id)}/download`,
} as const;

/** What the firm has published to a site, newest first: download it again, or take it back. */
export function PublishedFilesTable({ siteId, siteName }: { siteId: string; siteName: string | undefined }) {
  const { tenant, ready } = useTenant();
  const list = useListState({ pageSize: LIMITS.siteListPageSize, scope: siteId });
  const files = useGetSitePublishedFilesQuery({ tenant, siteId, ...list.query }, { skip: !ready });
  const [unpublish, unpublishing] = useUnpublishFileMutation();
  const downloads = useFileDownloads(DOWNLOADS);

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
      <DownloadAction downloads={downloads} file={file} />
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
        actionsColumn(actionsOf),
      ]}
    />
  );
}
