import type {
  AddSiteMemberBody,
  CreateSiteBody,
  SiteMember,
  SiteMemberList,
  StaffSite,
  UpdateSiteBody,
} from '@portico/contracts';
import { controlPanelApi, watchStaffRefusal } from '../../../api/control-panel-api.ts';

const site = (siteId: string) => `api/staff/sites/${encodeURIComponent(siteId)}`;

/**
 * Sites and their members (portal service, `api/staff/sites…`). Changes also refresh the shell's own site list
 * (`Sites`), which picks the selected site.
 */
export const sitesApi = controlPanelApi.injectEndpoints({
  endpoints: (build) => ({
    createSite: build.mutation<StaffSite, CreateSiteBody>({
      query: (body) => ({ service: 'portal', url: 'api/staff/sites', method: 'POST', body }),
      invalidatesTags: ['StaffSites', 'Sites'],
    }),
    updateSite: build.mutation<StaffSite, { siteId: string; body: UpdateSiteBody }>({
      query: ({ siteId, body }) => ({ service: 'portal', url: site(siteId), method: 'PATCH', body }),
      invalidatesTags: ['StaffSites', 'Sites'],
    }),
    getSiteMembers: build.query<SiteMemberList, { tenant: string; siteId: string }>({
      query: ({ siteId }) => ({ service: 'portal', url: `${site(siteId)}/members` }),
      providesTags: (_result, _error, { siteId }) => [{ type: 'SiteMembers', id: siteId }],
      onQueryStarted: watchStaffRefusal,
    }),
    addSiteMember: build.mutation<SiteMember, { siteId: string; body: AddSiteMemberBody }>({
      query: ({ siteId, body }) => ({
        service: 'portal',
        url: `${site(siteId)}/members`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { siteId }) => [{ type: 'SiteMembers', id: siteId }, 'StaffSites'],
    }),
    removeSiteMember: build.mutation<void, { siteId: string; userId: string }>({
      query: ({ siteId, userId }) => ({
        service: 'portal',
        url: `${site(siteId)}/members/${encodeURIComponent(userId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, _error, { siteId }) => [{ type: 'SiteMembers', id: siteId }, 'StaffSites'],
    }),
  }),
});

export const {
  useCreateSiteMutation,
  useUpdateSiteMutation,
  useGetSiteMembersQuery,
  useAddSiteMemberMutation,
  useRemoveSiteMemberMutation,
} = sitesApi;
