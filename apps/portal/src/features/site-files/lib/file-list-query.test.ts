import dayjs from 'dayjs';
import { describe, expect, test } from 'vitest';
import {
  buildFileListQuery,
  columnSortOrder,
  type FileListState,
  rangeFromPicker,
  sortableColumn,
  sortFromSorter,
} from './file-list-query.ts';

const SITE = '6f1b5c3e-8a4d-4b5e-9f7a-2c3d4e5f6a7b';
type Field = 'title' | 'size' | 'createdAt';
const FIELDS: readonly Field[] = ['title', 'size', 'createdAt'];
const DEFAULT_SORT = { sortBy: 'createdAt', sortOrder: 'desc' } as const;

const state = (change: Partial<FileListState<Field>> = {}): FileListState<Field> => ({
  page: 1,
  pageSize: 10,
  ...DEFAULT_SORT,
  search: '',
  range: null,
  ...change,
});

describe('the query a file table sends', () => {
  test('pages become limit and offset', () => {
    expect(buildFileListQuery(SITE, state())).toEqual({
      siteId: SITE,
      limit: 10,
      offset: 0,
      sortBy: 'createdAt',
      sortOrder: 'desc',
    });
    expect(buildFileListQuery(SITE, state({ page: 3, pageSize: 20 }))).toMatchObject({
      limit: 20,
      offset: 40,
    });
    expect(buildFileListQuery(SITE, state({ page: 0 })).offset).toBe(0);
  });

  test('the sort is passed as the server names it', () => {
    expect(buildFileListQuery(SITE, state({ sortBy: 'title', sortOrder: 'asc' }))).toMatchObject({
      sortBy: 'title',
      sortOrder: 'asc',
    });
  });

  test('search is trimmed and left out when blank; quotes and % are sent as typed', () => {
    expect(buildFileListQuery(SITE, state({ search: '   ' }))).not.toHaveProperty('search');
    expect(buildFileListQuery(SITE, state({ search: '  50% "VAT" ' })).search).toBe('50% "VAT"');
  });

  test('a date range becomes from and to, inclusive days, in order', () => {
    expect(buildFileListQuery(SITE, state({ range: ['2026-01-01', '2026-01-31'] }))).toMatchObject({
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(buildFileListQuery(SITE, state({ range: ['2026-02-10', '2026-02-01'] }))).toMatchObject({
      from: '2026-02-01',
      to: '2026-02-10',
    });
    expect(buildFileListQuery(SITE, state())).not.toHaveProperty('from');
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
  });
});
