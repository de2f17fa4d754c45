import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { Tabs } from './tabs.tsx';

type Key = 'one' | 'two' | 'three';
const ITEMS = [
  { key: 'one', label: 'One' },
  { key: 'two', label: 'Two' },
  { key: 'three', label: 'Three' },
] as const;

function Harness({ keepMounted = false, initial = 'one' as Key }) {
  const [active, setActive] = useState<Key>(initial);
  return (
    <Tabs label="Parts" items={ITEMS} active={active} onChange={setActive} keepMounted={keepMounted}>
      {(key) => (
        <label>
          Field of {key}
          <input />
        </label>
      )}
    </Tabs>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('tabs', () => {
  test('one Tab stop; the open tab’s panel is labelled by its tab and named by the list', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Parts' })).toBeInTheDocument();
    expect(tab('One')).toHaveAttribute('aria-selected', 'true');
    expect(tab('One')).toHaveAttribute('tabindex', '0');
    expect(tab('Two')).toHaveAttribute('tabindex', '-1');
    expect(tab('Three')).toHaveAttribute('tabindex', '-1');
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAccessibleName('One');
    expect(tab('One')).toHaveAttribute('aria-controls', panel.id);
  });

  test('the arrow keys, Home and End move along the list, open the tab they reach and focus it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    tab('One').focus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Two')).toHaveFocus();
    expect(tab('Two')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Two');
    await user.keyboard('{End}');
    expect(tab('Three')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('One')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab('Three')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tab('One')).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('One');
  });

  test('a second press before the first one’s change is drawn moves on from the tab that has the focus', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    // The owner has not drawn the change yet (a router's navigation is a transition): `active` stays "one".
    render(
      <Tabs label="Parts" items={ITEMS} active="one" onChange={onChange}>
        {(key) => key}
      </Tabs>,
    );
    tab('One').focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(onChange.mock.calls).toEqual([['two'], ['three']]);
    expect(tab('Three')).toHaveFocus();
  });

  test('without keepMounted only the open tab’s panel is there; what was typed goes with it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText('Field of one'), 'draft');
    await user.click(tab('Two'));
    expect(screen.queryByLabelText('Field of one')).toBeNull();
    await user.click(tab('One'));
    expect(screen.getByLabelText('Field of one')).toHaveValue('');
  });

  test('with keepMounted a panel once shown stays, hidden, and keeps what was typed; one not opened is not drawn', async () => {
    const user = userEvent.setup();
    render(<Harness keepMounted />);
    expect(screen.queryByLabelText('Field of two')).toBeNull();
    await user.type(screen.getByLabelText('Field of one'), 'draft');
    await user.click(tab('Two'));
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
    expect(
      screen.getByLabelText('Field of one', { selector: 'input' }).closest('[role=tabpanel]'),
    ).toHaveAttribute('hidden');
    expect(screen.queryByLabelText('Field of three')).toBeNull();
    await user.click(tab('One'));
    expect(screen.getByLabelText('Field of one')).toHaveValue('draft');
  });
});
