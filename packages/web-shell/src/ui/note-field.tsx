import { MAX_WORKFLOW_NOTE_LENGTH } from '@portico/contracts';

/**
 * An optional note beside an action (assign, set the assignee or the status, e-mail a message): a labelled
 * three-line text area, as long as the server takes (a workflow note unless `maxLength` says otherwise).
 */
export function NoteField({
  id,
  className,
  label = 'Note (optional)',
  maxLength = MAX_WORKFLOW_NOTE_LENGTH,
  value,
  onChange,
  testId,
}: {
  id: string;
  /** The field's layout: the label above the text area (each feature's own class). */
  className: string;
  label?: string;
  maxLength?: number;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        className="portico-input"
        rows={3}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      />
    </div>
  );
}
