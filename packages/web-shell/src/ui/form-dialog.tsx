import { type FormEvent, type ReactNode, useId } from 'react';
import { Button } from './button.tsx';
import { ModalDialog } from './modal-dialog.tsx';
import { Notice } from './notice.tsx';

/**
 * A form in a `ModalDialog`: its heading names it, its fields are the children (`id` prefixes their ids), then
 * what went wrong, if anything, and Cancel beside the submit button.
 * The dialogs of the selection bar (Assign, E-mail) differ only by their fields, words and request.
 */
export function FormDialog({
  className,
  title,
  intro,
  problem,
  problemTitle,
  submitLabel,
  busy,
  testIds,
  onSubmit,
  onClose,
  children,
}: {
  /** The dialog's own look beside `portico-modal`'s (its fields', a `--narrow` width). */
  className?: string;
  title: ReactNode;
  /** A sentence under the heading. */
  intro?: ReactNode;
  /** What is wrong (the form's check or the server's answer), shown above the buttons. */
  problem: string | undefined;
  problemTitle: string;
  submitLabel: string;
  busy: boolean;
  /** The test ids of the dialog, its submit button and its problem. */
  testIds: { dialog: string; send: string; error: string };
  onSubmit: () => void | Promise<void>;
  onClose: () => void;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit();
  };
  return (
    <ModalDialog
      className={className ? `portico-modal ${className}` : 'portico-modal'}
      onClose={onClose}
      testId={testIds.dialog}
    >
      {(titleId) => (
        <form onSubmit={submit} noValidate>
          <h2 id={titleId}>{title}</h2>
          {intro ? <p style={{ margin: '0 0 12px' }}>{intro}</p> : null}
          {children(id)}
          {problem ? (
            <Notice tone="error" title={problemTitle} style={{ marginBlock: 12 }} data-testid={testIds.error}>
              {problem}
            </Notice>
          ) : null}
          <div className="portico-form-dialog__actions">
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="primary" loading={busy} data-testid={testIds.send}>
              {submitLabel}
            </Button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
