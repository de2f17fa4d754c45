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
export {
  BulkCategoriseButton,
  CategorySelect,
  categoryPanel,
  projectPanel,
} from './components/categories-projects.tsx';
