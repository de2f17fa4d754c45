import type {
  EmailFilesBody,
  EmailFilesResponse,
  ShareLinkList,
  UrlUploadBody,
  UrlUploadJob,
  UrlUploadStarted,
} from '@portico/contracts';
import { shellApi } from '../../../api/shell-api.ts';

/**
 * E-mailing files as share links and uploading from a link (issue 27 items 6 and 7): calls both front ends make,
 * the tenant in each service's address.
 */
export const shareLinksApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    /** `POST file-management api/files/email`: one share link per address, each mailed. */
    emailFiles: build.mutation<EmailFilesResponse, EmailFilesBody & { tenant: string }>({
      query: ({ tenant: _tenant, ...body }) => ({
        service: 'file-management',
        url: 'api/files/email',
        method: 'POST',
        body,
      }),
      invalidatesTags: ['ShareLinks'],
    }),
    /** `GET file-management api/share-links`: the caller's live links (staff: every one of the firm). */
    getShareLinks: build.query<ShareLinkList, { tenant: string }>({
      query: () => ({ service: 'file-management', url: 'api/share-links' }),
      providesTags: ['ShareLinks'],
    }),
    /** `DELETE file-management api/share-links/{id}`. */
    revokeShareLink: build.mutation<null, { tenant: string; id: string }>({
      query: ({ id }) => ({
        service: 'file-management',
        url: `api/share-links/${encodeURIComponent(id)}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['ShareLinks'],
    }),
    /** `POST file-storage api/uploads/from-url`: 202 with the job's id. */
    startUrlUpload: build.mutation<UrlUploadStarted, UrlUploadBody & { tenant: string }>({
      query: ({ tenant: _tenant, ...body }) => ({
        service: 'file-storage',
        url: 'api/uploads/from-url',
        method: 'POST',
        body,
      }),
    }),
    /** `GET file-storage api/uploads/from-url/{jobId}`, polled while it is fetching. */
    getUrlUpload: build.query<UrlUploadJob, { tenant: string; jobId: string }>({
      query: ({ jobId }) => ({
        service: 'file-storage',
        url: `api/uploads/from-url/${encodeURIComponent(jobId)}`,
      }),
    }),
  }),
});

export const {
  useEmailFilesMutation,
  useGetShareLinksQuery,
  useRevokeShareLinkMutation,
  useStartUrlUploadMutation,
  useGetUrlUploadQuery,
} = shareLinksApi;
