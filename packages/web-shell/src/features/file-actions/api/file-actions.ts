import type { CopiedFile, CopyFileBody, UpdatedFile, UpdateFileBody } from '@portico/contracts';
import { shellApi } from '../../../api/shell-api.ts';

/** The lists a rename, move, copy or delete changes (a page of the control panel refreshes its own too). */
const CHANGED = ['PublishedFiles', 'SubmittedFiles', 'RecordCount'] as const;
const fileUrl = (id: string) => `api/files/${encodeURIComponent(id)}`;

export const fileActionsApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    /** `PATCH file-management api/files/{id}`: a new name and/or folder. */
    updateFile: build.mutation<UpdatedFile, UpdateFileBody & { id: string }>({
      query: ({ id, ...body }) => ({ service: 'file-management', url: fileUrl(id), method: 'PATCH', body }),
      invalidatesTags: [...CHANGED],
    }),
    /** `POST file-management api/files/{id}/copy`: the same bytes in a folder, under its name or `name`. */
    copyFile: build.mutation<CopiedFile, CopyFileBody & { id: string }>({
      query: ({ id, ...body }) => ({
        service: 'file-management',
        url: `${fileUrl(id)}/copy`,
        method: 'POST',
        body,
      }),
      invalidatesTags: [...CHANGED],
    }),
    /** `DELETE file-management api/files/{id}`: to the site's trash. */
    deleteFile: build.mutation<void, { id: string }>({
      query: ({ id }) => ({ service: 'file-management', url: fileUrl(id), method: 'DELETE' }),
      invalidatesTags: [...CHANGED],
    }),
  }),
});

export const { useUpdateFileMutation, useCopyFileMutation, useDeleteFileMutation } = fileActionsApi;
