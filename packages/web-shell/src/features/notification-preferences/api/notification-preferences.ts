import type { NotificationPreferences, SetNotificationPreferenceBody } from '@portico/contracts';
import { shellApi } from '../../../api/shell-api.ts';

export const notificationPreferencesApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    /** Which kinds of mail the caller gets from this firm (`GET user api/notification-preferences`). */
    getNotificationPreferences: build.query<NotificationPreferences, { tenant: string }>({
      query: () => ({ service: 'user', url: 'api/notification-preferences' }),
      providesTags: ['NotificationPreferences'],
    }),
    /** Turns one kind on or off; the answer is the new set, written straight into the cache. */
    setNotificationPreference: build.mutation<
      NotificationPreferences,
      SetNotificationPreferenceBody & { tenant: string }
    >({
      query: ({ tenant: _tenant, ...body }) => ({
        service: 'user',
        url: 'api/notification-preferences',
        method: 'PUT',
        body,
      }),
      async onQueryStarted({ tenant }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data)
          dispatch(
            notificationPreferencesApi.util.upsertQueryData('getNotificationPreferences', { tenant }, data),
          );
      },
    }),
  }),
});

export const { useGetNotificationPreferencesQuery, useSetNotificationPreferenceMutation } =
  notificationPreferencesApi;
