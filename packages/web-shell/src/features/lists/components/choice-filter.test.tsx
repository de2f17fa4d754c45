import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { ChoiceFilter } from './choice-filter.tsx';

type Status = 'accepted' | 'rejected' | 'pending';
const OPTIONS: { value: Status; label: string }[] = [
  { value: 'accepted', label: 'Accepted' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'pending', label: 'Pending' },
];

function renderFilter(statuses: Status[]) {
  const setFilter = vi.fn();
  render(
    <ChoiceFilter
      list={{ filters: { statuses }, setFilter }}
      name="statuses"
      noun="status"
      options={OPTIONS}
    />,
  );
  return { setFilter, select: screen.getByRole('combobox', { name: 'Filter by status' }) };
}

describe('a choice filter', () => {
  test('is a native select named after what it filters; one choice is a list of one, "Any" none', async () => {
    const { setFilter, select } = renderFilter([]);
    expect(select.tagName).toBe('SELECT');
    expect(select).toHaveDisplayValue('Any status');
    await userEvent.selectOptions(select, 'Rejected');
    expect(setFilter).toHaveBeenLastCalledWith('statuses', ['rejected']);
    await userEvent.selectOptions(select, 'Any status');
    expect(setFilter).toHaveBeenLastCalledWith('statuses', []);
  });

  test('several values from an address show as one option until another is chosen', async () => {
    const { setFilter, select } = renderFilter(['accepted', 'pending']);
    expect(select).toHaveDisplayValue('Accepted, Pending');
    await userEvent.selectOptions(select, 'Accepted');
    expect(setFilter).toHaveBeenLastCalledWith('statuses', ['accepted']);
  });
});
