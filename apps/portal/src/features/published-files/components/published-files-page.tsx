import { FileDoneOutlined } from '@ant-design/icons';
import { SiteFilesFrame } from '../../site-files/components/site-files-frame.tsx';
import { useSiteRecordCount } from '../../site-files/hooks/use-site-record-count.ts';

/** `/publishedFiles` (SPEC §2): the documents the firm published to the selected site. */
export default function PublishedFilesPage() {
  const { currentData, isFetching, error } = useSiteRecordCount();
  return (
    <SiteFilesFrame
      title="Published Files"
      icon={<FileDoneOutlined />}
      count={currentData?.publishedFileCount}
      countLabel="Published files"
      loading={isFetching}
      error={error}
      emptyText="Your firm has not published any files to this site yet."
      filledText="The list of published files will appear here."
    />
  );
}
