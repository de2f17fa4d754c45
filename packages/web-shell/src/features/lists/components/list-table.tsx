import '../list-kit.css';
import { type ReactNode, useEffect, useRef } from 'react';
import { Spinner } from '../../../ui/spinner.tsx';
import type { ListPaging } from '../hooks/use-list-state.ts';
import { useSidewaysScroll } from '../hooks/use-sideways-scroll.ts';
import { cellOf, columnKey, type ListColumn, type ListColumns } from '../list-column.ts';
import { ListEmpty } from './list-empty.tsx';
import { ListHeaderCell, SelectAllCell } from './list-header-cell.tsx';
import { ListPagination } from './list-pagination.tsx';
import { QueryErrorAlert } from './query-error-alert.tsx';

/** What a list query answered (an RTK Query result): a page of records with the total, or why it failed. */
export interface ListResult<T> {
  currentData?: { records: T[]; totalRecordCount: number } | undefined;
  isFetching: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/** Rows a person picks (for a zip): their keys, kept across pages, and the label of each row's checkbox. */
export interface ListSelection<T> {
  keys: string[];
  onChange: (keys: string[]) => void;
  label: (row: T) => string;
}

export interface ListTableProps<T> {
  list: ListPaging;
  result: ListResult<T>;
  columns: ListColumns<T>;
  /** One of the rows, for the totals, the loading text and the test id (`{itemName}s-table` unless given). */
  itemName: string;
  /** The table's name for assistive technology: "{ItemName}s" unless given. */
  label?: string;
  /** What the list shows when it has no rows: a sentence, or a `ListEmpty` that says more. */
  empty: ReactNode;
  /**
   * With a sentence for `empty`: what to say instead while the list's search or filters narrow it
   * (`list.isFiltered`), beside a button that clears them.
   */
  emptyFiltered?: string;
  /** The error alert's title, "The {itemName}s could not be loaded" unless given; `renderError` replaces the alert. */
  errorTitle?: string;
  renderError?: (error: unknown, retry: () => void) => ReactNode;
  /** Page sizes to choose from; without them the page size is fixed. */
  pageSizes?: readonly number[];
  selection?: ListSelection<T> | undefined;
  'data-testid'?: string;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The CSS classes of a column's cells: its alignment, and from which width on it shows. */
function cellClass<T>(column: ListColumn<T>): string | undefined {
  const classes: string[] = [];
  if (column.align && column.align !== 'left') classes.push(`portico-list-table__cell--${column.align}`);
  const order = ['sm', 'md', 'lg', 'xl', 'xxl'] as const;
  const from = order.find((breakpoint) => column.responsive?.includes(breakpoint));
  if (from) classes.push(`portico-list-table__cell--from-${from}`);
  if (column.className) classes.push(column.className);
  return classes.length ? classes.join(' ') : undefined;
}

/**
 * A page of a list paged (and sorted) on the server, as a plain table: sortable headers, rows to pick, the
 * totals and pages below, loading and empty states, and an alert with "Try again" in its place when the list
 * could not be read. Below `sm` it is compact, for 360 px screens.
 */
export function ListTable<T extends { id: string }>({
  list,
  result,
  columns,
  itemName,
  label = `${capitalised(itemName)}s`,
  empty,
  emptyFiltered,
  errorTitle,
  renderError,
  pageSizes,
  selection,
  'data-testid': testId = `${itemName}s-table`,
}: ListTableProps<T>) {
  const { currentData, isFetching, error } = result;
  const records = currentData?.records ?? [];
  const total = currentData?.totalRecordCount ?? 0;
  const { page, pageSize } = list.state;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const scroll = useSidewaysScroll<HTMLDivElement>();

  // An address naming a page past the end (rows were removed meanwhile) shows the last page there is.
  // Once: `onPage` is a new function on every render of the list's state.
  const pastTheEnd = !isFetching && !error && records.length === 0 && total > 0 && page > lastPage;
  const onPage = useRef(list.onPage);
  onPage.current = list.onPage;
  useEffect(() => {
    if (pastTheEnd) onPage.current(lastPage);
  }, [pastTheEnd, lastPage]);

  if (error) {
    const retry = () => void result.refetch();
    return (
      renderError?.(error, retry) ?? (
        <QueryErrorAlert
          title={errorTitle ?? `The ${itemName}s could not be loaded`}
          error={error}
          onRetry={retry}
        />
      )
    );
  }

  const selected = new Set(selection?.keys);
  const toggle = (key: string, on: boolean) =>
    selection?.onChange(on ? [...selection.keys, key] : selection.keys.filter((k) => k !== key));
  const placeholder =
    isFetching && !currentData ? (
      <span className="portico-secondary">Loading the {itemName}s…</span>
    ) : typeof empty === 'string' ? (
      <ListEmpty
        text={empty}
        filtered={list.isFiltered && emptyFiltered}
        clear={list.clearFilters && { label: 'Clear search and filters', onClick: list.clearFilters }}
      />
    ) : (
      empty
    );

  return (
    <div className="portico-list" data-testid={testId}>
      <div className="portico-list__frame">
        <div
          className="portico-list__scroll"
          data-scrolls-sideways
          {...scroll.props(`${label}, scrolls sideways`)}
        >
          <table className="portico-list-table" aria-label={label} aria-busy={isFetching}>
            <thead>
              <tr>
                {selection ? (
                  <SelectAllCell
                    pageKeys={records.map((row) => row.id)}
                    keys={selection.keys}
                    onChange={selection.onChange}
                  />
                ) : null}
                {columns.map((column, columnIndex) => (
                  <ListHeaderCell
                    key={columnKey(column, columnIndex)}
                    column={column}
                    sortBy={columnKey(column, columnIndex)}
                    className={cellClass(column)}
                    onSort={list.onSort}
                  />
                ))}
              </tr>
            </thead>
            <tbody>
              {records.length === 0 ? (
                <tr className="portico-list-table__placeholder">
                  <td colSpan={columns.length + (selection ? 1 : 0)}>{placeholder}</td>
                </tr>
              ) : (
                records.map((row, index) => (
                  <tr
                    key={row.id}
                    data-row-key={row.id}
                    className={
                      selected.has(row.id)
                        ? 'portico-list-table__row portico-list-table__row--selected'
                        : 'portico-list-table__row'
                    }
                  >
                    {selection ? (
                      <td className="portico-list-table__check">
                        <input
                          type="checkbox"
                          aria-label={selection.label(row)}
                          checked={selected.has(row.id)}
                          onChange={(event) => toggle(row.id, event.target.checked)}
                        />
                      </td>
                    ) : null}
                    {columns.map((column, columnIndex) => (
                      <td key={columnKey(column, columnIndex)} className={cellClass(column)}>
                        {cellOf(column, row, index)}
                      </td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
        {isFetching ? (
          <div className="portico-list__overlay">
            <Spinner />
          </div>
        ) : null}
      </div>
      {total > 0 ? (
        <ListPagination
          page={page}
          pageSize={pageSize}
          total={total}
          itemName={itemName}
          pageSizes={pageSizes}
          onPage={list.onPage}
          onPageSize={list.onPageSize}
        />
      ) : null}
    </div>
  );
}
