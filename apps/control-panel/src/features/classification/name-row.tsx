import { Button, describeQueryError } from '@portico/web-shell';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';

/**
 * One named entry of a list staff edit (a category, a project): its name, "Rename" turning it into a field with
 * Save and Cancel, and the row's other actions. A refused name (409 `name.taken`) is said under the field.
 */
export function NameRow({
  name,
  what,
  onRename,
  renaming,
  extra,
  children,
  testId,
}: {
  name: string;
  /** "category", "project": for the labels. */
  what: string;
  onRename: (name: string) => Promise<unknown>;
  renaming: boolean;
  /** Shown beside the name (a project's "Closed"). */
  extra?: ReactNode;
  /** The row's other actions. */
  children?: ReactNode;
  testId: string;
}) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(name);
  const [problem, setProblem] = useState<string>();
  const field = useRef<HTMLInputElement>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // The field takes the focus when Rename opens it; the Rename button gets it back when it closes.
  useEffect(() => {
    if (editing) field.current?.focus();
    else if (wasEditing.current) renameButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) {
      setProblem(`A ${what} needs a name.`);
      return;
    }
    try {
      await onRename(value.trim());
      setEditing(false);
      setProblem(undefined);
    } catch (error) {
      setProblem(describeQueryError(error));
    }
  };
  return (
    <li data-testid={testId}>
      {editing ? (
        <form
          className="portico-classify-list__name portico-row"
          style={{ flexWrap: 'wrap', gap: 8 }}
          onSubmit={(e) => void submit(e)}
        >
          <input
            id={id}
            aria-label={`New name of ${name}`}
            className="portico-input"
            value={value}
            maxLength={what === 'project' ? 100 : 60}
            ref={field}
            onChange={(event) => setValue(event.target.value)}
            aria-invalid={!!problem}
            aria-describedby={problem ? `${id}-problem` : undefined}
            data-testid={`${testId}-name`}
            style={{ flex: '1 1 160px', minWidth: 0 }}
          />
          <Button
            type="submit"
            variant="primary"
            size="small"
            loading={renaming}
            data-testid={`${testId}-save`}
          >
            Save
          </Button>
          <Button
            size="small"
            onClick={() => {
              setEditing(false);
              setValue(name);
              setProblem(undefined);
            }}
          >
            Cancel
          </Button>
          {problem ? (
            <span
              id={`${id}-problem`}
              role="alert"
              className="portico-classify-hint"
              style={{ color: '#cf1322', flexBasis: '100%' }}
            >
              {problem}
            </span>
          ) : null}
        </form>
      ) : (
        <>
          <span className="portico-classify-list__name">
            {name} {extra}
          </span>
          <Button
            ref={renameButton}
            size="small"
            aria-label={`Rename ${name}`}
            onClick={() => setEditing(true)}
            data-testid={`${testId}-rename`}
          >
            Rename
          </Button>
          {children}
        </>
      )}
    </li>
  );
}

/** "Add a …": a name field and Add; the field empties once added. */
export function AddNameForm({
  label,
  maxLength,
  onAdd,
  adding,
  testId,
}: {
  label: string;
  maxLength: number;
  onAdd: (name: string) => Promise<unknown>;
  adding: boolean;
  testId: string;
}) {
  const id = useId();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) {
      setProblem('Enter a name first.');
      return;
    }
    try {
      await onAdd(value.trim());
      setValue('');
      setProblem(undefined);
    } catch (error) {
      setProblem(describeQueryError(error));
    }
  };
  return (
    <form className="portico-classify-add" onSubmit={(e) => void submit(e)} data-testid={testId}>
      <div className="portico-classify-field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          className="portico-input"
          value={value}
          maxLength={maxLength}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={!!problem}
          aria-describedby={problem ? `${id}-problem` : undefined}
          data-testid={`${testId}-name`}
        />
      </div>
      <Button type="submit" variant="primary" loading={adding} data-testid={`${testId}-submit`}>
        Add
      </Button>
      {problem ? (
        <span
          id={`${id}-problem`}
          role="alert"
          className="portico-classify-hint"
          style={{ color: '#cf1322', flexBasis: '100%' }}
        >
          {problem}
        </span>
      ) : null}
    </form>
  );
}
