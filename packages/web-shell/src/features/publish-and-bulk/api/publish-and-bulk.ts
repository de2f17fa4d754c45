import type { BulkDeleteBody, BulkMoveBody, BulkResult, ClientPublishedFile } from '@portico/contracts';
import { shellApi } from '../../../api/shell-api.ts';

/** Both lists change when a file changes direction, is moved or deleted (a page of the control panel refreshes its own too). */
const CHANGED = ['PublishedFiles', 'SubmittedFiles', 'RecordCount'] as const;
const fileUrl = (id: string) => `api/files/${encodeURIComponent(id)}`;

export const publishAndBulkApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    /** `POST file-management api/files/{id}/publish`: a client's own submitted file to Published Files. */
    publishOwnFile: build.mutation<ClientPublishedFile, { id: string }>({
      query: ({ id }) => ({ service: 'file-management', url: `${fileUrl(id)}/publish`, method: 'POST' }),
      invalidatesTags: [...CHANGED],
    }),
    /** `POST file-management api/files/{id}/unpublish`: a client-published file back to Submitted Files. */
    unpublishFile: build.mutation<ClientPublishedFile, { id: string }>({
      query: ({ id }) => ({ service: 'file-management', url: `${fileUrl(id)}/unpublish`, method: 'POST' }),
      invalidatesTags: [...CHANGED],
    }),
    /** `POST file-management api/files/move`: several files of one site into one folder, all or none. */
    moveFiles: build.mutation<BulkResult, BulkMoveBody>({
      query: (body) => ({ service: 'file-management', url: 'api/files/move', method: 'POST', body }),
      invalidatesTags: [...CHANGED],
    }),
    /** `POST file-management api/files/delete`: several files to their site's trash, all or none. */
    deleteFiles: build.mutation<BulkResult, BulkDeleteBody>({
      query: (body) => ({ service: 'file-management', url: 'api/files/delete', method: 'POST', body }),
      invalidatesTags: [...CHANGED],
    }),
  }),
});

export const {
  usePublishOwnFileMutation,
  useUnpublishFileMutation,
  useMoveFilesMutation,
  useDeleteFilesMutation,
} = publishAndBulkApi;
