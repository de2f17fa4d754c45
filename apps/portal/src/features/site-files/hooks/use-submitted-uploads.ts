import { MAX_FILES_PER_SAVE, type SavedSubmittedFiles } from '@portico/contracts';
import {
  type ApiError,
  notify,
  toApiError,
  type UploadItem,
  useDiscardUploadsMutation,
  useFileUploads,
  useIdempotencyKeys,
  useShellDispatch,
  useShellSelector,
} from '@portico/web-shell';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSaveSubmittedFilesMutation } from '../api/save-submitted-files.ts';
import {
  addSucceededFile,
  removeSucceededFile,
  type SucceededFile,
  selectUploader,
  setPendingSave,
} from '../uploader-slice.ts';

/** Save's notification: its outcome replaces the last one. */
const SAVE_TOAST = 'submitted-files-save';

/** Where a row is: the upload's own states, then `removing` while its DELETE runs. */
export type UploadRowStatus = UploadItem['status'] | 'removing';

/** One file in the uploader: on its way, uploaded and waiting for Save, or stopped (cancelled, refused). */
export interface UploadRow {
  uid: string;
  fileName: string;
  size: number;
  status: UploadRowStatus;
  /** 0 to 100. */
  percent: number;
  /** Known once uploaded. */
  referenceNumber?: string;
  /** Why it stopped (`ERR_CANCELED` when cancelled), or why removing it failed. */
  error?: ApiError;
}

/** A reference that file storage no longer holds for this user: already gone, nothing left to remove. */
const UPLOAD_NOT_FOUND = 'uploads.not_found';

interface Destination {
  tenant: string;
  siteId: string;
}

/**
 * The Submitted Files uploader: each file is uploaded on its own with progress and cancel; an uploaded file is
 * tracked in the persisted uploader slice (`succeededFiles`, `pendingSave`) until Save turns it into a submitted
 * file, so a reload before Save still knows it; Remove discards it from file storage (DELETE api/files).
 */
export function useSubmittedUploads({
  tenant,
  siteId,
  folderId = null,
  categoryId = null,
}: {
  tenant: string | null;
  siteId: string | null;
  /** The folder the saved files go into; null: the site's root. */
  folderId?: string | null;
  /** The category the saved files get (issue 27 item 4); null: none. */
  categoryId?: string | null;
}) {
  const dispatch = useShellDispatch();
  const { succeededFiles } = useShellSelector(selectUploader);
  const [discardUploads] = useDiscardUploadsMutation();
  const [saveSubmittedFiles, { isLoading: isSaving }] = useSaveSubmittedFilesMutation();
  const keys = useIdempotencyKeys();
  const [removing, setRemoving] = useState<ReadonlySet<string>>(new Set());
  const [removeErrors, setRemoveErrors] = useState<Readonly<Record<string, ApiError>>>({});
  const [saveError, setSaveError] = useState<ApiError | null>(null);
  // Where each upload of this visit went: its reference only counts for that tenant's site.
  const destinations = useRef(new Map<string, Destination>());

  const uploads = useFileUploads({
    siteId,
    onUploaded: useCallback(
      (item: UploadItem & { uploaded: NonNullable<UploadItem['uploaded']> }) => {
        const destination = destinations.current.get(item.uid);
        if (!destination) return;
        dispatch(
          addSucceededFile({
            uid: item.uid,
            fileName: item.uploaded.fileName,
            size: item.uploaded.size,
            referenceNumber: item.uploaded.referenceNumber,
            ...destination,
          }),
        );
      },
      [dispatch],
    ),
  });

  const isHere = (place: { tenant?: string | undefined; siteId?: string | undefined }) =>
    (place.tenant ?? tenant) === tenant && (place.siteId ?? siteId) === siteId;
  /** This site's uploads that wait for Save, from the persisted slice. */
  const waiting = succeededFiles.filter(isHere);

  const rowOf = (file: SucceededFile): UploadRow => {
    const error = removeErrors[file.uid];
    return {
      uid: file.uid,
      fileName: file.fileName,
      size: file.size,
      status: removing.has(file.uid) ? 'removing' : 'done',
      percent: 100,
      referenceNumber: file.referenceNumber,
      ...(error ? { error } : {}),
    };
  };
  const visitUids = new Set(uploads.items.map((item) => item.uid));
  const rows: UploadRow[] = [
    // Uploaded before a reload: only the slice knows them.
    ...waiting.filter((file) => !visitUids.has(file.uid)).map(rowOf),
    ...uploads.items.flatMap((item): UploadRow[] => {
      const destination = destinations.current.get(item.uid);
      if (!destination || !isHere(destination)) return [];
      if (item.status === 'done') {
        // Saved or removed since: it has left the uploader.
        const file = waiting.find((f) => f.uid === item.uid);
        return file ? [rowOf(file)] : [];
      }
      const { uid, fileName, size, status, percent, error } = item;
      return [{ uid, fileName, size, status, percent, ...(error ? { error } : {}) }];
    }),
  ];

  const add = useCallback(
    (files: readonly File[]) => {
      if (!tenant || !siteId) return [];
      const uids = uploads.add(files);
      for (const uid of uids) destinations.current.set(uid, { tenant, siteId });
      return uids;
    },
    [uploads.add, tenant, siteId],
  );

  const forget = (uid: string) => {
    dispatch(removeSucceededFile(uid));
    uploads.remove(uid);
  };

  /** An uploaded file is discarded on the server first; anything else just leaves the list (cancelled if running). */
  const remove = async (uid: string) => {
    const file = waiting.find((f) => f.uid === uid);
    if (!file) {
      uploads.remove(uid);
      return;
    }
    setRemoving((set) => new Set(set).add(uid));
    setRemoveErrors(({ [uid]: _, ...rest }) => rest);
    try {
      await discardUploads({
        siteId: file.siteId ?? siteId ?? '',
        referenceNumbers: [file.referenceNumber],
      }).unwrap();
      forget(uid);
    } catch (rejection) {
      const error = toApiError(rejection);
      if (error.code === UPLOAD_NOT_FOUND) forget(uid);
      else setRemoveErrors((errors) => ({ ...errors, [uid]: error }));
    } finally {
      setRemoving((set) => {
        const next = new Set(set);
        next.delete(uid);
        return next;
      });
    }
  };

  /** Save (SPEC §4): the site's uploaded files become Submitted Files, then leave the uploader. */
  const save = async (): Promise<SavedSubmittedFiles | undefined> => {
    const batch = waiting.filter((f) => !removing.has(f.uid)).slice(0, MAX_FILES_PER_SAVE);
    if (!tenant || !siteId || batch.length === 0) return undefined;
    dispatch(setPendingSave(true));
    setSaveError(null);
    try {
      const request = {
        tenant,
        siteId,
        ...(folderId ? { folderId } : {}),
        ...(categoryId ? { categoryId } : {}),
        files: batch.map((f) => ({ referenceNumber: f.referenceNumber })),
      };
      // Saving again after a failure sends the same key: if the first save landed, its answer comes back.
      const saved = await saveSubmittedFiles({ ...request, idempotencyKey: keys.keyFor(request) }).unwrap();
      keys.succeeded();
      for (const file of batch) forget(file.uid);
      // The same key as the failure's: a successful Save replaces an earlier error instead of leaving it up.
      notify.success(
        batch.length === 1 ? 'File submitted' : `${batch.length} files submitted`,
        'They are now listed in Submitted Files.',
        SAVE_TOAST,
      );
      return saved;
    } catch (rejection) {
      const error = toApiError(rejection);
      setSaveError(error);
      notify.error('The files could not be saved', error.message, SAVE_TOAST);
      return undefined;
    }
  };

  // Leaving the page (or reloading) stops running uploads: ask first.
  useEffect(() => {
    if (!uploads.isUploading) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [uploads.isUploading]);

  return {
    rows,
    add,
    cancel: uploads.cancel,
    remove,
    save,
    isSaving,
    saveError,
    /** Files uploaded to this site and waiting for Save. */
    readyCount: waiting.length,
    isUploading: uploads.isUploading,
    canUpload: uploads.canUpload && !!tenant,
  };
}
