import type {
  BulkResult,
  BulkTagBody,
  CreateTagBody,
  SetFileTagsBody,
  Tag,
  TagList,
  UpdateTagBody,
} from '@portico/contracts';
import { shellApi } from '../../../api/shell-api.ts';

/**
 * Tags (issue 27 item 3, decision 57): file management `api/tags` (the list, with `counts` for staff),
 * `PUT api/files/{id}/tags`, `POST api/files/tags` (bulk). A change refreshes the tags and the file lists.
 */
const FILE_LISTS = ['PublishedFiles', 'SubmittedFiles'] as const;

export const tagsApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    /** Staff: the tags with how many live files carry each. */
    getTagsWithCounts: build.query<TagList, void>({
      query: () => ({ service: 'file-management', url: 'api/tags', params: { counts: true } }),
      providesTags: ['Tags'],
    }),
    createTag: build.mutation<Tag, CreateTagBody>({
      query: (body) => ({ service: 'file-management', url: 'api/tags', method: 'POST', body }),
      invalidatesTags: ['Tags'],
    }),
    updateTag: build.mutation<Tag, UpdateTagBody & { id: string }>({
      query: ({ id, ...body }) => ({
        service: 'file-management',
        url: `api/tags/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body,
      }),
      invalidatesTags: ['Tags', ...FILE_LISTS],
    }),
    deleteTag: build.mutation<void, { id: string }>({
      query: ({ id }) => ({
        service: 'file-management',
        url: `api/tags/${encodeURIComponent(id)}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['Tags', ...FILE_LISTS],
    }),
    setFileTags: build.mutation<void, SetFileTagsBody & { fileId: string }>({
      query: ({ fileId, ...body }) => ({
        service: 'file-management',
        url: `api/files/${encodeURIComponent(fileId)}/tags`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: ['Tags', ...FILE_LISTS],
    }),
    bulkTagFiles: build.mutation<BulkResult, BulkTagBody>({
      query: (body) => ({ service: 'file-management', url: 'api/files/tags', method: 'POST', body }),
      invalidatesTags: ['Tags', ...FILE_LISTS],
    }),
  }),
});

export const {
  useGetTagsWithCountsQuery,
  useCreateTagMutation,
  useUpdateTagMutation,
  useDeleteTagMutation,
  useSetFileTagsMutation,
  useBulkTagFilesMutation,
} = tagsApi;
