import type { ActivityList, ActivityUnread, MarkActivityReadBody } from '@portico/contracts';
import { shellApi } from '../../../api/shell-api.ts';

/** The activity feed of the user service (decision 53): the caller's own items in the selected firm. */
export const activityApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    getActivity: build.query<ActivityList, { tenant: string; limit: number; offset: number }>({
      query: ({ limit, offset }) => ({ service: 'user', url: 'api/activity', params: { limit, offset } }),
      providesTags: ['Activity'],
    }),
    getActivityUnreadCount: build.query<ActivityUnread, { tenant: string }>({
      query: () => ({ service: 'user', url: 'api/activity/unread-count' }),
      providesTags: ['Activity'],
    }),
    markActivityRead: build.mutation<ActivityUnread, { tenant: string; body: MarkActivityReadBody }>({
      query: ({ body }) => ({ service: 'user', url: 'api/activity/read', method: 'POST', body }),
      invalidatesTags: ['Activity'],
    }),
  }),
});

export const { useGetActivityQuery, useGetActivityUnreadCountQuery, useMarkActivityReadMutation } =
  activityApi;
