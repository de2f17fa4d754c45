import { LIMITS, type OpenRequestItemCount } from '@portico/contracts';
import { shellApi } from '../../../api/shell-api.ts';
import { useShellSelector } from '../../../store/hooks.ts';
import { selectAccessToken, selectSelectedSite, selectTenant } from '../../../store/selectors.ts';

export const openRequestItemCountApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    /** The Requested Documents badge: `GET api/requests/open-item-count?siteId=` (portal). */
    getOpenRequestItemCount: build.query<OpenRequestItemCount, { tenant: string; siteId: string }>({
      query: ({ siteId }) => ({ service: 'portal', url: 'api/requests/open-item-count', params: { siteId } }),
      providesTags: ['RequestCount'],
    }),
  }),
});

/**
 * Items of the selected site's open requests waiting for the client, polled like the Published Files badge;
 * `enabled` is false when the menu has no Requested Documents item, so a firm without it is never asked.
 */
export function useOpenRequestItemCount(enabled: boolean): number | undefined {
  const tenant = useShellSelector(selectTenant);
  const siteId = useShellSelector(selectSelectedSite);
  const token = useShellSelector(selectAccessToken);
  const { data } = openRequestItemCountApi.useGetOpenRequestItemCountQuery(
    { tenant: tenant ?? '', siteId: siteId ?? '' },
    {
      skip: !enabled || !tenant || !siteId || !token,
      pollingInterval: LIMITS.recordCountRefreshMs,
      refetchOnMountOrArgChange: true,
      skipPollingIfUnfocused: true,
    },
  );
  return enabled ? data?.count : undefined;
}
