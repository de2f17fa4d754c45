import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { type ListResult, ListTable } from './list-table.tsx';

interface Row {
  id: string;
  name: string;
}
const rows = (count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({ id: `r${i}`, name: `Row ${i}` }));
const list = { state: { page: 1, pageSize: 10 }, onTableChange: vi.fn() };

function renderTable(result: Partial<ListResult<Row>>, selection?: { keys: string[]; onChange: () => void }) {
  return render(
    <ListTable<Row>
      list={list}
      result={{ isFetching: false, refetch: vi.fn(), ...result }}
      itemName="site"
      empty="The firm has no sites yet."
      columns={[{ title: 'Name', dataIndex: 'name' }]}
      selection={selection && { ...selection, label: (row) => `Select ${row.name}` }}
    />,
  );
}

describe('a list table', () => {
  test('shows the page with its totals; with no rows, a sentence', () => {
    const { unmount } = renderTable({ currentData: { records: rows(2), totalRecordCount: 12 } });
    expect(screen.getByTestId('sites-table')).toHaveTextContent('Row 1');
    expect(screen.getByText('1–10 of 12 sites')).toBeInTheDocument();
    unmount();
    renderTable({ currentData: { records: [], totalRecordCount: 0 } });
    expect(screen.getByTestId('list-empty')).toHaveTextContent('The firm has no sites yet.');
  });

  test('a list that could not be read is an alert with Try again in its place', async () => {
    const refetch = vi.fn();
    const error = {
      status: 503,
      data: { error: { code: 'server.unavailable', message: 'Down for upkeep.' } },
    };
    renderTable({ error, refetch });
    expect(screen.queryByTestId('sites-table')).toBeNull();
    expect(screen.getByTestId('query-error')).toHaveTextContent('The sites could not be loaded');
    expect(screen.getByTestId('query-error')).toHaveTextContent('Down for upkeep.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  test('rows to pick have checkboxes named after them, and one for the whole page', () => {
    renderTable(
      { currentData: { records: rows(2), totalRecordCount: 2 } },
      { keys: ['r1'], onChange: vi.fn() },
    );
    const table = screen.getByTestId('sites-table');
    expect(within(table).getByRole('checkbox', { name: 'Select Row 1' })).toBeChecked();
    expect(within(table).getByRole('checkbox', { name: 'Select Row 0' })).not.toBeChecked();
    expect(within(table).getByRole('checkbox', { name: 'Select all on this page' })).toBeInTheDocument();
  });
});
