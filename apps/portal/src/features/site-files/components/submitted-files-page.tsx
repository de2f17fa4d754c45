import {
  selectSelectedSite,
  selectTenant,
  useFolderParam,
  useSelectedSite,
  useShellSelector,
} from '@portico/web-shell';
import { SUBMITTED_FILES } from '../file-directions.tsx';
import { useFileAreaSettings } from '../hooks/use-file-area-settings.ts';
import { useSubmittedUploads } from '../hooks/use-submitted-uploads.ts';
import { ActionNeeded } from './action-needed.tsx';
import { FileUploader } from './file-uploader.tsx';
import { NewDocumentsNotice } from './new-documents-notice.tsx';
import { SiteFilesPage } from './site-files-page.tsx';

/** `/submittedFiles` (SPEC §2): the uploader and the files submitted to the selected site; the target after sign-in. */
export default function SubmittedFilesPage() {
  const settings = useFileAreaSettings();
  const tenant = useShellSelector(selectTenant);
  const siteId = useShellSelector(selectSelectedSite);
  const { site } = useSelectedSite();
  const folderId = useFolderParam();
  // Uploads go into the folder shown, while the site's folders are on.
  const uploader = useSubmittedUploads({
    tenant,
    siteId,
    folderId: settings.fileAreaFolderStructure ? folderId : null,
  });
  return (
    <SiteFilesPage
      direction={SUBMITTED_FILES}
      notice={settings.portalFilesView ? <ActionNeeded canUpload={settings.internalFilesUpload} /> : null}
      before={
        <>
          <NewDocumentsNotice />
          {settings.internalFilesUpload ? (
            <FileUploader
              uploader={uploader}
              siteName={site?.name}
              canDelete={settings.internalFilesDelete}
            />
          ) : null}
        </>
      }
    />
  );
}
