import { useEffect, useRef } from 'react';
import type { ListColumn } from '../list-column.ts';
import { type ListSort, nextSortOrder } from '../list-query.ts';

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * A column's header. A column sorted on the server is a button that turns the sort round (`aria-sort` on the
 * header says how the list is sorted now); the others are plain titles.
 */
export function ListHeaderCell<T>({
  column,
  sortBy,
  className,
  onSort,
}: {
  column: ListColumn<T>;
  /** What the server sorts by when this column's button is pressed (its key). */
  sortBy: string;
  className: string | undefined;
  onSort: (sort: ListSort<string>) => void;
}) {
  const { sort, title, width } = column;
  const style = width === undefined ? undefined : { width };
  if (!sort)
    return (
      <th scope="col" className={className} style={style}>
        {title}
      </th>
    );
  const classes = ['portico-list-table__sortable'];
  if (sort.order) classes.push('portico-list-table__sortable--sorted');
  if (className) classes.push(className);
  return (
    <th
      scope="col"
      className={classes.join(' ')}
      style={style}
      aria-sort={sort.order ? ARIA_SORT[sort.order] : undefined}
    >
      <button
        type="button"
        className="portico-list-table__sort"
        onClick={() => onSort({ sortBy, sortOrder: nextSortOrder(sort) })}
      >
        <span>{title}</span>
        <span className="portico-sort-icon" data-order={sort.order} aria-hidden>
          <Caret up />
          <Caret />
        </span>
      </button>
    </th>
  );
}

/** Half of the sort icon: the triangle up (ascending) or down; the one of the list's order in the accent colour. */
function Caret({ up = false }: { up?: boolean }) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 8 5"
      width="8"
      height="5"
      focusable="false"
      className={up ? 'portico-sort-icon__up' : 'portico-sort-icon__down'}
    >
      <path d={up ? 'M4 0 8 5H0z' : 'M4 5 0 0h8z'} />
    </svg>
  );
}

/**
 * The checkbox above the rows' checkboxes: picks every row of this page, or, when all are picked, none of them.
 * Rows picked on other pages stay picked. It is a data cell, not a column header: it has no words to show.
 */
export function SelectAllCell({
  pageKeys,
  keys,
  onChange,
}: {
  pageKeys: string[];
  keys: string[];
  onChange: (keys: string[]) => void;
}) {
  const box = useRef<HTMLInputElement>(null);
  const picked = pageKeys.filter((key) => keys.includes(key)).length;
  const all = pageKeys.length > 0 && picked === pageKeys.length;
  const some = picked > 0 && !all;
  useEffect(() => {
    if (box.current) box.current.indeterminate = some;
  }, [some]);
  return (
    <td className="portico-list-table__check">
      <input
        ref={box}
        type="checkbox"
        aria-label="Select all on this page"
        checked={all}
        disabled={pageKeys.length === 0}
        onChange={() =>
          onChange(
            all
              ? keys.filter((key) => !pageKeys.includes(key))
              : [...keys, ...pageKeys.filter((key) => !keys.includes(key))],
          )
        }
      />
    </td>
  );
}
