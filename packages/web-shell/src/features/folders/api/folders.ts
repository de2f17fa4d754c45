import type { CreateFolderBody, Folder, FolderList, UpdateFolderBody } from '@portico/contracts';
import { shellApi } from '../../../api/shell-api.ts';

/** A site's folder tree (file management `api/folders`): one tree per site, shared by both file lists. */
export const foldersApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET api/folders?siteId=`: every live folder of the site. */
    getFolders: build.query<FolderList, { siteId: string }>({
      query: (params) => ({ service: 'file-management', url: 'api/folders', params }),
      providesTags: ['Folders'],
    }),
    /** `POST api/folders`. */
    createFolder: build.mutation<Folder, CreateFolderBody>({
      query: (body) => ({ service: 'file-management', url: 'api/folders', method: 'POST', body }),
      invalidatesTags: ['Folders'],
    }),
    /** `PATCH api/folders/{id}`: rename and/or move (staff). */
    updateFolder: build.mutation<Folder, { id: string } & UpdateFolderBody>({
      query: ({ id, ...body }) => ({
        service: 'file-management',
        url: `api/folders/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body,
      }),
      invalidatesTags: ['Folders', 'PublishedFiles', 'SubmittedFiles'],
    }),
    /** `DELETE api/folders/{id}`: the folder and all it holds to the trash (staff). */
    deleteFolder: build.mutation<void, { id: string }>({
      query: ({ id }) => ({
        service: 'file-management',
        url: `api/folders/${encodeURIComponent(id)}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['Folders', 'PublishedFiles', 'SubmittedFiles', 'RecordCount'],
    }),
  }),
});

export const {
  useGetFoldersQuery,
  useCreateFolderMutation,
  useUpdateFolderMutation,
  useDeleteFolderMutation,
} = foldersApi;
