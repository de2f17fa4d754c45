import { FileAddOutlined } from '@ant-design/icons';
import { SiteFilesFrame } from '../../site-files/components/site-files-frame.tsx';
import { useSiteRecordCount } from '../../site-files/hooks/use-site-record-count.ts';

/** `/submittedFiles` (SPEC §2): the files the client submitted to the selected site; the target after sign-in. */
export default function SubmittedFilesPage() {
  const { currentData, isFetching, error } = useSiteRecordCount();
  return (
    <SiteFilesFrame
      title="Submitted Files"
      icon={<FileAddOutlined />}
      count={currentData?.submittedFileCount}
      countLabel="Submitted files"
      loading={isFetching}
      error={error}
      emptyText="You have not submitted any files to this site yet."
      filledText="The list of your submitted files will appear here."
    />
  );
}
