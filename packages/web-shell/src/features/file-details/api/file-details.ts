import type { CheckoutHistory, FileCheckout, FileHistory, FileProperties } from '@portico/contracts';
import { shellApi } from '../../../api/shell-api.ts';

/**
 * A file's check-out, history and properties (issue 26), the same calls in both front ends: `file-management
 * api/files/{id}/…`, for any file the caller may see, whichever way it went.
 */
const api = shellApi.enhanceEndpoints({ addTagTypes: ['FileDetails'] }).injectEndpoints({
  endpoints: (build) => ({
    getFileHistory: build.query<
      FileHistory,
      { tenant: string; fileId: string; limit: number; offset: number }
    >({
      query: ({ fileId, limit, offset }) => ({
        service: 'file-management',
        url: `api/files/${encodeURIComponent(fileId)}/history`,
        params: { limit, offset },
      }),
      providesTags: ['FileDetails'],
    }),
    getFileCheckouts: build.query<
      CheckoutHistory,
      { tenant: string; fileId: string; limit: number; offset: number }
    >({
      query: ({ fileId, limit, offset }) => ({
        service: 'file-management',
        url: `api/files/${encodeURIComponent(fileId)}/checkouts`,
        params: { limit, offset },
      }),
      providesTags: ['FileDetails'],
    }),
    getFileProperties: build.query<FileProperties, { tenant: string; fileId: string }>({
      query: ({ fileId }) => ({
        service: 'file-management',
        url: `api/files/${encodeURIComponent(fileId)}/properties`,
      }),
      providesTags: ['FileDetails'],
    }),
    checkOutFile: build.mutation<FileCheckout, { fileId: string }>({
      query: ({ fileId }) => ({
        service: 'file-management',
        url: `api/files/${encodeURIComponent(fileId)}/checkout`,
        method: 'POST',
      }),
      invalidatesTags: ['FileDetails'],
    }),
    checkInFile: build.mutation<FileCheckout, { fileId: string; force?: boolean }>({
      query: ({ fileId, force }) => ({
        service: 'file-management',
        url: `api/files/${encodeURIComponent(fileId)}/checkin`,
        method: 'POST',
        ...(force ? { params: { force: true } } : {}),
      }),
      invalidatesTags: ['FileDetails'],
    }),
  }),
});

export const {
  useGetFileHistoryQuery,
  useGetFileCheckoutsQuery,
  useGetFilePropertiesQuery,
  useCheckOutFileMutation,
  useCheckInFileMutation,
} = api;
