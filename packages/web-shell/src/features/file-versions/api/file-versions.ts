import type { FileVersion, FileVersionList } from '@portico/contracts';
import { shellApi } from '../../../api/shell-api.ts';

/** A file's versions (decision 49): `file-management api/files/{id}/versions`, for either direction. */
export const fileVersionsApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    getFileVersions: build.query<FileVersionList, { fileId: string }>({
      query: ({ fileId }) => ({
        service: 'file-management',
        url: `api/files/${encodeURIComponent(fileId)}/versions`,
      }),
      providesTags: (_result, _error, { fileId }) => [{ type: 'FileVersions', id: fileId }],
    }),
    /** Staff: that version's bytes become a new, current version. */
    restoreFileVersion: build.mutation<FileVersion, { fileId: string; version: number }>({
      query: ({ fileId, version }) => ({
        service: 'file-management',
        url: `api/files/${encodeURIComponent(fileId)}/versions/${version}/restore`,
        method: 'POST',
      }),
      invalidatesTags: (_result, _error, { fileId }) => [
        { type: 'FileVersions', id: fileId },
        'PublishedFiles',
        'SubmittedFiles',
      ],
    }),
  }),
});

export const { useGetFileVersionsQuery, useRestoreFileVersionMutation } = fileVersionsApi;
