import type { SiteRecordCount } from '@portico/contracts';
import { setRecordCount, shellApi } from '@portico/web-shell';

export const siteRecordCountApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    /** How many files the site holds: `GET api/sites/{siteId}/record-count` (portal service). */
    getSiteRecordCount: build.query<SiteRecordCount, { tenant: string; siteId: string }>({
      query: ({ siteId }) => ({
        service: 'portal',
        url: `api/sites/${encodeURIComponent(siteId)}/record-count`,
      }),
      providesTags: ['RecordCount'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(setRecordCount({ siteId: data.siteId, count: data.totalRecordCount }));
        } catch {
          // The page shows the query's own error.
        }
      },
    }),
  }),
});

export const { useGetSiteRecordCountQuery } = siteRecordCountApi;
