import { selectSelectedSite, selectTenant, useSelectedSite, useShellSelector } from '@portico/web-shell';
import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { type FileDirection, PUBLISHED_FILES, type SiteFile, SUBMITTED_FILES } from '../file-directions.tsx';
import { useFileAreaSettings } from '../hooks/use-file-area-settings.ts';
import { useSiteRecordCount } from '../hooks/use-site-record-count.ts';
import { useSubmittedUploads } from '../hooks/use-submitted-uploads.ts';
import { FilesHidden } from './file-list-states.tsx';
import { FileUploader } from './file-uploader.tsx';
import { SiteFilesFrame } from './site-files-frame.tsx';
import { SiteFilesTable } from './site-files-table.tsx';

/** One file page: the frame with the site's count, then (what comes before the list and) the list, if shown. */
function SiteFilesPage<R extends SiteFile, F extends string>({
  direction,
  before,
}: {
  direction: FileDirection<R, F>;
  before?: ReactNode;
}) {
  const { currentData, isFetching, error } = useSiteRecordCount();
  const settings = useFileAreaSettings();
  return (
    <SiteFilesFrame
      title={direction.title}
      icon={direction.icon}
      count={currentData && direction.count(currentData)}
      countLabel={direction.countLabel}
      loading={isFetching}
      error={error}
    >
      {!settings.known ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <>
          {before}
          {settings.portalFilesView ? (
            <SiteFilesTable direction={direction} canDownload={settings.internalFilesDownload} />
          ) : (
            <FilesHidden />
          )}
        </>
      )}
    </SiteFilesFrame>
  );
}

/** `/publishedFiles` (SPEC §2): the documents the firm published to the selected site. */
export function PublishedFilesPage() {
  return <SiteFilesPage direction={PUBLISHED_FILES} />;
}

/** `/submittedFiles` (SPEC §2): the uploader and the files submitted to the selected site; the target after sign-in. */
export function SubmittedFilesPage() {
  const settings = useFileAreaSettings();
  const tenant = useShellSelector(selectTenant);
  const siteId = useShellSelector(selectSelectedSite);
  const { site } = useSelectedSite();
  const uploader = useSubmittedUploads({ tenant, siteId });
  return (
    <SiteFilesPage
      direction={SUBMITTED_FILES}
      before={
        settings.internalFilesUpload ? (
          <FileUploader uploader={uploader} siteName={site?.name} canDelete={settings.internalFilesDelete} />
        ) : null
      }
    />
  );
}
