import type { SortOrder } from '@portico/contracts';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedSearch } from '../../../lib/use-debounced-value.ts';
import {
  filtersMoved,
  type ListDefaults,
  readListParams,
  type UrlListState,
  writeListParams,
} from '../list-params.ts';
import {
  buildListQuery,
  type DateRange,
  DEFAULT_PAGE_SIZE,
  type ListSort,
  type ListState,
  sortableColumn,
} from '../list-query.ts';

export interface ListStateOptions<F extends string, X extends object> {
  /** The columns the server sorts by, and the sort before one is chosen; without them the server's order holds. */
  sortable?: readonly F[];
  defaultSort?: ListSort<F>;
  /** The first page size (lists with a size changer offer others). */
  pageSize?: number;
  /** The list's own filters beyond search and dates (site, statuses…), with their first values. */
  filters?: X;
  /** Whatever else starts the list again at page 1 when it changes: the selected site. */
  scope?: unknown;
}

/** What a list table needs of the state: the page it shows, and what to do when a page, a size or a sort is picked. */
export interface ListPaging {
  state: Pick<ListState<string>, 'page' | 'pageSize'>;
  onPage: (page: number) => void;
  /** A new page size starts again at page 1. */
  onPageSize: (pageSize: number) => void;
  /** A new sort starts again at page 1; a column the list cannot sort by is ignored. */
  onSort: (sort: ListSort<string>) => void;
  /** Whether a search, dates or one of the list's own filters narrows it (the empty state then says so). */
  isFiltered?: boolean;
  /** Clears the search, the dates and the list's own filters. */
  clearFilters?: () => void;
}

/**
 * The state of a list: search text (sent 500 ms after the last key, LIMITS.inputDebounceMs), date range, the
 * list's own filters, sort and page. A new scope, search, range, filter, sort or page size starts at page 1.
 * Everything but the text being typed lives in the address bar (list-params.ts): a reload, a shared link or Back
 * from another page shows the same page of the same list. Changes replace the history entry rather than add one,
 * so Back leaves the list instead of stepping through its pages.
 */
export function useListState<F extends string = never, X extends object = Record<never, never>>(
  options: ListStateOptions<F, X> = {},
) {
  const { scope = null } = options;
  const [params, setParams] = useSearchParams();
  const defaults: ListDefaults<F, X> = {
    sortable: options.sortable ?? [],
    defaultSort: options.defaultSort,
    pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE,
    filters: options.filters ?? ({} as X),
  };
  const current = readListParams(params, defaults);
  const [searchText, setSearchText] = useState(current.search);
  const search = useDebouncedSearch(searchText.trim());

  /** Writes a change; anything but a new page goes back to page 1. */
  const change = (next: Partial<UrlListState<F, X>>) =>
    setParams(
      (latest) => {
        const base = readListParams(latest, defaults);
        return writeListParams(latest, { ...base, page: 1, ...next }, defaults);
      },
      { replace: true },
    );

  // The typed search reaches the address bar once it has settled; an address that changes under the list (Back,
  // a link) brings its search into the box. `urlSearch` is the address's search as this list last saw or wrote it.
  const urlSearch = useRef(current.search);
  const lastSettled = useRef(search);
  useEffect(() => {
    if (current.search !== urlSearch.current) {
      urlSearch.current = current.search;
      setSearchText(current.search);
    } else if (search !== lastSettled.current) {
      lastSettled.current = search;
      if (search !== current.search) {
        urlSearch.current = search;
        change({ search });
      }
    }
  });

  // Another scope (the selected site) is another list: back to page 1. The first scope a list gets is where it
  // starts, so a reload keeps the page the address names.
  const lastScope = useRef(scope);
  useEffect(() => {
    if (lastScope.current === scope) return;
    const hadScope = lastScope.current !== null && lastScope.current !== undefined;
    lastScope.current = scope;
    if (hadScope && current.page !== 1) change({});
  });

  const { page, pageSize, sort, range, filters } = current;
  const state: ListState<F> = { page, pageSize, ...sort, search: current.search, range };

  const paging: Omit<ListPaging, 'state'> = {
    onPage: (next) => change({ page: Math.max(1, Math.trunc(next) || 1) }),
    onPageSize: (next) => {
      if (next !== pageSize) change({ pageSize: next });
    },
    onSort: (next) => {
      // Lists without a default sort are in the server's order; their columns offer no sorting.
      if (!defaults.defaultSort || !defaults.sortable.includes(next.sortBy as F)) return;
      if (next.sortBy !== sort?.sortBy || next.sortOrder !== sort?.sortOrder)
        change({ sort: { sortBy: next.sortBy as F, sortOrder: next.sortOrder } });
    },
  };

  return {
    state,
    /** The page, sort, search and dates as the server's query options. */
    query: buildListQuery(state),
    /** A column sorted on the server by `field` (`sortableColumn` with this list's sort); `first` its first click. */
    sortColumn: (field: F, first?: SortOrder) => sortableColumn(field, state, first),
    filters,
    setFilter: <K extends keyof X>(name: K, value: X[K]) =>
      change({ filters: { ...filters, [name]: value } }),
    searchText,
    setSearchText,
    setRange: (next: DateRange | null) => change({ range: next }),
    ...paging,
    isFiltered: !!current.search || !!range || filtersMoved(filters, defaults.filters),
    clearFilters: () => {
      setSearchText('');
      urlSearch.current = '';
      change({ search: '', range: null, filters: defaults.filters });
    },
  };
}
