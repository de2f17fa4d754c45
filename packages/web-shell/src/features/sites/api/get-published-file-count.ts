import type { PublishedFileCount } from '@portico/contracts';
import { appStateOf } from '../../../api/query-helpers.ts';
import { shellApi } from '../../../api/shell-api.ts';
import { setPublishedFileCount } from '../../../store/app-slice.ts';

export const publishedFileCountApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    /** The Published Files badge: `GET api/files/published-files?count=true&siteId=` (file management). */
    getPublishedFileCount: build.query<PublishedFileCount, { tenant: string; siteId: string }>({
      query: ({ siteId }) => ({
        service: 'file-management',
        url: 'api/files/published-files',
        params: { count: true, siteId },
      }),
      providesTags: ['PublishedFiles'],
      async onQueryStarted({ tenant, siteId }, { dispatch, getState, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          const app = appStateOf(getState);
          if (app.tenant === tenant && app.selectedSite === siteId)
            dispatch(setPublishedFileCount(data.count));
        } catch {
          // The badge keeps its last value; the pages report errors where the user looks.
        }
      },
    }),
  }),
});

export const { useGetPublishedFileCountQuery } = publishedFileCountApi;
