import type { ReactNode } from 'react';
import { formatDate } from '../../lib/format.ts';
import type { Breakpoint } from '../../lib/use-breakpoint.ts';
import { TitleCell, type TitleCellProps } from './components/title-cell.tsx';
import type { ListColumn } from './list-column.ts';

/** A column of server timestamps shown as their `YYYY-MM-DD` day (SPEC §5). */
export function dateColumn<T>(title: string, key: keyof T & string, responsive: Breakpoint[]): ListColumn<T> {
  // A YYYY-MM-DD date reads as one word: it never breaks at its hyphens in a narrow column.
  return {
    title,
    key,
    responsive,
    render: (_value, row) => <span className="portico-nowrap">{formatDate(String(row[key]))}</span>,
  };
}

/** A row's buttons, in their own column from `md` on (narrow screens show them under the title). */
export function actionsColumn<T>(render: (row: T) => ReactNode): ListColumn<T> {
  return { title: 'Actions', key: 'actions', responsive: ['md'], render: (_value, row) => render(row) };
}

/** The first column: each row's `TitleCell`, which also carries the hidden columns on narrow screens. */
export function titleColumn<T>(title: string, cell: (row: T) => TitleCellProps): ListColumn<T> {
  return { title, key: 'title', render: (_value, row) => <TitleCell {...cell(row)} /> };
}
