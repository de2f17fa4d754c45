import { LIMITS, type SortOrder } from '@portico/contracts';
import { useDebouncedValue } from '@portico/web-shell';
import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';
import {
  type DateRange,
  DEFAULT_PAGE_SIZE,
  type FileListState,
  sortFromSorter,
} from '../lib/file-list-query.ts';

interface Sort<F extends string> {
  sortBy: F;
  sortOrder: SortOrder;
}

/**
 * The state of a file table: search text (sent 500 ms after the last key, LIMITS.inputDebounceMs), date range,
 * sort and page. A new site, search, range, sort or page size starts again at page 1.
 */
export function useFileListState<F extends string>(
  siteId: string | null,
  sortable: readonly F[],
  defaultSort: Sort<F>,
) {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), LIMITS.inputDebounceMs);
  const [range, setRange] = useState<DateRange | null>(null);
  const [sort, setSort] = useState<Sort<F>>(defaultSort);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  // The page belongs to one combination of the rest; any other combination is on page 1.
  const filterKey = JSON.stringify([siteId, search, range, sort.sortBy, sort.sortOrder, pageSize]);
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;

  const state: FileListState<F> = { page, pageSize, ...sort, search, range };

  const onTableChange = (
    pagination: TablePaginationConfig,
    _filters: unknown,
    sorter: Parameters<typeof sortFromSorter>[0],
  ) => {
    const nextSort = sortFromSorter(sorter, sortable, defaultSort);
    const nextSize = pagination.pageSize ?? pageSize;
    if (nextSort.sortBy !== sort.sortBy || nextSort.sortOrder !== sort.sortOrder) setSort(nextSort);
    else if (nextSize !== pageSize) setPageSize(nextSize);
    else setPaging({ key: filterKey, page: pagination.current ?? 1 });
  };

  return {
    state,
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
