import { LIMITS, type SiteList, type SiteListQuery } from '@portico/contracts';
import { apiErrorOf, isCurrentTenant } from '../../../api/query-helpers.ts';
import { shellApi } from '../../../api/shell-api.ts';
import { setApiError, setDynamicBreadcrumbValue, setSelectedSite } from '../../../store/app-slice.ts';

/** The first page the shell asks for to pick the selected site (SPEC §4: limit 10, offset 0). */
export const FIRST_SITE_PAGE = { limit: LIMITS.siteListPageSize, offset: 0 } as const;

/** Breadcrumb key whose title is the selected site's name. */
export const SITE_BREADCRUMB_KEY = 'site';

export const sitesApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    getSites: build.query<SiteList, { tenant: string } & SiteListQuery>({
      query: ({ tenant: _tenant, ...params }) => ({ service: 'portal', url: 'api/sites', params }),
      providesTags: ['Sites'],
    }),
    /** The first page of sites; its first record becomes the selected site (SPEC §4). */
    selectFirstSite: build.query<SiteList, { tenant: string }>({
      query: () => ({ service: 'portal', url: 'api/sites', params: FIRST_SITE_PAGE }),
      providesTags: ['Sites'],
      async onQueryStarted({ tenant }, { dispatch, getState, queryFulfilled }) {
        const stillCurrent = () => isCurrentTenant(getState, tenant);
        try {
          const { data } = await queryFulfilled;
          if (!stillCurrent()) return;
          const first = data.records[0];
          dispatch(setSelectedSite(first?.id ?? null));
          dispatch(setDynamicBreadcrumbValue({ key: SITE_BREADCRUMB_KEY, value: first?.name ?? null }));
        } catch (rejection) {
          if (stillCurrent()) dispatch(setApiError(apiErrorOf(rejection)));
        }
      },
    }),
  }),
});

export const { useGetSitesQuery, useSelectFirstSiteQuery } = sitesApi;
