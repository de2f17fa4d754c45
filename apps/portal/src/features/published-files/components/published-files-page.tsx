import { FileDoneOutlined } from '@ant-design/icons';
import { Skeleton } from 'antd';
import { FilesHidden } from '../../site-files/components/file-list-states.tsx';
import { SiteFilesFrame } from '../../site-files/components/site-files-frame.tsx';
import { useFileAreaSettings } from '../../site-files/hooks/use-file-area-settings.ts';
import { useSiteRecordCount } from '../../site-files/hooks/use-site-record-count.ts';
import { PublishedFilesTable } from './published-files-table.tsx';

/** `/publishedFiles` (SPEC §2): the documents the firm published to the selected site. */
export default function PublishedFilesPage() {
  const { currentData, isFetching, error } = useSiteRecordCount();
  const settings = useFileAreaSettings();
  return (
    <SiteFilesFrame
      title="Published Files"
      icon={<FileDoneOutlined />}
      count={currentData?.publishedFileCount}
      countLabel="Published files"
      loading={isFetching}
      error={error}
    >
      {!settings.known ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : settings.portalFilesView ? (
        <PublishedFilesTable canDownload={settings.internalFilesDownload} />
      ) : (
        <FilesHidden />
      )}
    </SiteFilesFrame>
  );
}
