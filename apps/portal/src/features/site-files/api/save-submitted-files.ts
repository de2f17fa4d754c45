import type { SavedSubmittedFiles, SaveSubmittedFilesBody } from '@portico/contracts';
import { shellApi } from '@portico/web-shell';

export const saveSubmittedFilesApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * `POST api/files` (portal): the uploaded references become Submitted Files of the site, all or none. The
     * list and the site's record count are read again.
     */
    saveSubmittedFiles: build.mutation<SavedSubmittedFiles, { tenant: string } & SaveSubmittedFilesBody>({
      query: ({ tenant: _tenant, ...body }) => ({
        service: 'portal',
        url: 'api/files',
        method: 'POST',
        body,
      }),
      invalidatesTags: ['SubmittedFiles', 'RecordCount'],
    }),
  }),
});

export const { useSaveSubmittedFilesMutation } = saveSubmittedFilesApi;
