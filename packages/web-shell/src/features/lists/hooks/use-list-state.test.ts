import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { useListState } from './use-list-state.ts';

type Field = 'title' | 'createdAt';
const FIELDS: readonly Field[] = ['title', 'createdAt'];
const DEFAULT_SORT = { sortBy: 'createdAt', sortOrder: 'desc' } as const;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const render = (siteId = 'site-a') =>
  renderHook(
    ({ site }) =>
      useListState<Field, { statuses: string[] }>({
        scope: site,
        sortable: FIELDS,
        defaultSort: DEFAULT_SORT,
        filters: { statuses: [] },
      }),
    { initialProps: { site: siteId } },
  );

describe("a list's state", () => {
  test('the search is applied 500 ms after the last key and starts again at page 1', () => {
    const { result } = render();
    act(() => result.current.onTableChange({ current: 3, pageSize: 10 }, {}, {}));
    expect(result.current.state.page).toBe(3);

    act(() => result.current.setSearchText('vat'));
    act(() => vi.advanceTimersByTime(499));
    expect(result.current.state.search).toBe('');
    expect(result.current.state.page).toBe(3);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.state.search).toBe('vat');
    expect(result.current.state.page).toBe(1);
    expect(result.current.isFiltered).toBe(true);
  });

  test('a new sort, page size, date range, filter or site goes back to page 1', () => {
    const { result, rerender } = render();
    // antd sends the current sort and page size with every change, as the table shows them.
    const toPage = (page: number) => {
      const { sortBy, sortOrder, pageSize } = result.current.state;
      const order = sortOrder === 'asc' ? 'ascend' : 'descend';
      act(() => result.current.onTableChange({ current: page, pageSize }, {}, { columnKey: sortBy, order }));
      expect(result.current.state.page).toBe(page);
    };

    toPage(2);
    act(() =>
      result.current.onTableChange({ current: 2, pageSize: 10 }, {}, { columnKey: 'title', order: 'ascend' }),
    );
    expect(result.current.state).toMatchObject({ page: 1, sortBy: 'title', sortOrder: 'asc' });

    toPage(2);
    act(() =>
      result.current.onTableChange({ current: 2, pageSize: 50 }, {}, { columnKey: 'title', order: 'ascend' }),
    );
    expect(result.current.state).toMatchObject({ page: 1, pageSize: 50 });

    toPage(2);
    act(() => result.current.setRange(['2026-01-01', '2026-01-31']));
    expect(result.current.state).toMatchObject({ page: 1, range: ['2026-01-01', '2026-01-31'] });

    toPage(2);
    act(() => result.current.setFilter('statuses', ['accepted']));
    expect(result.current.state.page).toBe(1);
    expect(result.current.filters).toEqual({ statuses: ['accepted'] });

    toPage(2);
    rerender({ site: 'site-b' });
    expect(result.current.state.page).toBe(1);
  });

  test('clearing the filters empties the search and the dates', () => {
    const { result } = render();
    act(() => {
      result.current.setSearchText('x');
      result.current.setRange(['2026-01-01', '2026-01-02']);
    });
    act(() => vi.advanceTimersByTime(500));
    act(() => result.current.clearFilters());
    act(() => vi.advanceTimersByTime(500));
    expect(result.current.state).toMatchObject({ search: '', range: null });
    expect(result.current.isFiltered).toBe(false);
  });

  test('a list the server sorts pages with limit and offset and sends no sort', () => {
    const { result } = renderHook(() => useListState({ pageSize: 20 }));
    act(() => result.current.onTableChange({ current: 3, pageSize: 20 }, {}, {}));
    expect(result.current.query).toEqual({ limit: 20, offset: 40 });
  });
});
