export {
  categoriesProjectsApi,
  useBulkSetCategoryMutation,
  useCreateCategoryMutation,
  useCreateProjectMutation,
  useDeleteCategoryMutation,
  useRenameCategoryMutation,
  useSetFileCategoryMutation,
  useSetFileProjectMutation,
  useUpdateProjectMutation,
} from './api/categories-projects.ts';
export { CategorySelect } from './components/categories-projects.tsx';
export { BulkCategoriseButton, categoryPanel, projectPanel } from './components/classification-panels.tsx';
