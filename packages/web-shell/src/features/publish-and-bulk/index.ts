export {
  publishAndBulkApi,
  useDeleteFilesMutation,
  useMoveFilesMutation,
  usePublishOwnFileMutation,
  useUnpublishFileMutation,
} from './api/publish-and-bulk.ts';
export { BulkDeleteButton, BulkMoveButton, type BulkTarget } from './components/bulk-file-actions.tsx';
export { ClientPublishPanel } from './components/publish-panels.tsx';
