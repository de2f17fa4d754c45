import {
  CategorySelect,
  selectSelectedSite,
  selectTenant,
  UrlUpload,
  useFolderParam,
  useIdempotencyKeys,
  useSelectedSite,
  useShellSelector,
} from '@portico/web-shell';
import { useCallback, useState } from 'react';
import { useSaveSubmittedFilesMutation } from '../api/save-submitted-files.ts';
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
  // The category Save gives the files, where the site lets its clients set one (issue 27 item 4).
  const [categoryId, setCategoryId] = useState('');
  const canCategorise = settings.internalFilesRecategorize;
  // Uploads go into the folder shown, while the site's folders are on.
  const uploader = useSubmittedUploads({
    tenant,
    siteId,
    folderId: settings.fileAreaFolderStructure ? folderId : null,
    categoryId: canCategorise && categoryId ? categoryId : null,
  });
  const [saveSubmittedFiles] = useSaveSubmittedFilesMutation();
  const keys = useIdempotencyKeys();
  // A file fetched from a link is saved at once, as the uploader's Save saves an upload.
  const saveFetched = useCallback(
    async ({ referenceNumber, siteId: site }: { referenceNumber: string; siteId: string }) => {
      const folder = settings.fileAreaFolderStructure ? folderId : null;
      const body = { siteId: site, files: [{ referenceNumber }], ...(folder ? { folderId: folder } : {}) };
      await saveSubmittedFiles({ tenant: tenant ?? '', idempotencyKey: keys.keyFor(body), ...body }).unwrap();
      keys.succeeded();
    },
    [saveSubmittedFiles, tenant, keys, settings.fileAreaFolderStructure, folderId],
  );
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
              beforeSave={
                canCategorise ? (
                  <CategorySelect
                    value={categoryId}
                    onChange={setCategoryId}
                    label="Category of the saved files"
                    testId="upload-category"
                  />
                ) : null
              }
            />
          ) : null}
          {settings.internalFilesUpload && settings.urlFileUpload && tenant && siteId ? (
            <div className="portico-card" style={{ padding: 16 }}>
              <UrlUpload tenant={tenant} siteId={siteId} onDone={saveFetched} />
            </div>
          ) : null}
        </>
      }
    />
  );
}
