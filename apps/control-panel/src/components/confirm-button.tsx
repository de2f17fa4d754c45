import { Button } from '@portico/web-shell';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

/**
 * A row's irreversible-looking action (archive, unpublish, remove) on `subject`: asks first, says what follows,
 * then acts. `action` is the button's text and the confirmation's. The question opens beside the button as a small
 * non-modal dialog: the focus moves to its Cancel, Escape or a click elsewhere closes it and the focus returns.
 */
export function ConfirmButton({
  action,
  subject,
  consequence,
  onConfirm,
  loading,
  icon,
  button = {},
}: {
  action: string;
  subject: string;
  consequence: string;
  onConfirm: () => unknown;
  loading: boolean;
  icon?: ReactNode;
  /** `text` for a quiet button (in a list of people); small unless `middle`. */
  button?: { type?: 'text'; size?: 'small' | 'middle' };
}) {
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLSpanElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const dialogId = useId();

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    cancel.current?.focus();
    const outside = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    // Escape closes the question only (capture, before a drawer around it would close too).
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !wrapper.current?.contains(document.activeElement)) return;
      event.stopPropagation();
      setOpen(false);
      trigger.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', onEscape, true);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', onEscape, true);
    };
  }, [open]);

  return (
    <span ref={wrapper} className="portico-confirm">
      <Button
        ref={trigger}
        variant={button.type === 'text' ? 'text' : 'danger'}
        size={button.size ?? 'small'}
        icon={icon}
        loading={loading}
        aria-label={`${action} ${subject}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? dialogId : undefined}
        onClick={() => setOpen(!open)}
      >
        {action}
      </Button>
      {open ? (
        <div id={dialogId} role="dialog" aria-labelledby={titleId} className="portico-confirm__popup">
          <div id={titleId} className="portico-confirm__title">{`${action} ${subject}?`}</div>
          <p className="portico-confirm__text">{consequence}</p>
          <div className="portico-row" style={{ justifyContent: 'flex-end' }}>
            <Button ref={cancel} size="small" onClick={() => close(true)}>
              Cancel
            </Button>
            <Button
              size="small"
              variant="danger-primary"
              onClick={() => {
                close(true);
                void onConfirm();
              }}
            >
              {action}
            </Button>
          </div>
        </div>
      ) : null}
    </span>
  );
}
