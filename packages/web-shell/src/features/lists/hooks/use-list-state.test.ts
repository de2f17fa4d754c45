import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { useListState } from './use-list-state.ts';

type Field = 'title' | 'createdAt';
const FIELDS: readonly Field[] = ['title', 'createdAt'];
const DEFAULT_SORT = { sortBy: 'createdAt', sortOrder: 'desc' } as const;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** The list lives in the address bar, so every hook here runs in a router starting at `address`. */
const inRouter =
  (address = '/list') =>
  ({ children }: { children: ReactNode }) =>
    createElement(MemoryRouter, { initialEntries: [address] }, children);

const render = (siteId = 'site-a', address?: string) =>
  renderHook(
    ({ site }) =>
      useListState<Field, { statuses: string[] }>({
        scope: site,
        sortable: FIELDS,
        defaultSort: DEFAULT_SORT,
        filters: { statuses: [] },
      }),
    { initialProps: { site: siteId }, wrapper: inRouter(address) },
  );

/** An address's parameters, whatever their order. */
const paramsOf = (search: string) => Object.fromEntries(new URLSearchParams(search));

/** The list with the address it writes, and a way to move the address as a link or Back would. */
const renderWithAddress = (address: string) =>
  renderHook(
    () => ({
      list: useListState<Field, { statuses: string[]; archived: boolean }>({
        scope: 'site-a',
        sortable: FIELDS,
        defaultSort: DEFAULT_SORT,
        filters: { statuses: [], archived: false },
      }),
      location: useLocation(),
      navigate: useNavigate(),
    }),
    { wrapper: inRouter(address) },
  );

describe("a list's state", () => {
  test('the search is applied 500 ms after the last key and starts again at page 1', () => {
    const { result } = render();
    act(() => result.current.onPage(3));
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
    const toPage = (page: number) => {
      act(() => result.current.onPage(page));
      expect(result.current.state.page).toBe(page);
    };

    toPage(2);
    act(() => result.current.onSort({ sortBy: 'title', sortOrder: 'asc' }));
    expect(result.current.state).toMatchObject({ page: 1, sortBy: 'title', sortOrder: 'asc' });

    toPage(2);
    act(() => result.current.onPageSize(50));
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

  test('the same sort or page size again keeps the page; a field the list cannot sort by is ignored', () => {
    const { result } = render();
    act(() => result.current.onPage(3));
    act(() => result.current.onSort({ sortBy: 'createdAt', sortOrder: 'desc' }));
    act(() => result.current.onPageSize(10));
    act(() => result.current.onSort({ sortBy: 'password', sortOrder: 'asc' }));
    expect(result.current.state).toMatchObject({
      page: 3,
      pageSize: 10,
      sortBy: 'createdAt',
      sortOrder: 'desc',
    });
    act(() => result.current.onSort({ sortBy: 'createdAt', sortOrder: 'asc' }));
    expect(result.current.state).toMatchObject({ page: 1, sortBy: 'createdAt', sortOrder: 'asc' });
  });

  test('clearing the filters empties the search and the dates and puts its own filters back', () => {
    const { result } = render();
    act(() => {
      result.current.setSearchText('x');
      result.current.setRange(['2026-01-01', '2026-01-02']);
      result.current.setFilter('statuses', ['accepted']);
    });
    act(() => vi.advanceTimersByTime(500));
    expect(result.current.isFiltered).toBe(true);
    act(() => result.current.clearFilters());
    act(() => vi.advanceTimersByTime(500));
    expect(result.current.state).toMatchObject({ search: '', range: null });
    expect(result.current.filters).toEqual({ statuses: [] });
    expect(result.current.isFiltered).toBe(false);
  });

  test('one of its own filters alone narrows the list; back at its first value it does not', () => {
    const { result } = render();
    expect(result.current.isFiltered).toBe(false);
    act(() => result.current.setFilter('statuses', ['rejected']));
    expect(result.current.isFiltered).toBe(true);
    act(() => result.current.setFilter('statuses', []));
    expect(result.current.isFiltered).toBe(false);
  });

  test('a list the server sorts pages with limit and offset and sends no sort', () => {
    const { result } = renderHook(() => useListState({ pageSize: 20 }), { wrapper: inRouter() });
    act(() => result.current.onPage(3));
    expect(result.current.query).toEqual({ limit: 20, offset: 40 });
    act(() => result.current.onSort({ sortBy: 'title', sortOrder: 'asc' }));
    expect(result.current.query).toEqual({ limit: 20, offset: 40 });
  });
});

describe("a list's address", () => {
  test('a reload or a shared link shows the page, sort, search, dates and filters the address names', () => {
    const { result } = renderWithAddress(
      '/list?page=3&size=50&sort=title.asc&q=vat&from=2026-01-01&to=2026-01-31&statuses=accepted,rejected&archived=true',
    );
    expect(result.current.list.state).toMatchObject({
      page: 3,
      pageSize: 50,
      sortBy: 'title',
      sortOrder: 'asc',
      search: 'vat',
      range: ['2026-01-01', '2026-01-31'],
    });
    expect(result.current.list.searchText).toBe('vat');
    expect(result.current.list.filters).toEqual({ statuses: ['accepted', 'rejected'], archived: true });
    expect(result.current.list.query).toEqual({
      limit: 50,
      offset: 100,
      sortBy: 'title',
      sortOrder: 'asc',
      search: 'vat',
      from: '2026-01-01',
      to: '2026-01-31',
    });
  });

  test('ignores what it cannot use and keeps the defaults out of the address', () => {
    const { result } = renderWithAddress('/list?page=-2&size=7&sort=secret.asc&from=yesterday&other=kept');
    expect(result.current.list.state).toMatchObject({
      page: 1,
      pageSize: 10,
      sortBy: 'createdAt',
      sortOrder: 'desc',
      range: null,
    });
    act(() => result.current.list.onPage(2));
    expect(paramsOf(result.current.location.search)).toEqual({ other: 'kept', page: '2' });
  });

  test('writes each change into the address, the search once it has settled', () => {
    const { result } = renderWithAddress('/list');
    act(() => result.current.list.setFilter('statuses', ['accepted']));
    act(() => result.current.list.setRange(['2026-02-01', null]));
    act(() => result.current.list.setSearchText('tax'));
    expect(paramsOf(result.current.location.search)).toEqual({ from: '2026-02-01', statuses: 'accepted' });
    act(() => vi.advanceTimersByTime(500));
    expect(paramsOf(result.current.location.search)).toEqual({
      q: 'tax',
      from: '2026-02-01',
      statuses: 'accepted',
    });
    act(() => result.current.list.clearFilters());
    act(() => vi.advanceTimersByTime(500));
    expect(paramsOf(result.current.location.search)).toEqual({});
    expect(result.current.list.searchText).toBe('');
  });

  test('an address that changes under the list (Back, a link) brings its search into the box', () => {
    const { result } = renderWithAddress('/list?q=vat');
    act(() => result.current.navigate('/list?q=invoice&page=2'));
    expect(result.current.list.searchText).toBe('invoice');
    expect(result.current.list.state).toMatchObject({ search: 'invoice', page: 2 });
    act(() => vi.advanceTimersByTime(500));
    expect(paramsOf(result.current.location.search)).toEqual({ q: 'invoice', page: '2' });
  });

  test('a reload keeps the page the address names while the list gets its first site', () => {
    const { result, rerender } = render(undefined as unknown as string, '/list?page=4');
    rerender({ site: 'site-a' });
    expect(result.current.state.page).toBe(4);
    rerender({ site: 'site-b' });
    expect(result.current.state.page).toBe(1);
  });
});
