export {
  tagsApi,
  useBulkTagFilesMutation,
  useCreateTagMutation,
  useDeleteTagMutation,
  useGetTagsWithCountsQuery,
  useSetFileTagsMutation,
  useUpdateTagMutation,
} from './api/tags.ts';
export { BulkTagButton, fileTagsPanel } from './components/file-tags-panel.tsx';
export { ColorPicker, colorName, NewTagForm, TagChecklist, TagDot } from './components/tag-fields.tsx';
