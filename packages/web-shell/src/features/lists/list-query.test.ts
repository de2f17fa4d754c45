import dayjs from 'dayjs';
import { describe, expect, test } from 'vitest';
import {
  buildListQuery,
  columnSortOrder,
  type ListState,
  rangeFromPicker,
  sortableColumn,
  sortFromSorter,
} from './list-query.ts';

type Field = 'title' | 'size' | 'createdAt';
const FIELDS: readonly Field[] = ['title', 'size', 'createdAt'];
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

describe('table changes', () => {
  test('a column sort becomes sortBy and sortOrder; a cleared or unknown one the default', () => {
    expect(sortFromSorter({ columnKey: 'size', order: 'ascend' }, FIELDS, DEFAULT_SORT)).toEqual({
      sortBy: 'size',
      sortOrder: 'asc',
    });
    expect(sortFromSorter([{ columnKey: 'title', order: 'descend' }], FIELDS, DEFAULT_SORT)).toEqual({
      sortBy: 'title',
      sortOrder: 'desc',
    });
    expect(sortFromSorter({ columnKey: 'size', order: null }, FIELDS, DEFAULT_SORT)).toEqual(DEFAULT_SORT);
    expect(sortFromSorter({ columnKey: 'password', order: 'ascend' }, FIELDS, DEFAULT_SORT)).toEqual(
      DEFAULT_SORT,
    );
  });

  test("the columns show the state's sort and never cycle to unsorted", () => {
    expect(columnSortOrder('createdAt', state())).toBe('descend');
    expect(columnSortOrder('title', state())).toBeNull();
    expect(columnSortOrder('title', state({ sortBy: 'title', sortOrder: 'asc' }))).toBe('ascend');
    expect(sortableColumn('size', state(), 'descend')).toEqual({
      key: 'size',
      sorter: true,
      sortOrder: null,
      sortDirections: ['descend', 'ascend', 'descend'],
    });
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
