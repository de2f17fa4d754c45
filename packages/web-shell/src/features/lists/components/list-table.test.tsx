import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { useListState } from '../hooks/use-list-state.ts';
import type { ListColumns } from '../list-column.ts';
import { sortableColumn } from '../list-query.ts';
import { pageItems } from './list-pagination.tsx';
import { type ListResult, ListTable } from './list-table.tsx';

interface Row {
  id: string;
  name: string;
  size: number;
}
const rows = (count: number, from = 0): Row[] =>
  Array.from({ length: count }, (_, i) => ({ id: `r${from + i}`, name: `Row ${from + i}`, size: from + i }));
const paging = (page = 1, pageSize = 10) => ({
  state: { page, pageSize },
  onPage: vi.fn(),
  onPageSize: vi.fn(),
  onSort: vi.fn(),
});
const COLUMNS: ListColumns<Row> = [
  { title: 'Name', dataIndex: 'name' },
  { title: 'Size', dataIndex: 'size', align: 'right', responsive: ['md'], render: (size) => `${size} B` },
];

function renderTable(
  result: Partial<ListResult<Row>>,
  options: { list?: ReturnType<typeof paging>; selection?: { keys: string[]; onChange: () => void } } = {},
) {
  const list = options.list ?? paging();
  const view = render(
    <ListTable<Row>
      list={list}
      result={{ isFetching: false, refetch: vi.fn(), ...result }}
      itemName="site"
      empty="The firm has no sites yet."
      columns={COLUMNS}
      pageSizes={[10, 20, 50]}
      selection={options.selection && { ...options.selection, label: (row) => `Select ${row.name}` }}
    />,
  );
  return { ...view, list };
}

describe('a list table', () => {
  test('is a named table of the page, with its totals; with no rows, a sentence', () => {
    const { unmount } = renderTable({ currentData: { records: rows(2), totalRecordCount: 12 } });
    const table = screen.getByRole('table', { name: 'Sites' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Size']);
    expect(within(table).getByRole('columnheader', { name: 'Name' })).toHaveAttribute('scope', 'col');
    expect(table.querySelectorAll('tbody tr[data-row-key]')).toHaveLength(2);
    expect(screen.getByTestId('sites-table')).toHaveTextContent('Row 1');
    expect(screen.getByText('1–10 of 12 sites')).toBeInTheDocument();
    unmount();
    renderTable({ currentData: { records: [], totalRecordCount: 0 } });
    expect(screen.getByTestId('list-empty')).toHaveTextContent('The firm has no sites yet.');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  test('narrowed by its search or filters, an empty list says so instead and offers to clear them', async () => {
    const clearFilters = vi.fn();
    render(
      <ListTable<Row>
        list={{ ...paging(), isFiltered: true, clearFilters }}
        result={{ isFetching: false, refetch: vi.fn(), currentData: { records: [], totalRecordCount: 0 } }}
        itemName="site"
        empty="The firm has no sites yet."
        emptyFiltered="No site matches these filters."
        columns={COLUMNS}
      />,
    );
    expect(screen.getByTestId('list-empty')).toHaveTextContent('No site matches these filters.');
    await userEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(clearFilters).toHaveBeenCalledOnce();
  });

  test('a column shown from a width on carries its class, hidden below it by CSS; cells render their field', () => {
    renderTable({ currentData: { records: rows(1, 7), totalRecordCount: 1 } });
    const size = screen.getByRole('cell', { name: '7 B' });
    expect(size).toHaveClass('portico-list-table__cell--from-md', 'portico-list-table__cell--right');
    expect(screen.getByRole('columnheader', { name: 'Size' })).toHaveClass(
      'portico-list-table__cell--from-md',
    );
  });

  test('a list that could not be read is an alert with Try again in its place', async () => {
    const refetch = vi.fn();
    const error = {
      status: 503,
      data: { error: { code: 'server.unavailable', message: 'Down for upkeep.' } },
    };
    renderTable({ error, refetch });
    expect(screen.queryByTestId('sites-table')).toBeNull();
    expect(screen.getByRole('alert')).toBe(screen.getByTestId('query-error'));
    expect(screen.getByTestId('query-error')).toHaveTextContent('The sites could not be loaded');
    expect(screen.getByTestId('query-error')).toHaveTextContent('Down for upkeep.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  test('while loading the table is busy: a sentence before the first page, a veil over the rows after', () => {
    const { unmount } = renderTable({ isFetching: true });
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Loading the sites…')).toBeInTheDocument();
    unmount();
    const { container } = renderTable({
      isFetching: true,
      currentData: { records: rows(2), totalRecordCount: 2 },
    });
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(container.querySelector('.portico-list__overlay .portico-spinner')).not.toBeNull();
    expect(screen.queryByText('Loading the sites…')).toBeNull();
  });
});

describe("a list table's rows to pick", () => {
  test('each row has a checkbox named after it, and one picks the whole page', () => {
    renderTable(
      { currentData: { records: rows(2), totalRecordCount: 2 } },
      { selection: { keys: ['r1'], onChange: vi.fn() } },
    );
    const table = screen.getByTestId('sites-table');
    expect(within(table).getByRole('checkbox', { name: 'Select Row 1' })).toBeChecked();
    expect(within(table).getByRole('checkbox', { name: 'Select Row 0' })).not.toBeChecked();
    const all = within(table).getByRole('checkbox', { name: 'Select all on this page' });
    expect(all).not.toBeChecked();
    expect((all as HTMLInputElement).indeterminate).toBe(true);
    expect(table.querySelector('tr[data-row-key="r1"]')).toHaveClass('portico-list-table__row--selected');
  });

  test('rows picked on other pages stay picked when this page is picked, or unpicked, as a whole', async () => {
    function Picking() {
      const [keys, setKeys] = useState(['r0', 'r11']);
      const [page, setPage] = useState(2);
      return (
        <>
          <output data-testid="keys">{[...keys].sort().join(',')}</output>
          <ListTable<Row>
            list={{ ...paging(page), onPage: setPage }}
            result={{
              isFetching: false,
              refetch: vi.fn(),
              currentData: { records: rows(10, (page - 1) * 10), totalRecordCount: 25 },
            }}
            itemName="site"
            empty="None"
            columns={COLUMNS}
            selection={{ keys, onChange: setKeys, label: (row) => `Select ${row.name}` }}
          />
        </>
      );
    }
    render(<Picking />);
    const all = () => screen.getByRole('checkbox', { name: 'Select all on this page' });
    await userEvent.click(all());
    expect(all()).toBeChecked();
    expect(screen.getByTestId('keys').textContent?.split(',')).toHaveLength(11);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Row 15' }));
    expect(screen.getByTestId('keys').textContent).not.toContain('r15');
    await userEvent.click(all());
    await userEvent.click(all());
    expect(screen.getByTestId('keys')).toHaveTextContent(/^r0$/);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Row 12' }));
    await userEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(screen.getByRole('checkbox', { name: 'Select Row 0' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByRole('checkbox', { name: 'Select Row 12' })).toBeChecked();
    expect(screen.getByTestId('keys')).toHaveTextContent('r0,r12');
  });
});

describe("a list table's pages", () => {
  test('previous, next and the page numbers, the current one marked, ask the list for a page', async () => {
    const { list } = renderTable(
      { currentData: { records: rows(10, 20), totalRecordCount: 95 } },
      { list: paging(3) },
    );
    expect(screen.getByText('21–30 of 95 sites')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pages of sites' });
    expect(within(pages).getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByRole('button', { name: 'Page 2' })).not.toHaveAttribute('aria-current');
    expect(
      within(pages)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['', '1', '2', '3', '4', '5', '10', '']);
    await userEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(list.onPage).toHaveBeenLastCalledWith(4);
    await userEvent.click(within(pages).getByRole('button', { name: 'Previous page' }));
    expect(list.onPage).toHaveBeenLastCalledWith(2);
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 10' }));
    expect(list.onPage).toHaveBeenLastCalledWith(10);
  });

  test('the first page has no previous, the last no next; the page size is a native select', async () => {
    const { list } = renderTable(
      { currentData: { records: rows(5, 20), totalRecordCount: 25 } },
      { list: paging(3) },
    );
    expect(screen.getByText('21–25 of 25 sites')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();
    const size = screen.getByRole('combobox', { name: 'Sites per page' });
    expect(size).toHaveValue('10');
    await userEvent.selectOptions(size, '20 / page');
    expect(list.onPageSize).toHaveBeenCalledWith(20);
  });

  test('long runs of pages are left out around the current one', () => {
    expect(pageItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, null, 20]);
    expect(pageItems(10, 20)).toEqual([1, null, 9, 10, 11, null, 20]);
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, null, 20]);
    expect(pageItems(20, 20)).toEqual([1, null, 16, 17, 18, 19, 20]);
  });

  test('an address past the last page brings the list back to the last page there is', () => {
    const { list } = renderTable({ currentData: { records: [], totalRecordCount: 12 } }, { list: paging(5) });
    expect(list.onPage).toHaveBeenCalledWith(2);
  });
});

type Field = 'name' | 'size';
/** A table over the real list state, in a router as the pages have it. */
function SortedSites() {
  const list = useListState<Field>({
    sortable: ['name', 'size'],
    defaultSort: { sortBy: 'name', sortOrder: 'asc' },
  });
  return (
    <>
      <output data-testid="query">{JSON.stringify(list.query)}</output>
      <ListTable<Row>
        list={list}
        result={{
          isFetching: false,
          refetch: vi.fn(),
          currentData: { records: rows(3), totalRecordCount: 30 },
        }}
        itemName="site"
        empty="None"
        columns={[
          { ...sortableColumn('name', list.state), title: 'Name', dataIndex: 'name' },
          { ...sortableColumn('size', list.state, 'desc'), title: 'Size', dataIndex: 'size' },
          { title: 'Note', key: 'note', render: () => '—' },
        ]}
      />
    </>
  );
}

describe("a list table's sorting", () => {
  test('a sortable header is a button; aria-sort says how the list is sorted; a click sorts and starts at page 1', async () => {
    render(
      <MemoryRouter initialEntries={['/sites?page=2']}>
        <SortedSites />
      </MemoryRouter>,
    );
    const header = (name: string) => screen.getByRole('columnheader', { name });
    const query = () => JSON.parse(screen.getByTestId('query').textContent ?? '{}');
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Size')).not.toHaveAttribute('aria-sort');
    expect(within(header('Note')).queryByRole('button')).toBeNull();
    expect(query()).toMatchObject({ offset: 10, sortBy: 'name', sortOrder: 'asc' });

    await userEvent.click(within(header('Name')).getByRole('button', { name: 'Name' }));
    expect(header('Name')).toHaveAttribute('aria-sort', 'descending');
    expect(query()).toMatchObject({ offset: 0, sortBy: 'name', sortOrder: 'desc' });

    // Sizes sort largest first, then turn round; the other column no longer says it sorts.
    await userEvent.click(within(header('Size')).getByRole('button'));
    expect(header('Size')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Name')).not.toHaveAttribute('aria-sort');
    expect(query()).toMatchObject({ sortBy: 'size', sortOrder: 'desc' });
    within(header('Size')).getByRole('button').focus();
    await userEvent.keyboard('{Enter}');
    expect(query()).toMatchObject({ sortBy: 'size', sortOrder: 'asc' });
  });
});
