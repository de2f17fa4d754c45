import type { StaffMailList, StaffMailQuery } from '@portico/contracts';
import { controlPanelApi, staffListQuery } from '../../../api/control-panel-api.ts';

export const mailApi = controlPanelApi.injectEndpoints({
  endpoints: (build) => ({
    /** The firm's outbox (`GET user api/staff/mail`), newest first, filtered by state and text, paged. */
    getStaffMail: build.query<StaffMailList, StaffMailQuery & { tenant: string }>({
      ...staffListQuery('user', 'api/staff/mail'),
      providesTags: ['Mail'],
    }),
  }),
});

export const { useGetStaffMailQuery } = mailApi;
