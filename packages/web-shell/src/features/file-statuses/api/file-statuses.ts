import type { FileStatusList, PutFileStatusesBody, SetFileStatusBody } from '@portico/contracts';
import { shellApi } from '../../../api/shell-api.ts';

/**
 * A file's status (`PUT file-management api/files/{id}/status`) and the firm's list of statuses (`PUT api/statuses`,
 * staff; the list is read with `useGetFileStatusesQuery`). Issue 27 item 1, decision 55.
 */
export const fileStatusesApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    setFileStatus: build.mutation<void, SetFileStatusBody & { id: string }>({
      query: ({ id, ...body }) => ({
        service: 'file-management',
        url: `api/files/${encodeURIComponent(id)}/status`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: ['PublishedFiles', 'SubmittedFiles', 'FileStatuses', 'Activity'],
    }),
    putFileStatuses: build.mutation<FileStatusList, PutFileStatusesBody>({
      query: (body) => ({ service: 'file-management', url: 'api/statuses', method: 'PUT', body }),
      invalidatesTags: ['FileStatuses', 'PublishedFiles'],
    }),
  }),
});

export const { useSetFileStatusMutation, usePutFileStatusesMutation } = fileStatusesApi;
