import type { UploadedFile } from '@portico/contracts';
import { App } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { resolveServiceBaseUrl } from '../../../api/endpoints.ts';
import { formatDate } from '../../../lib/format.ts';
import type { ApiError } from '../../../lib/http-errors.ts';
import { useShellSelector } from '../../../store/hooks.ts';
import { selectAccessToken, selectEndPoints } from '../../../store/selectors.ts';
import {
  type ResumableUpload,
  UPLOAD_CANCELLED_CODE,
  uploadErrorOf,
  uploadFile,
} from '../api/upload-file.ts';

export type UploadStatus = 'queued' | 'uploading' | 'done' | 'error' | 'cancelled';

/** One file the user chose, from the queue to its reference number (or why it has none). */
export interface UploadItem {
  uid: string;
  fileName: string;
  size: number;
  status: UploadStatus;
  /** 0 to 100. */
  percent: number;
  /** What the server kept, once `done`. */
  uploaded?: UploadedFile;
  /** Why it failed; `ERR_CANCELED` once `cancelled`. */
  error?: ApiError;
}

export interface UseFileUploadsOptions {
  /** The site the files go to; without one nothing can be added. */
  siteId: string | null | undefined;
  /** Uploads running at once; the rest wait in the queue. */
  concurrency?: number;
  onUploaded?: (item: UploadItem & { uploaded: UploadedFile }) => void;
}

let sequence = 0;
const nextUid = () => `upload-${Date.now().toString(36)}-${(sequence++).toString(36)}`;

/**
 * Uploads files to a site through file storage, each its own resumable (tus) upload with its own progress and
 * cancel (SPEC §4: a cancelled upload has the code ERR_CANCELED). A file whose upload an earlier page left
 * unfinished is offered for resuming. Unmounting cancels what is still running.
 */
export function useFileUploads({ siteId, concurrency = 3, onUploaded }: UseFileUploadsOptions) {
  const endPoints = useShellSelector(selectEndPoints);
  const accessToken = useShellSelector(selectAccessToken);
  const baseUrl = resolveServiceBaseUrl(endPoints, 'file-storage');
  const [items, setItems] = useState<UploadItem[]>([]);

  const queue = useRef<{ uid: string; file: File; siteId: string; fileId?: string | undefined }[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const latest = useRef({ baseUrl, accessToken, onUploaded, concurrency });
  latest.current = { baseUrl, accessToken, onUploaded, concurrency };
  const { modal } = App.useApp();
  const confirmResume = useCallback(
    ({ fileName, startedAt }: ResumableUpload) =>
      new Promise<boolean>((resolve) => {
        // Outside antd's App (tests) there is nobody to ask: resuming loses nothing.
        if (!modal?.confirm) return resolve(true);
        modal.confirm({
          title: 'Resume upload?',
          content: `The upload of "${fileName}" started on ${formatDate(startedAt.toISOString())} did not finish. Resume it where it stopped?`,
          okText: 'Resume',
          cancelText: 'Start over',
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal],
  );

  const patch = useCallback((uid: string, change: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.uid === uid ? { ...item, ...change } : item)));
  }, []);

  const pump = useCallback(() => {
    const current = latest.current;
    while (controllers.current.size < current.concurrency && queue.current.length > 0) {
      const next = queue.current.shift()!;
      const controller = new AbortController();
      controllers.current.set(next.uid, controller);
      patch(next.uid, { status: 'uploading', percent: 0 });
      const finish = (change: Partial<UploadItem>) => {
        controllers.current.delete(next.uid);
        patch(next.uid, change);
        pump();
      };
      if (!current.baseUrl || !current.accessToken) {
        finish({
          status: 'error',
          error: { code: 'discovery.endpoint_missing', message: 'No address is known for file storage.' },
        });
        continue;
      }
      uploadFile({
        baseUrl: current.baseUrl,
        getAccessToken: () => latest.current.accessToken,
        confirmResume,
        siteId: next.siteId,
        fileId: next.fileId,
        file: next.file,
        signal: controller.signal,
        onProgress: (percent) => patch(next.uid, { percent }),
      }).then(
        (uploaded) => {
          finish({ status: 'done', percent: 100, uploaded });
          latest.current.onUploaded?.({
            uid: next.uid,
            fileName: next.file.name,
            size: next.file.size,
            status: 'done',
            percent: 100,
            uploaded,
          });
        },
        (error: unknown) => {
          const apiError = uploadErrorOf(error);
          finish({
            status: apiError.code === UPLOAD_CANCELLED_CODE ? 'cancelled' : 'error',
            error: apiError,
          });
        },
      );
    }
  }, [patch, confirmResume]);

  /**
   * Queues the files for the current site and starts as many as the concurrency allows; with `fileId`, each
   * becomes a new version of that file (decision 49).
   */
  const add = useCallback(
    (files: readonly File[], fileId?: string) => {
      if (!siteId || files.length === 0) return [];
      const added = files.map((file) => ({ uid: nextUid(), file, siteId, fileId }));
      queue.current.push(...added);
      setItems((list) => [
        ...list,
        ...added.map(({ uid, file }) => ({
          uid,
          fileName: file.name,
          size: file.size,
          status: 'queued' as const,
          percent: 0,
        })),
      ]);
      pump();
      return added.map((a) => a.uid);
    },
    [siteId, pump],
  );

  /** Stops an upload that is queued or running; the item stays, marked "Cancelled". */
  const cancel = useCallback(
    (uid: string) => {
      const queued = queue.current.findIndex((q) => q.uid === uid);
      if (queued >= 0) {
        queue.current.splice(queued, 1);
        patch(uid, { status: 'cancelled', error: { code: UPLOAD_CANCELLED_CODE, message: 'Cancelled' } });
        return;
      }
      controllers.current.get(uid)?.abort();
    },
    [patch],
  );

  /** Forgets an item (cancelling it first if it still runs). */
  const remove = useCallback(
    (uid: string) => {
      cancel(uid);
      setItems((list) => list.filter((item) => item.uid !== uid));
    },
    [cancel],
  );

  /** Cancels everything still running and empties the list. */
  const clear = useCallback(() => {
    queue.current = [];
    for (const controller of controllers.current.values()) controller.abort();
    setItems([]);
  }, []);

  useEffect(
    () => () => {
      queue.current = [];
      for (const controller of controllers.current.values()) controller.abort();
    },
    [],
  );

  const isUploading = items.some((i) => i.status === 'queued' || i.status === 'uploading');
  const done = useMemo(
    () =>
      items.filter((i): i is UploadItem & { uploaded: UploadedFile } => i.status === 'done' && !!i.uploaded),
    [items],
  );
  return { items, done, isUploading, canUpload: !!siteId && !!baseUrl, add, cancel, remove, clear };
}
