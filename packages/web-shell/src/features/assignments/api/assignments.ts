import {
  type AssignedFile,
  type AssigneeList,
  type AssignFilesBody,
  type BulkResult,
  type FileAssignmentList,
  LIMITS,
  type SetAssigneeBody,
} from '@portico/contracts';
import { useCallback } from 'react';
import { shellApi } from '../../../api/shell-api.ts';
import { setSelectedSite } from '../../../store/app-slice.ts';
import { useShellDispatch, useShellSelector } from '../../../store/hooks.ts';
import { selectAccessToken, selectTenant } from '../../../store/selectors.ts';

/**
 * Assignee and assignment (issue 27 item 2), the same calls in both front ends (`file-management api/files/…`):
 * a change refreshes the file lists, the "Assigned to me" page and its badge, and the assignment history.
 */
const CHANGED = ['PublishedFiles', 'SubmittedFiles', 'AssignedToMe', 'FileAssignments'] as const;

export const assignmentsApi = shellApi
  .enhanceEndpoints({ addTagTypes: ['FileAssignments'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** `GET api/files/assignees?siteId=`: the people picker. */
      getAssignees: build.query<AssigneeList, { tenant: string; siteId: string }>({
        query: ({ siteId }) => ({
          service: 'file-management',
          url: 'api/files/assignees',
          params: { siteId },
        }),
      }),
      /** `PUT api/files/{id}/assignee`. */
      setAssignee: build.mutation<null, SetAssigneeBody & { tenant: string; fileId: string }>({
        query: ({ tenant: _tenant, fileId, ...body }) => ({
          service: 'file-management',
          url: `api/files/${encodeURIComponent(fileId)}/assignee`,
          method: 'PUT',
          body,
        }),
        invalidatesTags: [...CHANGED],
      }),
      /** `POST api/files/assign`: all or nothing. */
      assignFiles: build.mutation<BulkResult, AssignFilesBody & { tenant: string }>({
        query: ({ tenant: _tenant, ...body }) => ({
          service: 'file-management',
          url: 'api/files/assign',
          method: 'POST',
          body,
        }),
        invalidatesTags: [...CHANGED],
      }),
      /** `GET api/files/{id}/assignments`: newest first. */
      getFileAssignments: build.query<
        FileAssignmentList,
        { tenant: string; fileId: string; limit: number; offset: number }
      >({
        query: ({ fileId, limit, offset }) => ({
          service: 'file-management',
          url: `api/files/${encodeURIComponent(fileId)}/assignments`,
          params: { limit, offset },
        }),
        providesTags: ['FileAssignments'],
      }),
      /** `GET api/files/assigned-to-me`: a page of the caller's files. */
      getAssignedToMe: build.query<
        { records: AssignedFile[]; totalRecordCount: number },
        { tenant: string; limit: number; offset: number }
      >({
        query: ({ limit, offset }) => ({
          service: 'file-management',
          url: 'api/files/assigned-to-me',
          params: { limit, offset },
        }),
        providesTags: ['AssignedToMe'],
      }),
      /** `GET api/files/assigned-to-me?count=true`: the menu's badge. */
      getAssignedToMeCount: build.query<{ count: number }, { tenant: string }>({
        query: () => ({
          service: 'file-management',
          url: 'api/files/assigned-to-me',
          params: { count: true },
        }),
        providesTags: ['AssignedToMe'],
      }),
    }),
  });

export const {
  useGetAssigneesQuery,
  useSetAssigneeMutation,
  useAssignFilesMutation,
  useGetFileAssignmentsQuery,
  useGetAssignedToMeQuery,
} = assignmentsApi;

/**
 * The "Assigned to me" badge: how many files are assigned to the caller, polled like the other badges; `enabled`
 * is false when the menu has no such item, so a firm without it is never asked.
 */
export function useAssignedToMeCount(enabled: boolean): number | undefined {
  const tenant = useShellSelector(selectTenant);
  const token = useShellSelector(selectAccessToken);
  const { data } = assignmentsApi.useGetAssignedToMeCountQuery(
    { tenant: tenant ?? '' },
    {
      skip: !enabled || !tenant || !token,
      pollingInterval: LIMITS.recordCountRefreshMs,
      refetchOnMountOrArgChange: true,
      skipPollingIfUnfocused: true,
    },
  );
  return enabled ? data?.count : undefined;
}

/** Makes a site the selected one (the portal's "Open site" of an assigned file), as the site switcher does. */
export function useSelectSite(): (siteId: string) => void {
  const dispatch = useShellDispatch();
  return useCallback((siteId: string) => dispatch(setSelectedSite(siteId)), [dispatch]);
}
