import { useDebouncedSearch } from '@portico/web-shell';
import { Select, Tag } from 'antd';
import { useMemo, useState } from 'react';
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

/** Picks one of the firm's sites, searching the server by name or reference as the user types. */
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
  const { currentData, isFetching } = useGetStaffSitesQuery(
    { tenant, limit: PICKER_PAGE, offset: 0, includeArchived, ...(debounced ? { search: debounced } : {}) },
    { skip: !ready },
  );
  // The chosen site stays labelled while a search shows other sites.
  const [chosen, setChosen] = useState<{ id: string; name: string } | undefined>();
  const options = useMemo(() => {
    const records = currentData?.records ?? [];
    const list = records.map((site) => ({
      value: site.id,
      title: site.name,
      label: (
        <span>
          {site.name}
          {site.reference ? <span style={{ color: '#595959' }}> · {site.reference}</span> : null}
          {site.archived ? (
            <Tag style={{ marginInlineStart: 8 }} color="default">
              Archived
            </Tag>
          ) : null}
        </span>
      ),
    }));
    if (chosen && chosen.id === value && !records.some((r) => r.id === chosen.id))
      list.unshift({ value: chosen.id, title: chosen.name, label: <span>{chosen.name}</span> });
    return list;
  }, [currentData, chosen, value]);

  return (
    <Select
      id={id}
      aria-label={ariaLabel}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      value={value}
      placeholder={placeholder}
      options={options}
      loading={isFetching}
      allowClear={allowClear}
      disabled={disabled}
      notFoundContent={isFetching ? 'Searching…' : 'No site matches'}
      onChange={(siteId: string | undefined) => {
        const name = options.find((o) => o.value === siteId)?.title;
        setChosen(siteId && name ? { id: siteId, name } : undefined);
        setSearch('');
        onChange(siteId, name);
      }}
      style={{ width: '100%', maxWidth: 420, ...style }}
      data-testid="site-select"
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
