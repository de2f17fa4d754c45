import { LIMITS } from '@portico/contracts';
import { createApi } from '@reduxjs/toolkit/query/react';
import { serviceBaseQuery } from './base-query.ts';

/**
 * The one RTK Query API of a front end. Features add their calls with `shellApi.injectEndpoints`, each in its own
 * `features/<feature>/api/*.ts`; every call goes through {@link serviceBaseQuery}.
 */
export const shellApi = createApi({
  reducerPath: 'api',
  baseQuery: serviceBaseQuery,
  keepUnusedDataFor: LIMITS.queryKeepUnusedDataS,
  tagTypes: [
    'Menu',
    'Theme',
    'Sites',
    'PublishedFiles',
    'SubmittedFiles',
    'RecordCount',
    'Folders',
    'NotificationPreferences',
    'Activity',
    'Requests',
    'RequestCount',
    'ShareLinks',
    'FileVersions',
    'FileStatuses',
    'Tags',
    'Categories',
    'Projects',
    'AssignedToMe',
    'Subscriptions',
  ],
  endpoints: () => ({}),
});
