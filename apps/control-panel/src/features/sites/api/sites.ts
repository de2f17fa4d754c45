import type {
  AddSiteMemberBody,
  CreateSiteBody,
  EndedSessions,
  Invitation,
  InviteStaffBody,
  SignInList,
  SiteMember,
  SiteMemberList,
  StaffMember,
  StaffMemberList,
  StaffSite,
  UpdateSiteBody,
} from '@portico/contracts';
import { controlPanelApi, watchStaffRefusal } from '../../../api/control-panel-api.ts';

const site = (siteId: string) => `api/staff/sites/${encodeURIComponent(siteId)}`;
const STAFF = 'api/staff/staff-members';

/**
 * Sites and their members (portal service, `api/staff/sites…`). Changes also refresh the shell's own site list
 * (`Sites`), which picks the selected site. The firm's staff and invitations live here too: people of the firm.
 */
export const sitesApi = controlPanelApi.enhanceEndpoints({ addTagTypes: ['StaffMembers'] }).injectEndpoints({
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
    getStaffMembers: build.query<StaffMemberList, { tenant: string }>({
      query: () => ({ service: 'portal', url: STAFF }),
      providesTags: ['StaffMembers'],
      onQueryStarted: watchStaffRefusal,
    }),
    inviteStaff: build.mutation<StaffMember, InviteStaffBody>({
      query: (body) => ({ service: 'portal', url: STAFF, method: 'POST', body }),
      invalidatesTags: ['StaffMembers'],
    }),
    /** A new invitation for someone who has not accepted theirs; earlier links stop working. */
    resendInvitation: build.mutation<Invitation, { userId: string }>({
      query: ({ userId }) => ({
        service: 'portal',
        url: `api/staff/people/${encodeURIComponent(userId)}/invitation`,
        method: 'POST',
      }),
    }),
    /** A client's last sign-ins (decision 45): when, how, browser, address. */
    getClientSignIns: build.query<SignInList, { tenant: string; userId: string }>({
      query: ({ userId }) => ({
        service: 'portal',
        url: `api/staff/people/${encodeURIComponent(userId)}/sign-ins`,
      }),
      keepUnusedDataFor: 0,
    }),
    /** Ends every sign-in of a client (decision 45): their browsers and apps must sign in again. */
    endClientSessions: build.mutation<EndedSessions, { userId: string }>({
      query: ({ userId }) => ({
        service: 'portal',
        url: `api/staff/people/${encodeURIComponent(userId)}/end-sessions`,
        method: 'POST',
      }),
    }),
  }),
});

export const {
  useCreateSiteMutation,
  useUpdateSiteMutation,
  useGetSiteMembersQuery,
  useAddSiteMemberMutation,
  useRemoveSiteMemberMutation,
  useGetStaffMembersQuery,
  useInviteStaffMutation,
  useResendInvitationMutation,
  useEndClientSessionsMutation,
  useGetClientSignInsQuery,
} = sitesApi;
