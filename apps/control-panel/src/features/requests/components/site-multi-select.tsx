import { useDebouncedSearch } from '@portico/web-shell';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useGetStaffSitesQuery } from '../../../api/staff-sites.ts';
import { useTenant } from '../../../hooks/use-tenant.ts';

/** Several of the firm's live sites, searched on the server as the user types (a template applied to many). */
export function SiteMultiSelect({
  value,
  onChange,
  id,
}: {
  value?: string[];
  onChange?: (siteIds: string[]) => void;
  id?: string;
}) {
  const { tenant, ready } = useTenant();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedSearch(search.trim());
  const { currentData, isFetching } = useGetStaffSitesQuery(
    { tenant, limit: 100, offset: 0, includeArchived: false, ...(debounced ? { search: debounced } : {}) },
    { skip: !ready },
  );
  // Chosen sites stay labelled while a search shows others.
  const [names, setNames] = useState<Record<string, string>>({});
  const options = useMemo(() => {
    const records = currentData?.records ?? [];
    const shown = records.map((s) => ({
      value: s.id,
      label: s.reference ? `${s.name} · ${s.reference}` : s.name,
    }));
    for (const siteId of value ?? [])
      if (!records.some((r) => r.id === siteId))
        shown.unshift({ value: siteId, label: names[siteId] ?? siteId });
    return shown;
  }, [currentData, value, names]);
  return (
    <Select
      id={id}
      mode="multiple"
      aria-label="Sites"
      placeholder="Choose one or more sites"
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      value={value ?? []}
      options={options}
      loading={isFetching}
      notFoundContent={isFetching ? 'Searching…' : 'No site matches'}
      onChange={(siteIds: string[]) => {
        setNames((known) => ({
          ...known,
          ...Object.fromEntries(options.map((o) => [o.value, String(o.label)])),
        }));
        setSearch('');
        onChange?.(siteIds);
      }}
      style={{ width: '100%' }}
      data-testid="request-sites"
    />
  );
}
