import { LIMITS, type Site } from '@portico/contracts';
import { useState } from 'react';
import { useDebouncedSearch } from '../../../lib/use-debounced-value.ts';
import { setDynamicBreadcrumbValue, setSelectedSite } from '../../../store/app-slice.ts';
import { useShellDispatch, useShellSelector } from '../../../store/hooks.ts';
import { selectTenant } from '../../../store/selectors.ts';
import { SITE_BREADCRUMB_KEY, sitesApi, useGetSitesQuery } from '../api/get-sites.ts';
import { useSelectedSite } from '../hooks/use-selected-site.ts';
import SitePicker from './site-picker.tsx';

/**
 * Picks the selected site among the caller's sites of the tenant, searched on the server (`GET portal
 * api/sites?search=`, debounced 500 ms). The choice becomes selectedSite and the breadcrumb's site title. The one
 * SitePicker, in a chunk of its own that SiteSwitcher loads after the first screen.
 */
export default function SiteSelect({ width, autoFocus }: { width: number | string; autoFocus: boolean }) {
  const dispatch = useShellDispatch();
  const tenant = useShellSelector(selectTenant) ?? '';
  const { site: selected, siteId } = useSelectedSite();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedSearch(search.trim());
  const query = {
    tenant,
    limit: LIMITS.siteListPageSize,
    offset: 0,
    ...(debounced ? { search: debounced } : {}),
  };
  const { currentData, isFetching, isError } = useGetSitesQuery(query, { skip: !tenant || !open });
  // Closed, the picker holds the current site alone (its name is all it shows).
  const sites = open ? (currentData?.records ?? []) : [];

  const choose = (picked: { id: string } | undefined) => {
    const site = currentData?.records.find((s) => s.id === picked?.id) ?? (selected as Site | undefined);
    if (!site || site.id !== picked?.id) return;
    dispatch(sitesApi.util.upsertQueryData('getSiteRecord', { tenant, siteId: site.id }, site));
    dispatch(setSelectedSite(site.id));
    dispatch(setDynamicBreadcrumbValue({ key: SITE_BREADCRUMB_KEY, value: site.name }));
  };

  return (
    <SitePicker
      ariaLabel="Site"
      value={siteId ?? undefined}
      sites={sites}
      total={open ? currentData?.totalRecordCount : undefined}
      chosen={selected}
      search={search}
      onSearch={setSearch}
      onChange={choose}
      loading={isFetching}
      error={isError}
      open={open}
      onOpenChange={setOpen}
      autoFocus={autoFocus}
      style={{ width, maxWidth: '100%' }}
      testId="site-switcher"
    />
  );
}
