import type { CategoryList, FileStatusList, ProjectList, TagList } from '@portico/contracts';
import { shellApi } from '../../../api/shell-api.ts';

/**
 * The tenant's lists a file is classified by (file management `api/statuses`, `api/tags`, `api/categories`,
 * `api/projects?siteId=`; decision 54), read by both front ends' filters and pickers. Each part's changes
 * invalidate its tag ('FileStatuses', 'Tags', 'Categories', 'Projects') and the file lists.
 */
export const classificationApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    getFileStatuses: build.query<FileStatusList, void>({
      query: () => ({ service: 'file-management', url: 'api/statuses' }),
      providesTags: ['FileStatuses'],
    }),
    getTags: build.query<TagList, void>({
      query: () => ({ service: 'file-management', url: 'api/tags' }),
      providesTags: ['Tags'],
    }),
    getCategories: build.query<CategoryList, void>({
      query: () => ({ service: 'file-management', url: 'api/categories' }),
      providesTags: ['Categories'],
    }),
    getProjects: build.query<ProjectList, { siteId: string }>({
      query: (params) => ({ service: 'file-management', url: 'api/projects', params }),
      providesTags: ['Projects'],
    }),
  }),
});

export const { useGetFileStatusesQuery, useGetTagsQuery, useGetCategoriesQuery, useGetProjectsQuery } =
  classificationApi;
