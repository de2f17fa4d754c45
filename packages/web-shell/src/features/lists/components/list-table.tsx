import { Grid, Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { countOf } from '../../../lib/format.ts';
import type { ListPaging } from '../hooks/use-list-state.ts';
import { ListEmpty } from './list-empty.tsx';
import { QueryErrorAlert } from './query-error-alert.tsx';

/** What a list query answered (an RTK Query result): a page of records with the total, or why it failed. */
export interface ListResult<T> {
  currentData?: { records: T[]; totalRecordCount: number } | undefined;
  isFetching: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/** Rows a person picks (for a zip): their keys, and the label of each row's checkbox. */
export interface ListSelection<T> {
  keys: string[];
  onChange: (keys: string[]) => void;
  label: (row: T) => string;
}

export interface ListTableProps<T>
  extends Omit<
    TableProps<T>,
    'dataSource' | 'loading' | 'pagination' | 'onChange' | 'rowSelection' | 'locale'
  > {
  list: ListPaging;
  result: ListResult<T>;
  /** One of the rows, for the totals, the loading text and the test id (`{itemName}s-table` unless given). */
  itemName: string;
  /** What the list shows when it has no rows: a sentence, or a `ListEmpty` that says more. */
  empty: ReactNode;
  /** The error alert's title, "The {itemName}s could not be loaded" unless given; `renderError` replaces the alert. */
  errorTitle?: string;
  renderError?: (error: unknown, retry: () => void) => ReactNode;
  /** Page sizes to choose from; without them the page size is fixed. */
  pageSizes?: readonly number[];
  selection?: ListSelection<T> | undefined;
}

/**
 * A page of a list paged (and sorted) on the server, with its totals, loading and empty states, and an alert
 * with "Try again" in its place when the list could not be read. Below `sm` it is compact, for 360 px screens.
 */
export function ListTable<T extends { id: string }>({
  list,
  result,
  itemName,
  empty,
  errorTitle,
  renderError,
  pageSizes,
  selection,
  ...table
}: ListTableProps<T>) {
  const screens = Grid.useBreakpoint();
  const { currentData, isFetching, error } = result;
  const retry = () => void result.refetch();
  if (error)
    return (
      renderError?.(error, retry) ?? (
        <QueryErrorAlert
          title={errorTitle ?? `The ${itemName}s could not be loaded`}
          error={error}
          onRetry={retry}
        />
      )
    );
  return (
    <Table<T>
      rowKey="id"
      size={screens.sm ? undefined : 'small'}
      data-testid={`${itemName}s-table`}
      {...table}
      dataSource={currentData?.records ?? []}
      loading={isFetching}
      onChange={list.onTableChange}
      rowSelection={
        selection && {
          selectedRowKeys: selection.keys,
          preserveSelectedRowKeys: true,
          onChange: (keys) => selection.onChange(keys.map(String)),
          getTitleCheckboxProps: () => ({ 'aria-label': 'Select all on this page' }),
          getCheckboxProps: (row) => ({ 'aria-label': selection.label(row) }),
        }
      }
      pagination={{
        current: list.state.page,
        pageSize: list.state.pageSize,
        total: currentData?.totalRecordCount ?? 0,
        showSizeChanger: !!pageSizes,
        ...(pageSizes ? { pageSizeOptions: pageSizes.map(String) } : {}),
        showTotal: (total, [from, to]) => `${from}–${to} of ${countOf(total, itemName)}`,
        size: screens.sm ? undefined : 'small',
      }}
      locale={{
        emptyText:
          isFetching && !currentData ? (
            <span style={{ color: '#595959' }}>Loading the {itemName}s…</span>
          ) : typeof empty === 'string' ? (
            <ListEmpty text={empty} />
          ) : (
            empty
          ),
      }}
    />
  );
}
