export {
  fileStatusesApi,
  usePutFileStatusesMutation,
  useSetFileStatusMutation,
} from './api/file-statuses.ts';
export { FileStatusForm, fileStatusPanel } from './components/file-status-panel.tsx';
