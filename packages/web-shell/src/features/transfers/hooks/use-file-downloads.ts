import type { ServiceType } from '@portico/contracts';
import { useCallback, useState } from 'react';
import { resolveServiceBaseUrl, serviceUrl } from '../../../api/endpoints.ts';
import { shellApi } from '../../../api/shell-api.ts';
import { SHELL_ERROR_CODES, toApiError } from '../../../lib/http-errors.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useShellDispatch, useShellSelector } from '../../../store/hooks.ts';
import { selectEndPoints } from '../../../store/selectors.ts';
import { useCreateDownloadTicketMutation } from '../api/download-ticket.ts';
import { describeFileError, fileErrorTitle, SETTINGS_FORBIDDEN } from '../file-errors.ts';

type Tag = Parameters<typeof shellApi.util.invalidateTags>[0][number];

export interface FileDownloadTarget {
  service: ServiceType;
  /** The list's ticket route: `api/files/published-files/download-tickets`, `api/staff/submissions/download-tickets`. */
  ticketsUrl: string;
  /** Whether the list offers a zip of a selection. */
  zip?: boolean;
  /** What a download changes on the server (published files stop being new). */
  invalidates?: readonly Tag[];
}

const ZIP_KEY = 'zip';

/**
 * How long after a download began the lists it changes are read again: the browser's GET, which writes the
 * download's audit event before its first byte, has reached the server by then.
 */
export const REFRESH_AFTER_DOWNLOAD_MS = 1500;

/**
 * Hands a URL to the browser's own download manager: a click on a hidden link to an answer that says
 * `Content-Disposition: attachment` starts a download and leaves the page where it is. The browser shows its
 * progress and size, writes to disk as bytes arrive and resumes with Range; the page holds none of the bytes.
 */
export function startBrowserDownload(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Single and zip downloads of one file list (the portal's and the control panel's): a ticket is asked for with the
 * bearer token (`POST {ticketsUrl}` `{ fileIds, zip }`), then the browser downloads its URL natively. No bearer
 * token is ever in a URL. Failures become a notification with a readable message.
 */
export function useFileDownloads(target: FileDownloadTarget) {
  const [createTicket] = useCreateDownloadTicketMutation();
  const endPoints = useShellSelector(selectEndPoints);
  const dispatch = useShellDispatch();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const { service, ticketsUrl, zip, invalidates } = target;

  const start = useCallback(
    async (key: string, fileIds: readonly string[], asZip: boolean, failedTitle: string) => {
      setBusy((set) => new Set(set).add(key));
      try {
        const ticket = await createTicket({
          service,
          url: ticketsUrl,
          body: { fileIds: [...fileIds], ...(asZip ? { zip: true } : {}) },
        }).unwrap();
        const base = resolveServiceBaseUrl(endPoints, service);
        if (!base)
          throw {
            code: SHELL_ERROR_CODES.endpointMissing,
            message: `No address is known for the ${service} service.`,
          };
        startBrowserDownload(serviceUrl(base, ticket.url));
        if (invalidates?.length) {
          setTimeout(
            () => dispatch(shellApi.util.invalidateTags([...invalidates])),
            REFRESH_AFTER_DOWNLOAD_MS,
          );
        }
      } catch (rejection) {
        const error = toApiError(rejection);
        notify.error(fileErrorTitle(error, failedTitle), describeFileError(error, 'download'));
        // Refused by the site's settings: they changed since the page read them; read them again, so the page stops
        // offering what is no longer allowed (issue 30).
        if (error.code === SETTINGS_FORBIDDEN) dispatch(shellApi.util.invalidateTags(['Sites']));
      } finally {
        setBusy((set) => {
          const next = new Set(set);
          next.delete(key);
          return next;
        });
      }
    },
    [createTicket, endPoints, dispatch, service, ticketsUrl, invalidates],
  );

  const downloadFile = useCallback(
    (file: { id: string; fileName: string }) => start(file.id, [file.id], false, 'The download failed'),
    [start],
  );

  const downloadZip = useCallback(
    async (fileIds: readonly string[]) => {
      if (fileIds.length === 0 || !zip) return;
      await start(ZIP_KEY, fileIds, true, 'The zip download failed');
    },
    [start, zip],
  );

  return {
    downloadFile,
    downloadZip,
    isDownloading: (id: string) => busy.has(id),
    isZipping: busy.has(ZIP_KEY),
  };
}
