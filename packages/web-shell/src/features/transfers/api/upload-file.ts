import { UPLOAD_FORM_FIELDS, type UploadedFile, type UploadResponse } from '@portico/contracts';
import axios from 'axios';
import { serviceUrl } from '../../../api/endpoints.ts';
import { type ApiError, isErrorBody, TRANSPORT_ERROR_MESSAGES } from '../../../lib/http-errors.ts';

/** The code of a cancelled upload (SPEC §4, §8): axios's own for an aborted request. */
export const UPLOAD_CANCELLED_CODE = 'ERR_CANCELED';

export interface UploadFileOptions {
  /** Base address of the tenant's file-storage service, from discovery. */
  baseUrl: string;
  accessToken: string;
  siteId: string;
  file: File;
  signal?: AbortSignal;
  /** 0 to 100, as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
}

/**
 * `POST file-storage api/files` (multipart: the site first, then the file) with progress and cancel; answers the
 * file's reference number and what the server measured. A cancel rejects with code `ERR_CANCELED`.
 */
export async function uploadFile(options: UploadFileOptions): Promise<UploadedFile> {
  const form = new FormData();
  form.append(UPLOAD_FORM_FIELDS.siteId, options.siteId);
  form.append(UPLOAD_FORM_FIELDS.file, options.file, options.file.name);
  const response = await axios.post<UploadResponse>(serviceUrl(options.baseUrl, 'api/files'), form, {
    headers: { Authorization: `Bearer ${options.accessToken}`, Accept: 'application/json' },
    ...(options.signal ? { signal: options.signal } : {}),
    onUploadProgress: (event) => {
      if (!options.onProgress) return;
      const total = event.total ?? options.file.size;
      options.onProgress(total > 0 ? Math.min(100, Math.round((event.loaded / total) * 100)) : 100);
    },
  });
  const uploaded = response.data.files[0];
  if (!uploaded) throw new Error('The server answered no file for the upload.');
  return uploaded;
}

/** A failed upload as an ApiError: the server's code and message, or the transport failure, or the cancel. */
export function uploadErrorOf(error: unknown): ApiError {
  if (axios.isCancel(error) || (axios.isAxiosError(error) && error.code === UPLOAD_CANCELLED_CODE))
    return { code: UPLOAD_CANCELLED_CODE, message: 'Cancelled' };
  if (axios.isAxiosError(error)) {
    const status = error.response?.status;
    const data: unknown = error.response?.data;
    if (status && isErrorBody(data)) return { code: data.error.code, message: data.error.message, status };
    if (status) return { code: `HTTP_${status}`, message: `The upload failed (HTTP ${status}).`, status };
    if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT')
      return { code: 'TIMEOUT_ERROR', message: TRANSPORT_ERROR_MESSAGES.TIMEOUT_ERROR };
    return { code: 'FETCH_ERROR', message: TRANSPORT_ERROR_MESSAGES.FETCH_ERROR };
  }
  return { code: 'UNKNOWN_ERROR', message: error instanceof Error ? error.message : 'The upload failed.' };
}
