import type { FileColumnList, FileSortField, PublishedFileList } from '@portico/contracts';
import { shellApi } from '@portico/web-shell';
import type { FileListQuery } from '../../site-files/lib/file-list-query.ts';

export const publishedFilesApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    /** A page of the site's published files: `GET api/files/published-files` (file management). */
    getPublishedFiles: build.query<PublishedFileList, { tenant: string } & FileListQuery<FileSortField>>({
      query: ({ tenant: _tenant, ...params }) => ({
        service: 'file-management',
        url: 'api/files/published-files',
        params,
      }),
      // Shared with the badge's count, so a download that changes `isNew` refreshes both.
      providesTags: ['PublishedFiles'],
    }),
    /** `GET api/files/published-files/columns`: defined, not used (SPEC §7); the table's columns are its own. */
    getPublishedFileColumns: build.query<FileColumnList, { tenant: string }>({
      query: () => ({ service: 'file-management', url: 'api/files/published-files/columns' }),
    }),
  }),
});

export const { useGetPublishedFilesQuery } = publishedFilesApi;
