import type {
  FileColumnList,
  NewPublishedFilesQuery,
  PublishedFileCount,
  PublishedFileList,
  PublishedFilesQuery,
  SubmittedFileList,
  SubmittedFilesQuery,
} from '@portico/contracts';
import { shellApi } from '@portico/web-shell';

export const siteFilesApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    /** A page of the site's published files: `GET api/files/published-files` (file management). */
    getPublishedFiles: build.query<PublishedFileList, { tenant: string } & PublishedFilesQuery>({
      query: ({ tenant: _tenant, ...params }) => ({
        service: 'file-management',
        url: 'api/files/published-files',
        params,
      }),
      // Shared with the badge's count, so a download that changes `isNew` refreshes both.
      providesTags: ['PublishedFiles'],
    }),
    /** How many published files the caller never opened: `GET api/files/published-files/new-count`. */
    getNewPublishedFileCount: build.query<PublishedFileCount, { tenant: string } & NewPublishedFilesQuery>({
      query: ({ tenant: _tenant, ...params }) => ({
        service: 'file-management',
        url: 'api/files/published-files/new-count',
        params,
      }),
      providesTags: ['PublishedFiles'],
    }),
    /** `GET api/files/published-files/columns`: defined, not used (SPEC §7); the table's columns are its own. */
    getPublishedFileColumns: build.query<FileColumnList, { tenant: string }>({
      query: () => ({ service: 'file-management', url: 'api/files/published-files/columns' }),
    }),
    /** A page of the site's submitted files: `GET api/files/submitted` (portal). */
    getSubmittedFiles: build.query<SubmittedFileList, { tenant: string } & SubmittedFilesQuery>({
      query: ({ tenant: _tenant, ...params }) => ({ service: 'portal', url: 'api/files/submitted', params }),
      providesTags: ['SubmittedFiles'],
    }),
  }),
});

export const { useGetPublishedFilesQuery, useGetNewPublishedFileCountQuery, useGetSubmittedFilesQuery } =
  siteFilesApi;
