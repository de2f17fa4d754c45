import { SiteSelect } from './site-select.tsx';

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
