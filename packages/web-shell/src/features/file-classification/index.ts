export {
  classificationApi,
  useGetCategoriesQuery,
  useGetFileStatusesQuery,
  useGetProjectsQuery,
  useGetTagsQuery,
} from './api/classification.ts';
export {
  type ClassificationFilters,
  classificationQuery,
  FileClassificationFilters,
  isClassificationFiltered,
  NO_CLASSIFICATION_FILTER,
} from './components/file-classification-filters.tsx';
export {
  type ClassifiedFile,
  categoryColumn,
  FileClassificationTags,
} from './components/file-classification-tags.tsx';
export { FileSelectionBar } from './components/file-selection-bar.tsx';
