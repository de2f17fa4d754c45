import { useDebouncedSearch } from '@portico/web-shell';
import SitePicker, { type PickerSite } from '@portico/web-shell/site-picker';
import { useState } from 'react';
import { useGetStaffSitesQuery } from '../api/staff-sites.ts';
import { useTenant } from '../hooks/use-tenant.ts';

export interface SiteSelectProps {
  value: string | undefined;
  onChange: (siteId: string | undefined, name: string | undefined) => void;
  /** Names the field for assistive technology when no visible label points at it. */
  ariaLabel?: string;
  id?: string;
  placeholder?: string;
  includeArchived?: boolean;
  allowClear?: boolean;
  disabled?: boolean;
  style?: React.CSSProperties;
}

const PICKER_PAGE = 100;

/** Picks one of the firm's sites (web-shell's one SitePicker), searching the server by name or reference. */
export function SiteSelect({
  value,
  onChange,
  ariaLabel,
  id,
  placeholder = 'Choose a site',
  includeArchived = false,
  allowClear = false,
  disabled,
  style,
}: SiteSelectProps) {
  const { tenant, ready } = useTenant();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedSearch(search.trim());
  const { currentData, isFetching, isError } = useGetStaffSitesQuery(
    { tenant, limit: PICKER_PAGE, offset: 0, includeArchived, ...(debounced ? { search: debounced } : {}) },
    { skip: !ready },
  );
  // The chosen site stays labelled while a search shows other sites.
  const [chosen, setChosen] = useState<PickerSite | undefined>();
  return (
    <SitePicker
      id={id}
      ariaLabel={ariaLabel}
      value={value}
      sites={currentData?.records ?? []}
      total={currentData?.totalRecordCount}
      chosen={chosen}
      search={search}
      onSearch={setSearch}
      onChange={(site) => {
        setChosen(site);
        onChange(site?.id, site?.name);
      }}
      loading={isFetching}
      error={isError}
      placeholder={placeholder}
      allowClear={allowClear}
      disabled={disabled}
      style={style}
      testId="site-select"
    />
  );
}

/** A list with a site filter (what `useListState` returns for `filters: { siteId }`). */
interface SiteFilteredList {
  filters: { siteId: string | undefined };
  setFilter: (name: 'siteId', siteId: string | undefined) => void;
}

/** Narrows a list to one of the firm's sites, archived ones included; cleared, it shows all sites. */
export function SiteFilter({ list, width }: { list: SiteFilteredList; width: number }) {
  return (
    <SiteSelect
      ariaLabel="Filter by site"
      placeholder="All sites"
      allowClear
      includeArchived
      value={list.filters.siteId}
      onChange={(siteId) => list.setFilter('siteId', siteId)}
      style={{ width }}
    />
  );
}
