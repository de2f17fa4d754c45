import { FileAddOutlined } from '@ant-design/icons';
import { selectSelectedSite, selectTenant, useSelectedSite, useShellSelector } from '@portico/web-shell';
import { Skeleton } from 'antd';
import { FilesHidden } from '../../site-files/components/file-list-states.tsx';
import { SiteFilesFrame } from '../../site-files/components/site-files-frame.tsx';
import { useFileAreaSettings } from '../../site-files/hooks/use-file-area-settings.ts';
import { useSiteRecordCount } from '../../site-files/hooks/use-site-record-count.ts';
import { useSubmittedUploads } from '../hooks/use-submitted-uploads.ts';
import { FileUploader } from './file-uploader.tsx';
import { SubmittedFilesTable } from './submitted-files-table.tsx';

/** `/submittedFiles` (SPEC §2): the uploader and the files submitted to the selected site; the target after sign-in. */
export default function SubmittedFilesPage() {
  const { currentData, isFetching, error } = useSiteRecordCount();
  const settings = useFileAreaSettings();
  const tenant = useShellSelector(selectTenant);
  const siteId = useShellSelector(selectSelectedSite);
  const { site } = useSelectedSite();
  const uploader = useSubmittedUploads({ tenant, siteId });
  return (
    <SiteFilesFrame
      title="Submitted Files"
      icon={<FileAddOutlined />}
      count={currentData?.submittedFileCount}
      countLabel="Submitted files"
      loading={isFetching}
      error={error}
    >
      {!settings.known ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <>
          {settings.internalFilesUpload ? (
            <FileUploader
              uploader={uploader}
              siteName={site?.name}
              canDelete={settings.internalFilesDelete}
            />
          ) : null}
          {settings.portalFilesView ? (
            <SubmittedFilesTable canDownload={settings.internalFilesDownload} />
          ) : (
            <FilesHidden />
          )}
        </>
      )}
    </SiteFilesFrame>
  );
}
