import type { Breakpoint, TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { formatDate } from '../../lib/format.ts';
import { TitleCell, type TitleCellProps } from './components/title-cell.tsx';

/** A column of server timestamps shown as their `YYYY-MM-DD` day (SPEC §5). */
export function dateColumn<T>(
  title: string,
  key: keyof T & string,
  responsive: Breakpoint[],
): TableColumnType<T> {
  // A YYYY-MM-DD date reads as one word: it never breaks at its hyphens in a narrow column.
  return {
    title,
    dataIndex: key,
    responsive,
    render: (iso: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(iso)}</span>,
  };
}

/** A row's buttons, in their own column from `md` on (narrow screens show them under the title). */
export function actionsColumn<T>(render: (row: T) => ReactNode): TableColumnType<T> {
  return { title: 'Actions', key: 'actions', responsive: ['md'], render: (_value, row) => render(row) };
}

/** The first column: each row's `TitleCell`, which also carries the hidden columns on narrow screens. */
export function titleColumn<T>(title: string, cell: (row: T) => TitleCellProps): TableColumnType<T> {
  return { title, key: 'title', render: (_value, row) => <TitleCell {...cell(row)} /> };
}
