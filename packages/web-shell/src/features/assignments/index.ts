export {
  assignmentsApi,
  useAssignedToMeCount,
  useGetAssigneesQuery,
  useSelectSite,
} from './api/assignments.ts';
export { AssignFilesButton, assignFormProblem } from './components/assign-files-button.tsx';
export { AssigneeSelect } from './components/assignee-select.tsx';
export { AssignmentHistory } from './components/assignment-history.tsx';
export { setAssigneePanel } from './components/set-assignee-panel.tsx';
