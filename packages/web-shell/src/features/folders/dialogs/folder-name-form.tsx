import { type FormEvent, useId, useState } from 'react';
import { describeQueryError } from '../../../lib/http-errors.ts';
import { Button } from '../../../ui/button.tsx';

/** Why a folder form's call failed, read out when it appears. */
export const FormError = ({ error }: { error: unknown }) => (
  <p role="alert" className="portico-folder-error">
    {describeQueryError(error)}
  </p>
);

/**
 * The one form that names a folder (New folder, Rename): a labelled field that takes the focus when it opens, the
 * action, Cancel (or Esc), and the server's refusal under it (a name taken: 409 `name.taken`).
 */
export function FolderNameForm({
  label,
  initial = '',
  action,
  busy,
  error,
  onSubmit,
  onCancel,
  testId,
}: {
  label: string;
  initial?: string;
  action: string;
  busy: boolean;
  error: unknown;
  /** Resolves true when the name was taken, and the form may close. */
  onSubmit: (name: string) => Promise<boolean>;
  onCancel: () => void;
  testId: string;
}) {
  const [name, setName] = useState(initial);
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await onSubmit(name.trim())) setName('');
  };
  return (
    <form className="portico-folder-form" onSubmit={submit} data-testid={`${testId}-form`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="portico-input"
        value={name}
        maxLength={255}
        required
        // biome-ignore lint/a11y/noAutofocus: the form opens on the user's request; typing the name comes next.
        autoFocus
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
        }}
        data-testid={`${testId}-name`}
      />
      <Button type="submit" variant="primary" loading={busy} disabled={!name.trim()}>
        {action}
      </Button>
      <Button onClick={onCancel}>Cancel</Button>
      {error ? <FormError error={error} /> : null}
    </form>
  );
}
