import type { StaffSiteList, StaffSiteListQuery } from '@portico/contracts';
import { controlPanelApi, watchStaffRefusal } from './control-panel-api.ts';

/** The firm's sites with their counts (`GET portal api/staff/sites`): the Sites page and every site picker. */
export const staffSitesApi = controlPanelApi.injectEndpoints({
  endpoints: (build) => ({
    getStaffSites: build.query<StaffSiteList, StaffSiteListQuery & { tenant: string }>({
      query: ({ tenant: _tenant, ...params }) => ({ service: 'portal', url: 'api/staff/sites', params }),
      providesTags: ['StaffSites'],
      onQueryStarted: watchStaffRefusal,
    }),
  }),
});

export const { useGetStaffSitesQuery } = staffSitesApi;
