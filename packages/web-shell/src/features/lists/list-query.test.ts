import dayjs from 'dayjs';
import { describe, expect, test } from 'vitest';
import {
  buildListQuery,
  type ListState,
  nextSortOrder,
  rangeFromPicker,
  sortableColumn,
} from './list-query.ts';

type Field = 'title' | 'size' | 'createdAt';
const DEFAULT_SORT = { sortBy: 'createdAt', sortOrder: 'desc' } as const;

const state = (change: Partial<ListState<Field>> = {}): ListState<Field> => ({
  page: 1,
  pageSize: 10,
  ...DEFAULT_SORT,
  search: '',
  range: null,
  ...change,
});

describe('the query a list sends', () => {
  test('pages become limit and offset', () => {
    expect(buildListQuery(state())).toEqual({
      limit: 10,
      offset: 0,
      sortBy: 'createdAt',
      sortOrder: 'desc',
    });
    expect(buildListQuery(state({ page: 3, pageSize: 20 }))).toMatchObject({
      limit: 20,
      offset: 40,
    });
    expect(buildListQuery(state({ page: 0 })).offset).toBe(0);
  });

  test('the sort is passed as the server names it', () => {
    expect(buildListQuery(state({ sortBy: 'title', sortOrder: 'asc' }))).toMatchObject({
      sortBy: 'title',
      sortOrder: 'asc',
    });
  });

  test('search is trimmed and left out when blank; quotes and % are sent as typed', () => {
    expect(buildListQuery(state({ search: '   ' }))).not.toHaveProperty('search');
    expect(buildListQuery(state({ search: '  50% "VAT" ' })).search).toBe('50% "VAT"');
  });

  test('a date range becomes from and to, inclusive days, in order', () => {
    expect(buildListQuery(state({ range: ['2026-01-01', '2026-01-31'] }))).toMatchObject({
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(buildListQuery(state({ range: ['2026-02-10', '2026-02-01'] }))).toMatchObject({
      from: '2026-02-01',
      to: '2026-02-10',
    });
    expect(buildListQuery(state())).not.toHaveProperty('from');
  });

  test('an open-ended range sends only its end, and a list without a sort sends none', () => {
    expect(buildListQuery(state({ range: [null, '2026-01-31'] }))).toMatchObject({ to: '2026-01-31' });
    expect(buildListQuery(state({ range: ['2026-01-01', null] }))).not.toHaveProperty('to');
    const unsorted = buildListQuery({ page: 2, pageSize: 20, search: '', range: null });
    expect(unsorted).toEqual({ limit: 20, offset: 20 });
  });
});

describe('sortable columns', () => {
  test("a column shows the state's sort: its order while it sorts the list, none while another does", () => {
    expect(sortableColumn('createdAt', state(), 'desc')).toEqual({
      key: 'createdAt',
      sort: { order: 'desc', first: 'desc' },
    });
    expect(sortableColumn('title', state())).toEqual({
      key: 'title',
      sort: { order: undefined, first: 'asc' },
    });
    expect(sortableColumn('title', state({ sortBy: 'title', sortOrder: 'asc' })).sort.order).toBe('asc');
  });

  test('a click asks for the first order, then turns it round, and never for unsorted', () => {
    expect(nextSortOrder({ order: undefined, first: 'desc' })).toBe('desc');
    expect(nextSortOrder({ order: 'desc', first: 'desc' })).toBe('asc');
    expect(nextSortOrder({ order: 'asc', first: 'desc' })).toBe('desc');
    expect(nextSortOrder({ order: undefined, first: 'asc' })).toBe('asc');
    expect(nextSortOrder({ order: 'asc', first: 'asc' })).toBe('desc');
  });

  test('a picked range is two YYYY-MM-DD days; half a range is none', () => {
    expect(rangeFromPicker([dayjs('2026-03-01T10:00:00'), dayjs('2026-03-05T08:00:00')])).toEqual([
      '2026-03-01',
      '2026-03-05',
    ]);
    expect(rangeFromPicker([dayjs('2026-03-01'), null])).toBeNull();
    expect(rangeFromPicker(null)).toBeNull();
    expect(rangeFromPicker([dayjs('2026-03-01'), null], true)).toEqual(['2026-03-01', null]);
    expect(rangeFromPicker([null, null], true)).toBeNull();
  });
});
