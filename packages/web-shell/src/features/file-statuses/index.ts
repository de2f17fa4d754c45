export {
  fileStatusesApi,
  usePutFileStatusesMutation,
  useSetFileStatusMutation,
} from './api/file-statuses.ts';
export { fileStatusPanel } from './components/file-status-panel.tsx';
