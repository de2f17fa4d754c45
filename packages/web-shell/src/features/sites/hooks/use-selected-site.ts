import type { Site } from '@portico/contracts';
import { useShellSelector } from '../../../store/hooks.ts';
import {
  selectAccessToken,
  selectEndPoints,
  selectSelectedSite,
  selectTenant,
} from '../../../store/selectors.ts';
import { useSelectFirstSiteQuery } from '../api/get-sites.ts';

/** The selected site's record from the cached first page of sites (undefined while it loads). */
export function useSelectedSite(): { site: Site | undefined; siteId: string | null; isLoading: boolean } {
  const tenant = useShellSelector(selectTenant);
  const siteId = useShellSelector(selectSelectedSite);
  const token = useShellSelector(selectAccessToken);
  const discovered = useShellSelector(selectEndPoints).length > 0;
  const { currentData, isLoading } = useSelectFirstSiteQuery(
    { tenant: tenant ?? '' },
    { skip: !tenant || !token || !discovered },
  );
  return { site: currentData?.records.find((s) => s.id === siteId), siteId, isLoading };
}
