import type { Site } from '@portico/contracts';
import { LIVE_LIST } from '../../../api/live-list.ts';
import { useShellSelector } from '../../../store/hooks.ts';
import {
  selectAccessToken,
  selectEndPoints,
  selectSelectedSite,
  selectTenant,
} from '../../../store/selectors.ts';
import { useGetSiteRecordQuery, useSelectFirstSiteQuery } from '../api/get-sites.ts';

/**
 * The selected site's record (with its effective fileAreaSettings) from the cached first page of sites, or, for a
 * site picked beyond it, from the site switcher's lookup (undefined while it loads).
 */
export function useSelectedSite(): { site: Site | undefined; siteId: string | null; isLoading: boolean } {
  const tenant = useShellSelector(selectTenant);
  const siteId = useShellSelector(selectSelectedSite);
  const token = useShellSelector(selectAccessToken);
  const discovered = useShellSelector(selectEndPoints).length > 0;
  const canCall = !!tenant && !!token && discovered;
  // The site's settings decide what the page offers: read again on focus and at an interval (LIVE_LIST).
  const firstPage = useSelectFirstSiteQuery({ tenant: tenant ?? '' }, { skip: !canCall, ...LIVE_LIST });
  const inFirstPage = firstPage.currentData?.records.find((s) => s.id === siteId);
  const lookup = useGetSiteRecordQuery(
    { tenant: tenant ?? '', siteId: siteId ?? '' },
    { skip: !canCall || !siteId || !firstPage.currentData || !!inFirstPage },
  );
  return {
    site: inFirstPage ?? lookup.currentData ?? undefined,
    siteId,
    isLoading: firstPage.isLoading || lookup.isLoading,
  };
}
