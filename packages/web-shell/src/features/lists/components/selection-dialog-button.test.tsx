import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { SelectionDialogButton } from './selection-dialog-button.tsx';

function renderButton(count: number, disabled = false) {
  render(
    <SelectionDialogButton
      verb="Assign"
      count={count}
      icon={null}
      disabled={disabled}
      title={disabled ? 'Choose a site to assign its files' : undefined}
      testId="assign-files"
      dialog={(close) => (
        <div role="dialog" aria-label="Assign">
          <button type="button" onClick={close}>
            Cancel
          </button>
        </div>
      )}
    />,
  );
}

describe('a selection bar’s dialog button', () => {
  test('is off with nothing selected, and says how many once there are', () => {
    renderButton(0);
    expect(screen.getByRole('button', { name: 'Assign' })).toBeDisabled();
  });

  test('opens its dialog, and the focus comes back to it when the dialog closes', async () => {
    renderButton(3);
    const button = screen.getByRole('button', { name: 'Assign 3' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
  });

  test('is off for another reason, which its title says', () => {
    renderButton(2, true);
    const button = screen.getByRole('button', { name: 'Assign 2' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('title', 'Choose a site to assign its files');
  });

  test('without a count the verb is the whole label, and it is on unless told otherwise', () => {
    render(
      <SelectionDialogButton verb="Move to…" icon={null} danger testId="bulk-move" dialog={() => null} />,
    );
    const button = screen.getByRole('button', { name: 'Move to…' });
    expect(button).toBeEnabled();
    expect(button).toHaveClass('portico-btn--danger');
  });
});
