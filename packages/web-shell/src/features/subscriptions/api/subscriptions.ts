import type { MySubscriptions, SiteFollowers, Subscriptions } from '@portico/contracts';
import { shellApi } from '../../../api/shell-api.ts';

/**
 * Subscriptions (decision 59): what the signed-in person follows in a site (`GET|PUT api/subscriptions?siteId=`),
 * everything they follow (`GET api/subscriptions/mine`), ending one (`DELETE api/subscriptions/{id}`), and the
 * control panel's read-only view of a site's followers (`GET api/staff/subscriptions?siteId=`).
 */
export const subscriptionsApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    getSubscriptions: build.query<Subscriptions, { siteId: string }>({
      query: (params) => ({ service: 'file-management', url: 'api/subscriptions', params }),
      providesTags: ['Subscriptions'],
    }),
    putSubscriptions: build.mutation<Subscriptions, { siteId: string; body: Subscriptions }>({
      query: ({ siteId, body }) => ({
        service: 'file-management',
        url: 'api/subscriptions',
        method: 'PUT',
        params: { siteId },
        body,
      }),
      invalidatesTags: ['Subscriptions'],
    }),
    /** Keyed by tenant: the list is the signed-in person's in the firm shown. */
    getMySubscriptions: build.query<MySubscriptions, { tenant: string }>({
      query: () => ({ service: 'file-management', url: 'api/subscriptions/mine' }),
      providesTags: ['Subscriptions'],
    }),
    deleteSubscription: build.mutation<void, { id: string }>({
      query: ({ id }) => ({
        service: 'file-management',
        url: `api/subscriptions/${encodeURIComponent(id)}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['Subscriptions'],
    }),
    getSiteFollowers: build.query<SiteFollowers, { siteId: string }>({
      query: (params) => ({ service: 'file-management', url: 'api/staff/subscriptions', params }),
      providesTags: ['Subscriptions'],
    }),
  }),
});

export const {
  useGetSubscriptionsQuery,
  usePutSubscriptionsMutation,
  useGetMySubscriptionsQuery,
  useDeleteSubscriptionMutation,
  useGetSiteFollowersQuery,
} = subscriptionsApi;
