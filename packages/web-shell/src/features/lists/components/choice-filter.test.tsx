import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { ChoiceFilter } from './choice-filter.tsx';

type Status = 'accepted' | 'rejected' | 'pending';
const OPTIONS: { value: Status; label: string }[] = [
  { value: 'accepted', label: 'Accepted' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'pending', label: 'Pending' },
];

// antd's theme (AntdScope) reads the tenant's branding; here Portico's own.
vi.mock('../../branding/components/branding-provider.tsx', async (original) => {
  const actual = await original<typeof import('../../branding/components/branding-provider.tsx')>();
  const { brandingFrom } = await import('../../../lib/branding.ts');
  const branding = brandingFrom(undefined, null, 'Portico');
  return { ...actual, useBranding: () => branding };
});

// Counts the requests for antd's theme (AntdScope's chunk, which comes first) and the select's chunk: none
// before the stand-in is reached.
let antdLoads = 0;
vi.mock('../../../ui/antd-theme.tsx', async (original) => {
  antdLoads += 1;
  return original();
});
vi.mock('./choice-select.tsx', async (original) => {
  antdLoads += 1;
  return original();
});

function Filter({ onChange }: { onChange: (value: Status[]) => void }) {
  const [statuses, setStatuses] = useState<Status[]>([]);
  return (
    <ChoiceFilter
      list={{
        filters: { statuses },
        setFilter: (_name, value) => {
          setStatuses(value);
          onChange(value);
        },
      }}
      name="statuses"
      noun="status"
      options={OPTIONS}
    />
  );
}

describe('a choice filter', () => {
  test('stands in with "Any status" and does not ask for antd while the page settles', async () => {
    render(<Filter onChange={vi.fn()} />);
    const standIn = screen.getByRole('textbox', { name: 'Filter by status (loading)' });
    expect(standIn).toHaveAttribute('placeholder', 'Any status');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(antdLoads).toBe(0);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Filter by status (loading)' })).toBe(standIn);
  });

  test('reached by the keyboard, the select replaces it with the focus in it, and takes several values', async () => {
    const onChange = vi.fn();
    render(<Filter onChange={onChange} />);
    screen.getByRole('textbox', { name: 'Filter by status (loading)' }).focus();
    const select = await screen.findByRole('combobox', { name: 'Filter by status' }, { timeout: 20_000 });
    expect(antdLoads).toBe(2);
    await waitFor(() => expect(select).toHaveFocus());
    await userEvent.click(select);
    fireEvent.click(await screen.findByTitle('Accepted'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(['accepted']));
    fireEvent.click(await screen.findByTitle('Pending'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(['accepted', 'pending']));
  });
});
