import type { QuarantineList } from '@portico/contracts';
import { controlPanelApi, staffListQuery } from '../../../api/control-panel-api.ts';

export const quarantineApi = controlPanelApi.injectEndpoints({
  endpoints: (build) => ({
    /** Files the virus scanner found infected (`GET file-management api/staff/quarantine`), newest first. */
    getQuarantine: build.query<QuarantineList, { tenant: string; limit: number; offset: number }>({
      ...staffListQuery('file-management', 'api/staff/quarantine'),
      providesTags: ['Quarantine'],
    }),
    /** Deletes a quarantined file's bytes now. */
    deleteQuarantined: build.mutation<void, { tenant: string; id: string }>({
      query: ({ id }) => ({
        service: 'file-management',
        url: `api/staff/quarantine/${encodeURIComponent(id)}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['Quarantine'],
    }),
  }),
});

export const { useGetQuarantineQuery, useDeleteQuarantinedMutation } = quarantineApi;
