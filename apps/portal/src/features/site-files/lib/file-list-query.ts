import { DATE_FORMAT, type SortOrder } from '@portico/contracts';
import type { Dayjs } from 'dayjs';

/** Page sizes the tables offer; the services accept up to 100. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = PAGE_SIZES[0];

/** Inclusive first and last day, `YYYY-MM-DD`. */
export type DateRange = readonly [from: string, to: string];

/** What a file table shows: the page, the sort, the (debounced) search text and the date range. */
export interface FileListState<F extends string> {
  /** 1-based, as antd's pagination counts. */
  page: number;
  pageSize: number;
  sortBy: F;
  sortOrder: SortOrder;
  search: string;
  range: DateRange | null;
}

/** The query of `GET api/files/published-files` and `GET api/files/submitted` (SPEC §7: siteId plus options). */
export interface FileListQuery<F extends string> {
  siteId: string;
  limit: number;
  offset: number;
  sortBy: F;
  sortOrder: SortOrder;
  search?: string;
  from?: string;
  to?: string;
}

/** Turns a table's state into the server's paging (limit, offset), sort, search and date range. */
export function buildFileListQuery<F extends string>(
  siteId: string,
  state: FileListState<F>,
): FileListQuery<F> {
  const page = Math.max(1, Math.trunc(state.page) || 1);
  const query: FileListQuery<F> = {
    siteId,
    limit: state.pageSize,
    offset: (page - 1) * state.pageSize,
    sortBy: state.sortBy,
    sortOrder: state.sortOrder,
  };
  const search = state.search.trim();
  if (search) query.search = search;
  if (state.range) {
    const [from, to] = state.range;
    // A range picked backwards still means the days between.
    [query.from, query.to] = from <= to ? [from, to] : [to, from];
  }
  return query;
}

/** antd's sort order of a column, from the table's state (controlled sorting). */
export function columnSortOrder<F extends string>(
  field: F,
  state: Pick<FileListState<F>, 'sortBy' | 'sortOrder'>,
): 'ascend' | 'descend' | null {
  if (state.sortBy !== field) return null;
  return state.sortOrder === 'asc' ? 'ascend' : 'descend';
}

interface SorterLike {
  columnKey?: unknown;
  order?: 'ascend' | 'descend' | null;
}

/**
 * The sort a table change asks for. A column the server cannot sort by, or a cleared sort, falls back to the
 * default (newest first).
 */
export function sortFromSorter<F extends string>(
  sorter: SorterLike | SorterLike[],
  allowed: readonly F[],
  fallback: { sortBy: F; sortOrder: SortOrder },
): { sortBy: F; sortOrder: SortOrder } {
  const first = Array.isArray(sorter) ? sorter[0] : sorter;
  const key = first?.columnKey;
  if (!first?.order || typeof key !== 'string' || !allowed.includes(key as F)) return fallback;
  return { sortBy: key as F, sortOrder: first.order === 'ascend' ? 'asc' : 'desc' };
}

/** The days a RangePicker holds, or null while either end is empty. */
export function rangeFromPicker(
  values: readonly [Dayjs | null, Dayjs | null] | null | undefined,
): DateRange | null {
  const [start, end] = values ?? [null, null];
  if (!start || !end) return null;
  return [start.format(DATE_FORMAT), end.format(DATE_FORMAT)];
}

/**
 * The sorting props of a column sorted on the server: controlled by the table's state, cycling between the two
 * orders (never unsorted), starting with `first` (newest and largest first for dates and sizes).
 */
export function sortableColumn<F extends string>(
  field: F,
  state: Pick<FileListState<F>, 'sortBy' | 'sortOrder'>,
  first: 'ascend' | 'descend' = 'ascend',
) {
  const second = first === 'ascend' ? 'descend' : 'ascend';
  return {
    key: field,
    sorter: true,
    sortOrder: columnSortOrder(field, state),
    sortDirections: [first, second, first] as ('ascend' | 'descend')[],
  };
}
