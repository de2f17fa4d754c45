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
  test('stands in with "Any status", then takes several values; none chosen is no filter', async () => {
    const onChange = vi.fn();
    render(<Filter onChange={onChange} />);
    expect(screen.getByRole('textbox', { name: 'Filter by status (loading)' })).toHaveAttribute(
      'placeholder',
      'Any status',
    );
    const select = await screen.findByRole('combobox', { name: 'Filter by status' }, { timeout: 20_000 });
    await userEvent.click(select);
    fireEvent.click(await screen.findByTitle('Accepted'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(['accepted']));
    fireEvent.click(await screen.findByTitle('Pending'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(['accepted', 'pending']));
  });
});
