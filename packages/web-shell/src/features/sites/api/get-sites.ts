import { LIMITS, type Site, type SiteList, type SiteListQuery } from '@portico/contracts';
import { appStateOf, isCurrentTenant, reportTenantCallError } from '../../../api/query-helpers.ts';
import { shellApi } from '../../../api/shell-api.ts';
import { setDynamicBreadcrumbValue, setSelectedSite } from '../../../store/app-slice.ts';

/** The first page the shell asks for to pick the selected site (SPEC §4: limit 10, offset 0). */
export const FIRST_SITE_PAGE = { limit: LIMITS.siteListPageSize, offset: 0 } as const;

/** Breadcrumb key whose title is the selected site's name. */
export const SITE_BREADCRUMB_KEY = 'site';

/** Pages of sites read, at most, to find one by id (there is no single-site call). */
const SITE_LOOKUP_PAGE = 100;
const SITE_LOOKUP_MAX_PAGES = 20;

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
          // A site chosen earlier (kept over a reload) stays chosen while the caller still sees it.
          const current = appStateOf(getState).selectedSite;
          const first = data.records.find((site) => site.id === current) ?? data.records[0];
          dispatch(setSelectedSite(first?.id ?? null));
          dispatch(setDynamicBreadcrumbValue({ key: SITE_BREADCRUMB_KEY, value: first?.name ?? null }));
        } catch (rejection) {
          reportTenantCallError(getState, dispatch, tenant, rejection);
        }
      },
    }),
    /**
     * One site by id, for a selection beyond the first page: the site switcher puts the record it picked in
     * this cache; otherwise the caller's sites are read page by page until it turns up (null if it does not).
     */
    getSiteRecord: build.query<Site | null, { tenant: string; siteId: string }>({
      async queryFn({ siteId }, _api, _extra, baseQuery) {
        for (let page = 0; page < SITE_LOOKUP_MAX_PAGES; page++) {
          const offset = page * SITE_LOOKUP_PAGE;
          const result = await baseQuery({
            service: 'portal',
            url: 'api/sites',
            params: { limit: SITE_LOOKUP_PAGE, offset },
          });
          if (result.error) return { error: result.error };
          const list = result.data as SiteList;
          const found = list.records.find((site) => site.id === siteId);
          if (found) return { data: found };
          if (list.records.length === 0 || offset + list.records.length >= list.totalRecordCount) break;
        }
        return { data: null };
      },
      providesTags: ['Sites'],
    }),
  }),
});

export const { useGetSitesQuery, useSelectFirstSiteQuery, useGetSiteRecordQuery } = sitesApi;
