import { type FormEvent, useId, useState } from 'react';
import { toApiError } from '../../../lib/http-errors.ts';
import { Button } from '../../../ui/button.tsx';
import { NoteField } from '../../../ui/note-field.tsx';
import { Notice } from '../../../ui/notice.tsx';
import type { FileActionTarget } from '../../file-actions/file-actions.ts';
import { useGetFileStatusesQuery } from '../../file-classification/api/classification.ts';
import { useSetFileStatusMutation } from '../api/file-statuses.ts';
import './file-status-form.css';

/** A published file as its row has it: its status key and name, if any. */
export interface StatusedFile extends FileActionTarget {
  status?: string | null | undefined;
  statusName?: string | null | undefined;
}

/**
 * "Set status" in a file's "More" dialog (issue 27 item 1): one of the firm's statuses, with an optional note the
 * firm reads (a client's change mails the firm's staff). The site's flag decides whether a client is offered it.
 */
export default function FileStatusForm({
  file,
  onDone,
  onCancel,
}: {
  file: StatusedFile;
  onDone: (done: { title: string; description?: string }) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const statuses = useGetFileStatusesQuery();
  const [chosen, setChosen] = useState(file.status ?? '');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string>();
  const [save, saving] = useSetFileStatusMutation();
  const records = statuses.currentData?.records ?? [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setProblem('Choose a status.');
      return;
    }
    setProblem(undefined);
    try {
      await save({ id: file.id, status: chosen, ...(note.trim() ? { note: note.trim() } : {}) }).unwrap();
      const name = records.find((s) => s.key === chosen)?.name ?? chosen;
      onDone({ title: `Status set to ${name}`, description: file.title });
    } catch (error) {
      setProblem(toApiError(error).message);
    }
  };

  if (statuses.error) {
    return (
      <div className="portico-stack">
        <Notice tone="error" title="The statuses could not be loaded">
          {toApiError(statuses.error).message}
        </Notice>
        <div className="portico-row" style={{ justifyContent: 'flex-end' }}>
          <Button onClick={onCancel}>Back</Button>
          <Button variant="primary" onClick={() => void statuses.refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form className="portico-stack" onSubmit={(event) => void submit(event)} data-testid="file-status-form">
      {file.statusName ? <p style={{ margin: 0 }}>{`Now: ${file.statusName}`}</p> : null}
      {statuses.isLoading ? (
        <p role="status" style={{ margin: 0 }}>
          Loading the statuses…
        </p>
      ) : records.length === 0 ? (
        <p style={{ margin: 0 }}>The firm has no statuses yet.</p>
      ) : (
        <fieldset className="portico-file-status__choices">
          <legend>Status</legend>
          {records.map((s) => (
            <label key={s.key} className="portico-file-status__choice">
              <input
                type="radio"
                name={`${id}-status`}
                value={s.key}
                checked={chosen === s.key}
                onChange={() => setChosen(s.key)}
                data-testid={`file-status-${s.key}`}
              />
              <span>{s.name}</span>
            </label>
          ))}
        </fieldset>
      )}
      <NoteField
        id={`${id}-note`}
        className="portico-file-status__field"
        value={note}
        onChange={setNote}
        testId="file-status-note"
      />
      {problem ? <Notice tone="warning" title={problem} data-testid="file-status-problem" /> : null}
      <div className="portico-row" style={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>Back</Button>
        <Button
          type="submit"
          variant="primary"
          loading={saving.isLoading}
          disabled={!records.length}
          data-testid="file-status-submit"
        >
          Set status
        </Button>
      </div>
    </form>
  );
}
