import type { AuditEventList, AuditEventsQuery } from '@portico/contracts';
import { controlPanelApi, staffListQuery } from '../../../api/control-panel-api.ts';

export const auditApi = controlPanelApi.injectEndpoints({
  endpoints: (build) => ({
    /** The firm's audit log (`GET user api/staff/audit-events`), newest first, filtered and paged. */
    getAuditEvents: build.query<AuditEventList, AuditEventsQuery & { tenant: string }>({
      ...staffListQuery('user', 'api/staff/audit-events'),
      providesTags: ['AuditEvents'],
    }),
  }),
});

export const { useGetAuditEventsQuery } = auditApi;
