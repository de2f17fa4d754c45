import type { SortOrder } from '@portico/contracts';
import { type DateRange, type ListSort, PAGE_SIZES } from './list-query.ts';

/**
 * A list's state as the address bar keeps it, so that a reload, a shared link or Back from another page shows the
 * same page of the same list: `page`, `size`, `sort=field.asc|desc`, `q`, `from`, `to` and the list's own filters
 * by name. Values that are the list's defaults are left out; values that are not valid are ignored.
 */
export interface UrlListState<F extends string, X extends object> {
  page: number;
  pageSize: number;
  sort: ListSort<F> | undefined;
  search: string;
  range: DateRange | null;
  filters: X;
}

export interface ListDefaults<F extends string, X extends object> {
  sortable: readonly F[];
  defaultSort: ListSort<F> | undefined;
  pageSize: number;
  filters: X;
}

const DAY = /^[1-9][0-9]{3}-[0-9]{2}-[0-9]{2}$/;
const RESERVED = new Set(['page', 'size', 'sort', 'q', 'from', 'to']);

/** A filter's value read back by the type its default has: a flag, a number, a list or text. */
function readFilter(text: string, fallback: unknown): unknown {
  if (typeof fallback === 'boolean') return text === 'true' ? true : text === 'false' ? false : fallback;
  if (typeof fallback === 'number') return Number.isFinite(Number(text)) ? Number(text) : fallback;
  if (Array.isArray(fallback)) return text ? text.split(',') : [];
  return text;
}

const writeFilter = (value: unknown) => (Array.isArray(value) ? value.join(',') : String(value));

/** A filter's value for the address bar, or null while it is at its first value (then left out). */
const movedFilter = (value: unknown, fallback: unknown) =>
  writeFilter(value) === writeFilter(fallback) ? null : writeFilter(value);

/** Whether any of a list's own filters has left its first value (as the address bar would tell). */
export const filtersMoved = <X extends object>(filters: X, first: X) =>
  Object.entries(first).some(
    ([name, fallback]) =>
      !RESERVED.has(name) && movedFilter((filters as Record<string, unknown>)[name], fallback) !== null,
  );

export function readListParams<F extends string, X extends object>(
  params: URLSearchParams,
  defaults: ListDefaults<F, X>,
): UrlListState<F, X> {
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  const [field, order] = (params.get('sort') ?? '').split('.');
  const sort =
    defaults.sortable.includes(field as F) && (order === 'asc' || order === 'desc')
      ? { sortBy: field as F, sortOrder: order as SortOrder }
      : defaults.defaultSort;
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const range: DateRange | null =
    DAY.test(from) || DAY.test(to) ? [DAY.test(from) ? from : null, DAY.test(to) ? to : null] : null;
  const filters = { ...defaults.filters };
  for (const [name, fallback] of Object.entries(defaults.filters)) {
    const text = params.get(name);
    if (text !== null && !RESERVED.has(name)) Object.assign(filters, { [name]: readFilter(text, fallback) });
  }
  return {
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
    pageSize:
      (PAGE_SIZES as readonly number[]).includes(size) || size === defaults.pageSize
        ? size
        : defaults.pageSize,
    sort,
    search: params.get('q') ?? '',
    range,
    filters,
  };
}

/** `params` with the list's state written into it (other parameters kept), defaults left out. */
export function writeListParams<F extends string, X extends object>(
  params: URLSearchParams,
  state: UrlListState<F, X>,
  defaults: ListDefaults<F, X>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const put = (name: string, value: string | null) => (value ? next.set(name, value) : next.delete(name));
  put('page', state.page > 1 ? String(state.page) : null);
  put('size', state.pageSize !== defaults.pageSize ? String(state.pageSize) : null);
  const sort = state.sort;
  const isDefaultSort =
    sort?.sortBy === defaults.defaultSort?.sortBy && sort?.sortOrder === defaults.defaultSort?.sortOrder;
  put('sort', sort && !isDefaultSort ? `${sort.sortBy}.${sort.sortOrder}` : null);
  put('q', state.search || null);
  put('from', state.range?.[0] ?? null);
  put('to', state.range?.[1] ?? null);
  for (const [name, fallback] of Object.entries(defaults.filters)) {
    if (RESERVED.has(name)) continue;
    const value = (state.filters as Record<string, unknown>)[name];
    put(name, movedFilter(value, fallback));
  }
  return next;
}
