import type { ServiceType } from '@portico/contracts';
import { useCallback, useState } from 'react';
import { resolveServiceBaseUrl, serviceUrl } from '../../../api/endpoints.ts';
import {
  type ApiError,
  isErrorBody,
  SHELL_ERROR_CODES,
  TRANSPORT_ERROR_MESSAGES,
} from '../../../lib/http-errors.ts';
import { type QueryParam, withQuery } from '../../../lib/query-string.ts';
import { useShellSelector } from '../../../store/hooks.ts';
import { selectAccessToken, selectEndPoints } from '../../../store/selectors.ts';
import { fileNameFromContentDisposition } from '../content-disposition.ts';

export interface DownloadRequest {
  service: ServiceType;
  /** Relative to the service's base address: `api/files/published-files/{id}`. */
  url: string;
  /** GET for one file; POST with a JSON body for a zip (SPEC §7). */
  method?: 'GET' | 'POST';
  body?: unknown;
  /** Query parameters; an array repeats the parameter. */
  params?: Record<string, QueryParam>;
  /** Used when the answer names no file. */
  fallbackName: string;
  /** Tells concurrent downloads apart in `busy`; the URL when left out. */
  key?: string;
}

/** Hands a blob to the browser as a download with that name. */
export function saveBlob(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the blob once the click is handled; a minute is ample for slow machines.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

async function errorOf(response: Response): Promise<ApiError> {
  const data: unknown = await response.json().catch(() => undefined);
  if (isErrorBody(data))
    return { code: data.error.code, message: data.error.message, status: response.status };
  return {
    code: `HTTP_${response.status}`,
    message: `The download failed (HTTP ${response.status}).`,
    status: response.status,
  };
}

/**
 * Downloads from a tenant service as a blob with the bearer token, and saves it under the name from
 * `Content-Disposition` (SPEC §7). Rejects with an ApiError; `busy` holds the keys of downloads under way.
 */
export function useDownload() {
  const endPoints = useShellSelector(selectEndPoints);
  const accessToken = useShellSelector(selectAccessToken);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  const download = useCallback(
    async (request: DownloadRequest): Promise<void> => {
      const key = request.key ?? request.url;
      const base = resolveServiceBaseUrl(endPoints, request.service);
      if (!accessToken) throw { code: SHELL_ERROR_CODES.tokenMissing, message: 'You are not signed in.' };
      if (!base)
        throw {
          code: SHELL_ERROR_CODES.endpointMissing,
          message: `No address is known for the ${request.service} service.`,
        } satisfies ApiError;
      setBusy((set) => new Set(set).add(key));
      try {
        const headers: Record<string, string> = { Authorization: `Bearer ${accessToken}` };
        if (request.body !== undefined) headers['Content-Type'] = 'application/json';
        let response: Response;
        try {
          response = await fetch(serviceUrl(base, withQuery(request.url, request.params ?? {})), {
            method: request.method ?? 'GET',
            headers,
            ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
          });
        } catch {
          throw { code: 'FETCH_ERROR', message: TRANSPORT_ERROR_MESSAGES.FETCH_ERROR } satisfies ApiError;
        }
        if (!response.ok) throw await errorOf(response);
        const blob = await response.blob();
        const name =
          fileNameFromContentDisposition(response.headers.get('content-disposition')) ?? request.fallbackName;
        saveBlob(blob, name);
      } finally {
        setBusy((set) => {
          const next = new Set(set);
          next.delete(key);
          return next;
        });
      }
    },
    [endPoints, accessToken],
  );

  return { download, busy };
}
