import { DATE_FORMAT, type SortOrder } from '@portico/contracts';
import type { Dayjs } from 'dayjs';

/** Page sizes a list with a size changer offers; the services accept up to 100. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = PAGE_SIZES[0];

/** First and last day, inclusive, `YYYY-MM-DD`; null at an open end ("from a day on"). */
export type DateRange = readonly [from: string | null, to: string | null];

export interface ListSort<F extends string> {
  sortBy: F;
  sortOrder: SortOrder;
}

/** What a list shows: the page, the sort (lists sorted by the server alone have none), search and dates. */
export interface ListState<F extends string> extends Partial<ListSort<F>> {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Debounced and trimmed. */
  search: string;
  range: DateRange | null;
}

/** The paging, sort, search and date options every list endpoint takes (SPEC §7: limit, offset, …). */
export interface ListQuery<F extends string> extends Partial<ListSort<F>> {
  limit: number;
  offset: number;
  search?: string;
  from?: string;
  to?: string;
}

/** Turns a list's state into the server's paging (limit, offset), sort, search and date range. */
export function buildListQuery<F extends string>(state: ListState<F>): ListQuery<F> {
  const page = Math.max(1, Math.trunc(state.page) || 1);
  const query: ListQuery<F> = { limit: state.pageSize, offset: (page - 1) * state.pageSize };
  if (state.sortBy) Object.assign(query, { sortBy: state.sortBy, sortOrder: state.sortOrder ?? 'asc' });
  const search = state.search.trim();
  if (search) query.search = search;
  const [from, to] = state.range ?? [null, null];
  // A range picked backwards still means the days between.
  const [first, last] = from && to && to < from ? [to, from] : [from, to];
  if (first) query.from = first;
  if (last) query.to = last;
  return query;
}

/** The days a RangePicker holds; half a range is none unless the range may be open-ended. */
export function rangeFromPicker(
  values: readonly [Dayjs | null, Dayjs | null] | null | undefined,
  openEnded = false,
): DateRange | null {
  const [start, end] = values ?? [null, null];
  if (openEnded ? !start && !end : !start || !end) return null;
  return [start?.format(DATE_FORMAT) ?? null, end?.format(DATE_FORMAT) ?? null];
}

/** A column's sort: the order the list is sorted in by it now (none while another column sorts), and the first. */
export interface ColumnSort {
  order: SortOrder | undefined;
  /** What the first click asks for (newest and largest first for dates and sizes); the next turns it round. */
  first: SortOrder;
}

/**
 * The sorting of a column sorted on the server: its key, and its sort as the list's state has it. A click cycles
 * between the two orders (never unsorted), starting with `first`.
 */
export function sortableColumn<F extends string>(
  field: F,
  state: Partial<ListSort<F>>,
  first: SortOrder = 'asc',
): { key: F; sort: ColumnSort } {
  return {
    key: field,
    sort: { order: state.sortBy === field ? (state.sortOrder ?? 'asc') : undefined, first },
  };
}

/** The order a click on a sortable column's header asks for. */
export const nextSortOrder = ({ order, first }: ColumnSort): SortOrder =>
  order === undefined ? first : order === 'asc' ? 'desc' : 'asc';
