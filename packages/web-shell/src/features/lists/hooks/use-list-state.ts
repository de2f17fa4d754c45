import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';
import { useDebouncedSearch } from '../../../lib/use-debounced-value.ts';
import {
  buildListQuery,
  type DateRange,
  DEFAULT_PAGE_SIZE,
  type ListSort,
  type ListState,
  type SorterLike,
  sortFromSorter,
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

/** What a list table needs of the state: the page it shows and what to do when the table changes. */
export interface ListPaging {
  state: Pick<ListState<string>, 'page' | 'pageSize'>;
  onTableChange: (
    pagination: TablePaginationConfig,
    filters: unknown,
    sorter: SorterLike | SorterLike[],
  ) => void;
}

/**
 * The state of a list: search text (sent 500 ms after the last key, LIMITS.inputDebounceMs), date range, the
 * list's own filters, sort and page. A new scope, search, range, filter, sort or page size starts at page 1.
 */
export function useListState<F extends string = never, X extends object = Record<never, never>>(
  options: ListStateOptions<F, X> = {},
) {
  const { sortable = [], defaultSort, scope = null } = options;
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedSearch(searchText.trim());
  const [range, setRange] = useState<DateRange | null>(null);
  const [filters, setFilters] = useState<X>(options.filters ?? ({} as X));
  const [sort, setSort] = useState<ListSort<F> | undefined>(defaultSort);
  const [pageSize, setPageSize] = useState<number>(options.pageSize ?? DEFAULT_PAGE_SIZE);
  // The page belongs to one combination of the rest; any other combination is on page 1.
  const filterKey = JSON.stringify([scope, search, range, filters, sort, pageSize]);
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;

  const state: ListState<F> = { page, pageSize, ...sort, search, range };

  const onTableChange: ListPaging['onTableChange'] = (pagination, _filters, sorter) => {
    const nextSort = defaultSort && sortFromSorter(sorter, sortable, defaultSort);
    const nextSize = pagination.pageSize ?? pageSize;
    if (nextSort && (nextSort.sortBy !== sort?.sortBy || nextSort.sortOrder !== sort?.sortOrder))
      setSort(nextSort);
    else if (nextSize !== pageSize) setPageSize(nextSize);
    else setPaging({ key: filterKey, page: pagination.current ?? 1 });
  };

  return {
    state,
    /** The page, sort, search and dates as the server's query options. */
    query: buildListQuery(state),
    filters,
    setFilter: <K extends keyof X>(name: K, value: X[K]) => setFilters((all) => ({ ...all, [name]: value })),
    searchText,
    setSearchText,
    setRange,
    onTableChange,
    /** Whether the list is narrowed by a search or dates (the empty state says so). */
    isFiltered: !!search || !!range,
    clearFilters: () => {
      setSearchText('');
      setRange(null);
    },
  };
}
