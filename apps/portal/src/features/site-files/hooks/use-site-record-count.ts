import { LIMITS } from '@portico/contracts';
import { selectAccessToken, selectSelectedSite, selectTenant, useShellSelector } from '@portico/web-shell';
import { useGetSiteRecordCountQuery } from '../api/get-site-record-count.ts';

/** The selected site's record count, refreshed every 180,000 ms (SPEC §4). */
export function useSiteRecordCount() {
  const tenant = useShellSelector(selectTenant);
  const siteId = useShellSelector(selectSelectedSite);
  const token = useShellSelector(selectAccessToken);
  return useGetSiteRecordCountQuery(
    { tenant: tenant ?? '', siteId: siteId ?? '' },
    {
      skip: !tenant || !siteId || !token,
      pollingInterval: LIMITS.recordCountRefreshMs,
      skipPollingIfUnfocused: true,
    },
  );
}
