import type {
  BulkCategoryBody,
  BulkResult,
  Category,
  CreateCategoryBody,
  CreateProjectBody,
  Project,
  UpdateProjectBody,
} from '@portico/contracts';
import { shellApi } from '../../../api/shell-api.ts';

/**
 * Categories and projects (issue 27 items 4 and 5): a file's category and project, the bulk "Categorise", and the
 * staff's editing of the lists (file management `api/categories`, `api/projects`, `api/files/…`). The lists
 * themselves are read with `useGetCategoriesQuery` / `useGetProjectsQuery` (file-classification).
 */
const FILE_LISTS = ['PublishedFiles', 'SubmittedFiles', 'AssignedToMe'] as const;
const fileUrl = (id: string, what: string) => `api/files/${encodeURIComponent(id)}/${what}`;

export const categoriesProjectsApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    /** `PUT api/files/{id}/category`. */
    setFileCategory: build.mutation<null, { id: string; categoryId: string | null }>({
      query: ({ id, categoryId }) => ({
        service: 'file-management',
        url: fileUrl(id, 'category'),
        method: 'PUT',
        body: { categoryId },
      }),
      invalidatesTags: [...FILE_LISTS],
    }),
    /** `POST api/files/category`: all the files or none. */
    bulkSetCategory: build.mutation<BulkResult, BulkCategoryBody>({
      query: (body) => ({ service: 'file-management', url: 'api/files/category', method: 'POST', body }),
      invalidatesTags: [...FILE_LISTS],
    }),
    /** `PUT api/files/{id}/project`. */
    setFileProject: build.mutation<null, { id: string; projectId: string | null }>({
      query: ({ id, projectId }) => ({
        service: 'file-management',
        url: fileUrl(id, 'project'),
        method: 'PUT',
        body: { projectId },
      }),
      invalidatesTags: [...FILE_LISTS],
    }),
    /** `POST api/categories` (staff). */
    createCategory: build.mutation<Category, CreateCategoryBody>({
      query: (body) => ({ service: 'file-management', url: 'api/categories', method: 'POST', body }),
      invalidatesTags: ['Categories'],
    }),
    /** `PATCH api/categories/{id}` (staff). */
    renameCategory: build.mutation<Category, { id: string; name: string }>({
      query: ({ id, name }) => ({
        service: 'file-management',
        url: `api/categories/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: { name },
      }),
      invalidatesTags: ['Categories', ...FILE_LISTS],
    }),
    /** `DELETE api/categories/{id}` (staff): its files have none afterwards. */
    deleteCategory: build.mutation<null, { id: string }>({
      query: ({ id }) => ({
        service: 'file-management',
        url: `api/categories/${encodeURIComponent(id)}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['Categories', ...FILE_LISTS],
    }),
    /** `POST api/projects` (staff). */
    createProject: build.mutation<Project, CreateProjectBody>({
      query: (body) => ({ service: 'file-management', url: 'api/projects', method: 'POST', body }),
      invalidatesTags: ['Projects'],
    }),
    /** `PATCH api/projects/{id}` (staff): rename, close or reopen. */
    updateProject: build.mutation<Project, UpdateProjectBody & { id: string }>({
      query: ({ id, ...body }) => ({
        service: 'file-management',
        url: `api/projects/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body,
      }),
      invalidatesTags: ['Projects', ...FILE_LISTS],
    }),
  }),
});

export const {
  useSetFileCategoryMutation,
  useBulkSetCategoryMutation,
  useSetFileProjectMutation,
  useCreateCategoryMutation,
  useRenameCategoryMutation,
  useDeleteCategoryMutation,
  useCreateProjectMutation,
  useUpdateProjectMutation,
} = categoriesProjectsApi;
