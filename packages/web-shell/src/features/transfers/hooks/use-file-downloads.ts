import type { ServiceType } from '@portico/contracts';
import { useCallback } from 'react';
import { shellApi } from '../../../api/shell-api.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useShellDispatch } from '../../../store/hooks.ts';
import { asApiError, describeFileError, fileErrorTitle } from '../file-errors.ts';
import { useDownload } from './use-download.ts';

type Tag = Parameters<typeof shellApi.util.invalidateTags>[0][number];

export interface FileDownloadTarget {
  service: ServiceType;
  /** `api/files/published-files/{id}`, `api/files/submitted/{id}`. */
  fileUrl: (id: string) => string;
  /** `api/files/published-files/zip`, `api/files/submitted/zip`; the zip's name when the answer gives none. */
  zip?: { url: string; name: string };
  /** What a download changes on the server (published files stop being new). */
  invalidates?: readonly Tag[];
}

const ZIP_KEY = 'zip';

/**
 * Single and zip downloads of one file list (the portal's and the control panel's): a GET (or, for a zip, a POST `{ fileIds }`) as a blob, saved under
 * the Content-Disposition name. Failures become a notification with a readable message.
 */
export function useFileDownloads(target: FileDownloadTarget) {
  const { download, busy } = useDownload();
  const dispatch = useShellDispatch();
  const { service, fileUrl, zip, invalidates } = target;

  const afterDownload = useCallback(() => {
    if (invalidates?.length) dispatch(shellApi.util.invalidateTags([...invalidates]));
  }, [dispatch, invalidates]);

  const downloadFile = useCallback(
    async (file: { id: string; fileName: string }) => {
      try {
        await download({ service, url: fileUrl(file.id), fallbackName: file.fileName, key: file.id });
        afterDownload();
      } catch (rejection) {
        const error = asApiError(rejection);
        notify.error(fileErrorTitle(error, 'The download failed'), describeFileError(error, 'download'));
      }
    },
    [download, service, fileUrl, afterDownload],
  );

  const downloadZip = useCallback(
    async (fileIds: readonly string[]) => {
      if (fileIds.length === 0 || !zip) return;
      try {
        await download({
          service,
          url: zip.url,
          method: 'POST',
          body: { fileIds },
          fallbackName: zip.name,
          key: ZIP_KEY,
        });
        afterDownload();
      } catch (rejection) {
        const error = asApiError(rejection);
        notify.error(fileErrorTitle(error, 'The zip download failed'), describeFileError(error, 'download'));
      }
    },
    [download, service, zip, afterDownload],
  );

  return {
    downloadFile,
    downloadZip,
    isDownloading: (id: string) => busy.has(id),
    isZipping: busy.has(ZIP_KEY),
  };
}
