import { TUS_UPLOADS_PATH, type UploadedFile } from '@portico/contracts';
import type { DetailedError, PreviousUpload, Upload } from 'tus-js-client';
import { serviceUrl } from '../../../api/endpoints.ts';
import { type ApiError, isErrorBody, TRANSPORT_ERROR_MESSAGES } from '../../../lib/http-errors.ts';

/** The code of a cancelled upload (SPEC §4, §8). */
export const UPLOAD_CANCELLED_CODE = 'ERR_CANCELED';

/**
 * Waits before each new try after a failure (a network drop, a server restarting): about two minutes in all,
 * then the upload fails and can be added again, which resumes it from the offset the server kept.
 */
export const UPLOAD_RETRY_DELAYS_MS = [
  0, 1000, 2000, 3000, 5000, 5000, 10_000, 10_000, 20_000, 30_000, 30_000,
];

/** An unfinished upload of the same file to the same site, left by an earlier page (a reload, a closed tab). */
export interface ResumableUpload {
  fileName: string;
  /** When it was started, as the browser recorded it. */
  startedAt: Date;
}

export interface UploadFileOptions {
  /** Base address of the tenant's file-storage service, from discovery. */
  baseUrl: string;
  /** Read before every request, so that a token refreshed during a long upload is the one sent. */
  getAccessToken: () => string | null | undefined;
  siteId: string;
  /** A new version of this file (decision 49): the finished upload becomes its next version, no save needed. */
  fileId?: string | undefined;
  file: File;
  signal?: AbortSignal;
  /** 0 to 100, as the server acknowledges the bytes (a resumed upload starts where it was). */
  onProgress?: (percent: number) => void;
  /** Asked when an earlier unfinished upload of this file is found: true resumes it, false starts afresh. */
  confirmResume?: (previous: ResumableUpload) => Promise<boolean>;
}

/** tus-js-client comes with the first upload, not with the first screen (issue 19); loaded once. */
let tusModule: Promise<typeof import('tus-js-client')> | undefined;
const loadTus = () => {
  tusModule ??= import('tus-js-client');
  return tusModule;
};

class UploadCancelled extends Error {
  readonly code = UPLOAD_CANCELLED_CODE;
}

/**
 * Uploads one file through tus (`file-storage api/uploads/tus`): resumable across network drops (retried from the
 * server's offset), token refreshes (each request carries the current token) and server restarts; after a reload,
 * choosing the same file again offers to resume it (the browser keeps the upload's address per file, site and
 * tenant). Answers what the server kept, as the multipart upload does. A cancel terminates the upload on the
 * server (nothing of it stays) and rejects with code `ERR_CANCELED`.
 */
export async function uploadFile(options: UploadFileOptions): Promise<UploadedFile> {
  const tus = await loadTus();
  const { baseUrl, siteId, fileId, file, signal } = options;
  const authorize = (request: { setHeader(name: string, value: string): void }) => {
    const token = options.getAccessToken();
    if (token) request.setHeader('Authorization', `Bearer ${token}`);
  };
  return new Promise<UploadedFile>((resolve, reject) => {
    // Once the server has the whole file there is nothing left to terminate: a cancel then only stops the
    // reading of the answer, and the pending upload, never saved, goes after UPLOAD_GRACE_SECONDS.
    let finished = false;
    const upload: Upload = new tus.Upload(file, {
      endpoint: serviceUrl(baseUrl, TUS_UPLOADS_PATH),
      metadata: { filename: file.name, filetype: file.type, siteId, ...(fileId ? { fileId } : {}) },
      fingerprint: async () =>
        ['portico', baseUrl, siteId, fileId ?? '', file.name, file.type, file.size, file.lastModified].join(
          '|',
        ),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      retryDelays: UPLOAD_RETRY_DELAYS_MS,
      onShouldRetry: (error) => {
        const status = error.originalResponse?.getStatus() ?? 0;
        // No answer (a drop), a conflict or lock (resume from the server's offset), the server or a proxy
        // failing, a token that expired on the way (the next try reads the refreshed one), or too busy.
        return !status || [401, 408, 409, 423, 429].includes(status) || status >= 500;
      },
      onBeforeRequest: authorize,
      onProgress: (sent, total) => options.onProgress?.(total > 0 ? Math.floor((sent / total) * 100) : 100),
      onSuccess: () => {
        finished = true;
        readUploadedFile(upload.url!, options.getAccessToken).then(resolve, reject);
      },
      onError: reject,
    });
    if (signal?.aborted) return reject(new UploadCancelled('Cancelled'));
    signal?.addEventListener(
      'abort',
      () => {
        // Terminated on the server when it had an address: nothing of a cancelled upload is kept.
        if (!finished) upload.abort(true).catch(() => {});
        reject(new UploadCancelled('Cancelled'));
      },
      { once: true },
    );
    upload
      .findPreviousUploads()
      .then(async (previous) => {
        const last = latestOf(previous);
        if (last) {
          const resume = options.confirmResume
            ? await options.confirmResume({ fileName: file.name, startedAt: new Date(last.creationTime) })
            : true;
          if (resume) upload.resumeFromPreviousUpload(last);
          else await forget(tus, previous, authorize);
        }
        if (!signal?.aborted) upload.start();
      })
      .catch(reject);
  });
}

const latestOf = (previous: PreviousUpload[]) =>
  previous.filter((p) => p.uploadUrl).sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];

/** Uploads the person chose not to resume: terminated on the server and forgotten by the browser. */
async function forget(
  tus: typeof import('tus-js-client'),
  previous: PreviousUpload[],
  authorize: (request: { setHeader(name: string, value: string): void }) => void,
) {
  for (const p of previous) {
    if (p.uploadUrl) await tus.Upload.terminate(p.uploadUrl, { onBeforeRequest: authorize }).catch(() => {});
    await tus.defaultOptions.urlStorage.removeUpload(p.urlStorageKey).catch(() => {});
  }
}

/**
 * `GET file-storage api/uploads/tus/{id}`: the finished upload's reference number and what was measured. Tried
 * again like the upload's own requests when the network or the server fails on the way.
 */
async function readUploadedFile(
  uploadUrl: string,
  getAccessToken: UploadFileOptions['getAccessToken'],
): Promise<UploadedFile> {
  for (const delay of [...UPLOAD_RETRY_DELAYS_MS, undefined]) {
    const token = getAccessToken();
    const response = await fetch(
      new Request(uploadUrl, {
        headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      }),
    ).catch((error: unknown) => {
      if (delay === undefined) throw error;
      return undefined;
    });
    if (
      response &&
      (response.ok || (response.status < 500 && response.status !== 401) || delay === undefined)
    ) {
      const body: unknown = await response.json().catch(() => null);
      if (response.ok) return body as UploadedFile;
      throw isErrorBody(body)
        ? Object.assign(new Error(body.error.message), {
            apiError: { ...body.error, status: response.status },
          })
        : new Error(`The upload failed (HTTP ${response.status}).`);
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
  throw new Error('unreachable');
}

/** A failed upload as an ApiError: the server's code and message, or the transport failure, or the cancel. */
export function uploadErrorOf(error: unknown): ApiError {
  if (error instanceof UploadCancelled) return { code: UPLOAD_CANCELLED_CODE, message: 'Cancelled' };
  if ((error as { code?: string })?.code === UPLOAD_CANCELLED_CODE) {
    return { code: UPLOAD_CANCELLED_CODE, message: 'Cancelled' };
  }
  const known = (error as { apiError?: ApiError })?.apiError;
  if (known) return known;
  if (isDetailedError(error)) {
    const status = error.originalResponse?.getStatus();
    if (status) {
      let body: unknown = null;
      try {
        body = JSON.parse(error.originalResponse?.getBody() ?? '');
      } catch {
        // Not JSON: a proxy's page, say.
      }
      if (isErrorBody(body)) return { code: body.error.code, message: body.error.message, status };
      return { code: `HTTP_${status}`, message: `The upload failed (HTTP ${status}).`, status };
    }
    return { code: 'FETCH_ERROR', message: TRANSPORT_ERROR_MESSAGES.FETCH_ERROR };
  }
  return { code: 'UNKNOWN_ERROR', message: error instanceof Error ? error.message : 'The upload failed.' };
}

/** tus-js-client's failure (its class is loaded with the first upload): it names the request and any answer. */
const isDetailedError = (error: unknown): error is DetailedError =>
  error instanceof Error && 'originalRequest' in error && 'originalResponse' in error;
