import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { Button } from './button.tsx';

/** A button that is busy for as long as its parent says, counting presses. */
function Busy({ onPress }: { onPress: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <Button type="submit" loading={busy} onClick={onPress}>
        Save
      </Button>
      <button type="button" onClick={() => setBusy((b) => !b)}>
        Toggle
      </button>
    </form>
  );
}

describe('Button', () => {
  test('busy, it keeps the focus of the person who pressed it, says so, and a press does nothing', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    const submitted = vi.fn();
    render(<Busy onPress={onPress} />);
    document.querySelector('form')!.addEventListener('submit', submitted);
    const save = screen.getByRole('button', { name: 'Save' });
    await user.click(save);
    expect(onPress).toHaveBeenCalledTimes(1);
    expect(submitted).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Toggle' }));
    save.focus();
    expect(save).toHaveAttribute('aria-busy', 'true');
    expect(save).toHaveAttribute('aria-disabled', 'true');
    // Not `disabled`: a disabled button drops the focus to the page's body.
    expect(save).not.toBeDisabled();
    expect(save).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.click(save);
    expect(onPress).toHaveBeenCalledTimes(1);
    expect(submitted).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Toggle' }));
    expect(save).not.toHaveAttribute('aria-busy');
    await user.click(save);
    expect(onPress).toHaveBeenCalledTimes(2);
  });
});
