import { type ReactNode, useRef, useState } from 'react';
import { Button } from '../../../ui/button.tsx';

/**
 * A button of a list's selection bar that opens a dialog for the selected rows ("Assign 3", "E-mail 3",
 * "Categorise 3", "Move to…", "Delete"): with a `count` it says how many and is off with none; the focus comes
 * back to it when the dialog closes.
 */
export function SelectionDialogButton({
  verb,
  count,
  icon,
  danger = false,
  disabled = false,
  title,
  testId,
  preload,
  dialog,
}: {
  verb: string;
  /** How many rows are selected, said after the verb; without it the verb is the whole label. */
  count?: number | undefined;
  icon: ReactNode;
  danger?: boolean | undefined;
  /** Off for another reason than an empty selection (say why in `title`). */
  disabled?: boolean;
  title?: string | undefined;
  testId: string;
  /** Starts loading the dialog's part (a `lazyPart`) when the button is pointed at or focused. */
  preload?: () => void;
  /** The dialog, while open; `close` ends it and gives the focus back to the button. */
  dialog: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <>
      <Button
        ref={button}
        icon={icon}
        variant={danger ? 'danger' : 'default'}
        disabled={count === 0 || disabled}
        title={title}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        onPointerEnter={preload}
        onFocus={preload}
        data-testid={testId}
      >
        {count ? `${verb} ${count}` : verb}
      </Button>
      {open ? dialog(close) : null}
    </>
  );
}
