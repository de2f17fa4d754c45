import type { SubmittedFileList, SubmittedFileSortField } from '@portico/contracts';
import { shellApi } from '@portico/web-shell';
import type { FileListQuery } from '../../site-files/lib/file-list-query.ts';

export const submittedFilesApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    /** A page of the site's submitted files: `GET api/files/submitted` (portal). */
    getSubmittedFiles: build.query<
      SubmittedFileList,
      { tenant: string } & FileListQuery<SubmittedFileSortField>
    >({
      query: ({ tenant: _tenant, ...params }) => ({ service: 'portal', url: 'api/files/submitted', params }),
      providesTags: ['SubmittedFiles'],
    }),
  }),
});

export const { useGetSubmittedFilesQuery } = submittedFilesApi;
