import type { AuditEventList, AuditEventsQuery } from '@portico/contracts';
import { controlPanelApi, watchStaffRefusal } from '../../../api/control-panel-api.ts';
import { withQuery } from '../../../lib/query-string.ts';

export const auditApi = controlPanelApi.injectEndpoints({
  endpoints: (build) => ({
    /** The firm's audit log (`GET user api/staff/audit-events`), newest first, filtered and paged. */
    getAuditEvents: build.query<AuditEventList, AuditEventsQuery & { tenant: string }>({
      query: ({ tenant: _tenant, ...params }) => ({
        service: 'user',
        url: withQuery('api/staff/audit-events', params),
      }),
      providesTags: ['AuditEvents'],
      onQueryStarted: watchStaffRefusal,
    }),
  }),
});

export const { useGetAuditEventsQuery } = auditApi;
