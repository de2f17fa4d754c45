import { LIMITS } from '@portico/contracts';
import { useGetPublishedFileCountQuery } from '../features/sites/api/get-published-file-count.ts';
import { useShellSelector } from '../store/hooks.ts';
import { selectAccessToken, selectSelectedSite, selectTenant } from '../store/selectors.ts';

/** Keeps publishedFileCount (the Published Files badge) fresh for the selected site. */
export function PublishedFileCountPoller() {
  const tenant = useShellSelector(selectTenant);
  const siteId = useShellSelector(selectSelectedSite);
  const token = useShellSelector(selectAccessToken);
  useGetPublishedFileCountQuery(
    { tenant: tenant ?? '', siteId: siteId ?? '' },
    {
      skip: !tenant || !siteId || !token,
      pollingInterval: LIMITS.recordCountRefreshMs,
      refetchOnMountOrArgChange: true,
      skipPollingIfUnfocused: true,
    },
  );
  return null;
}
