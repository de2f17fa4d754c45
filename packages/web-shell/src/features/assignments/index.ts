export {
  assignmentsApi,
  useAssignedToMeCount,
  useGetAssigneesQuery,
  useSelectSite,
} from './api/assignments.ts';
export { AssignFilesButton } from './components/assign-files-button.tsx';
export { setAssigneePanel } from './components/set-assignee-panel.tsx';
