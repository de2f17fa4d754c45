import type { SavedSubmittedFiles, SaveSubmittedFilesBody } from '@portico/contracts';
import { idempotencyHeaders, shellApi } from '@portico/web-shell';

export const saveSubmittedFilesApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * `POST api/files` (portal): the uploaded references become Submitted Files of the site, all or none. The
     * list and the site's record count are read again. `idempotencyKey` makes a retry safe: the same key again
     * answers the first save's answer instead of 404 for uploads already saved.
     */
    saveSubmittedFiles: build.mutation<
      SavedSubmittedFiles,
      { tenant: string; idempotencyKey: string } & SaveSubmittedFilesBody
    >({
      query: ({ tenant: _tenant, idempotencyKey, ...body }) => ({
        service: 'portal',
        url: 'api/files',
        method: 'POST',
        headers: idempotencyHeaders(idempotencyKey),
        body,
      }),
      invalidatesTags: ['SubmittedFiles', 'RecordCount'],
    }),
  }),
});

export const { useSaveSubmittedFilesMutation } = saveSubmittedFilesApi;
