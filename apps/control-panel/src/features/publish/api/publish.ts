import type {
  PublishedFileList,
  PublishedFileReadsList,
  PublishedFilesQuery,
  PublishedFilesResult,
  PublishFilesBody,
} from '@portico/contracts';
import { idempotencyHeaders } from '@portico/web-shell';
import { controlPanelApi, staffListQuery } from '../../../api/control-panel-api.ts';

/** Tags whose lists change when a file is published or taken back: this page's, the sites' counts, the badge. */
const CHANGED = ['StaffPublishedFiles', 'StaffSites', 'PublishedFiles', 'RecordCount'] as const;

export const publishApi = controlPanelApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * A site's published files, as the firm sees them (staff see them whatever the site's settings): one folder,
     * or its subtree when filtered, sorted and filtered as the table says (every filter is a query parameter).
     */
    getSitePublishedFiles: build.query<PublishedFileList, PublishedFilesQuery & { tenant: string }>({
      ...staffListQuery('file-management', 'api/files/published-files'),
      providesTags: ['StaffPublishedFiles'],
    }),
    /** Who among the site's members opened each file of a page (`fileId` repeated per file). */
    getPublishedFileReads: build.query<
      PublishedFileReadsList,
      { tenant: string; siteId: string; fileId: string[] }
    >({
      ...staffListQuery('file-management', 'api/staff/published-files/reads'),
      providesTags: ['StaffPublishedFiles'],
    }),
    /**
     * `POST file-management api/staff/published-files`: the uploads become the site's Published Files. A retry
     * with the same `idempotencyKey` answers the first publish's answer.
     */
    publishFiles: build.mutation<PublishedFilesResult, PublishFilesBody & { idempotencyKey: string }>({
      query: ({ idempotencyKey, ...body }) => ({
        service: 'file-management',
        url: 'api/staff/published-files',
        method: 'POST',
        headers: idempotencyHeaders(idempotencyKey),
        body,
      }),
      invalidatesTags: [...CHANGED],
    }),
    unpublishFile: build.mutation<void, { id: string }>({
      query: ({ id }) => ({
        service: 'file-management',
        url: `api/staff/published-files/${encodeURIComponent(id)}`,
        method: 'DELETE',
      }),
      invalidatesTags: [...CHANGED],
    }),
  }),
});

export const {
  useGetSitePublishedFilesQuery,
  useGetPublishedFileReadsQuery,
  usePublishFilesMutation,
  useUnpublishFileMutation,
} = publishApi;
