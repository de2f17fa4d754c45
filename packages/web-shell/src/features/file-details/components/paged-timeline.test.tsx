import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { PagedTimeline } from './paged-timeline.tsx';

const entries = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: `e${from + i}`, label: `Entry ${from + i}` }));

function renderPage(
  total: number,
  offset: number,
  records = entries(offset + 1, Math.min(10, total - offset)),
) {
  const setOffset = vi.fn();
  render(
    <PagedTimeline
      records={records}
      total={total}
      offset={offset}
      pageSize={10}
      setOffset={setOffset}
      empty="Nothing yet."
      testId="timeline"
    >
      {(entry) => <strong>{entry.label}</strong>}
    </PagedTimeline>,
  );
  return setOffset;
}

describe('a page of a file’s timeline', () => {
  test('says so when there is nothing, without a list or a pager', () => {
    renderPage(0, 0, []);
    expect(screen.getByText('Nothing yet.')).toBeInTheDocument();
    expect(screen.queryByTestId('timeline')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  test('one page: its entries in order, no pager', () => {
    renderPage(3, 0);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Entry 1',
      'Entry 2',
      'Entry 3',
    ]);
    expect(screen.queryByRole('button', { name: 'Older' })).toBeNull();
  });

  test('the first of three pages: "Newer" off, "Older" goes one page on', async () => {
    const setOffset = renderPage(25, 0);
    expect(screen.getByText('1–10 of 25')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(setOffset).toHaveBeenCalledWith(10);
  });

  test('the last page: "Older" off, "Newer" goes one page back', async () => {
    const setOffset = renderPage(25, 20);
    expect(screen.getByText('21–25 of 25')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Newer' }));
    expect(setOffset).toHaveBeenCalledWith(10);
  });
});
