import { LIMITS, type Site } from '@portico/contracts';
import { Flex, Select, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useDebouncedSearch } from '../../../lib/use-debounced-value.ts';
import { setDynamicBreadcrumbValue, setSelectedSite } from '../../../store/app-slice.ts';
import { useShellDispatch, useShellSelector } from '../../../store/hooks.ts';
import { selectTenant } from '../../../store/selectors.ts';
import { SITE_BREADCRUMB_KEY, sitesApi, useGetSitesQuery } from '../api/get-sites.ts';
import { useSelectedSite } from '../hooks/use-selected-site.ts';

interface SiteOption {
  value: string;
  label: string;
  site: Site;
}

const toOption = (site: Site): SiteOption => ({ value: site.id, label: site.name, site });

/**
 * Picks the selected site among the caller's sites of the tenant, searched on the server (`GET portal
 * api/sites?search=`, debounced 500 ms). The choice becomes selectedSite and the breadcrumb's site title. antd's
 * Select, in a chunk of its own that SiteSwitcher loads after the first screen.
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

  const options = useMemo(() => {
    const list = (currentData?.records ?? []).map(toOption);
    // The current site always has an option, so the closed select can show its name.
    if (selected && !list.some((o) => o.value === selected.id) && !debounced)
      list.unshift(toOption(selected));
    if (selected && !open) return [toOption(selected)];
    return list;
  }, [currentData, selected, open, debounced]);

  const choose = (id: string) => {
    const site = options.find((o) => o.value === id)?.site;
    if (!site) return;
    dispatch(sitesApi.util.upsertQueryData('getSiteRecord', { tenant, siteId: site.id }, site));
    dispatch(setSelectedSite(site.id));
    dispatch(setDynamicBreadcrumbValue({ key: SITE_BREADCRUMB_KEY, value: site.name }));
    setSearch('');
  };

  const more = (currentData?.totalRecordCount ?? 0) - (currentData?.records.length ?? 0);
  return (
    <Select<string, SiteOption>
      aria-label="Site"
      value={siteId ?? undefined}
      options={options}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setSearch('');
      }}
      onChange={choose}
      showSearch={{ filterOption: false, searchValue: search, onSearch: setSearch }}
      placeholder="Choose a site"
      loading={isFetching}
      notFoundContent={
        isFetching ? (
          <Spin size="small" />
        ) : isError ? (
          'The sites could not be loaded.'
        ) : (
          'No site matches your search.'
        )
      }
      optionRender={({ data }) => (
        <Flex vertical>
          <span>{data.site.name}</span>
          {data.site.reference ? (
            <Typography.Text type="secondary" style={{ fontSize: 12, color: '#595959' }}>
              {data.site.reference}
            </Typography.Text>
          ) : null}
        </Flex>
      )}
      popupRender={(menu) => (
        <>
          {menu}
          {more > 0 && !isFetching ? (
            <Typography.Text
              style={{ display: 'block', padding: '4px 12px', fontSize: 12, color: '#595959' }}
            >
              {more} more: type to search.
            </Typography.Text>
          ) : null}
        </>
      )}
      popupMatchSelectWidth={false}
      style={{ width, maxWidth: '100%' }}
      autoFocus={autoFocus}
      data-testid="site-switcher"
    />
  );
}
