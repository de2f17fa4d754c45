import type {
  SetSubmissionStatusBody,
  StaffSubmission,
  StaffSubmissionList,
  StaffSubmissionsQuery,
} from '@portico/contracts';
import { idempotencyHeaders } from '@portico/web-shell';
import { controlPanelApi, staffListQuery } from '../../../api/control-panel-api.ts';

export const submissionsApi = controlPanelApi.injectEndpoints({
  endpoints: (build) => ({
    /** Client submissions across the firm's sites (`GET portal api/staff/submissions`), filtered and paged. */
    getSubmissions: build.query<StaffSubmissionList, StaffSubmissionsQuery & { tenant: string }>({
      ...staffListQuery('portal', 'api/staff/submissions'),
      providesTags: ['Submissions'],
    }),
    /** The client sees the status, and the note, on Submitted Files. A retry keeps its `idempotencyKey`. */
    setSubmissionStatus: build.mutation<
      StaffSubmission,
      { id: string; body: SetSubmissionStatusBody; idempotencyKey: string }
    >({
      query: ({ id, body, idempotencyKey }) => ({
        service: 'portal',
        url: `api/staff/submissions/${encodeURIComponent(id)}/status`,
        method: 'PUT',
        headers: idempotencyHeaders(idempotencyKey),
        body,
      }),
      invalidatesTags: ['Submissions', 'SubmittedFiles'],
    }),
  }),
});

export const { useGetSubmissionsQuery, useSetSubmissionStatusMutation } = submissionsApi;
