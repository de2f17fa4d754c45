import type { ReactNode } from 'react';
import type { Breakpoint } from '../../lib/use-breakpoint.ts';
import type { ColumnSort } from './list-query.ts';

/**
 * A column of a `ListTable`: one field of the row (`dataIndex`, shown as it is unless `render` says otherwise), or
 * anything drawn from the row (`key` and `render`).
 */
export interface ListColumn<T> {
  title: ReactNode;
  /** The field the cells show; `render` gets its value first. */
  dataIndex?: keyof T & string;
  /** The column's name for React and, for a sortable column, the field the server sorts by; `dataIndex` unless given. */
  key?: string;
  // A method, so that a column may take its field's own type: `render: (size: number) => formatBytes(size)`.
  render?(value: T[keyof T & string] | undefined, row: T, index: number): ReactNode;
  /**
   * The widths the column shows at (from the smallest named on; below it CSS hides it). A row's `TitleCell` says
   * on narrow screens what the hidden columns would.
   */
  responsive?: Breakpoint[];
  align?: 'left' | 'center' | 'right';
  width?: number | string;
  className?: string;
  /** Sorted on the server (`sortableColumn`): a button in the header; `key` is the field it sorts by. */
  sort?: ColumnSort;
}

export type ListColumns<T> = ListColumn<T>[];

/** The key React and the sort know a column by. */
export const columnKey = <T>(column: ListColumn<T>, index: number): string =>
  column.key ?? column.dataIndex ?? `column-${index}`;

/** What a column's cell shows for `row`. */
export function cellOf<T>(column: ListColumn<T>, row: T, index: number): ReactNode {
  const value = column.dataIndex === undefined ? undefined : row[column.dataIndex];
  if (column.render) return column.render(value, row, index);
  return value === undefined || value === null ? null : String(value);
}
