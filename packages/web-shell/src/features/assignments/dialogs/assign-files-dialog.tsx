import { useState } from 'react';
import { toApiError } from '../../../lib/http-errors.ts';
import { notify } from '../../../lib/notifications.tsx';
import { FormDialog } from '../../../ui/form-dialog.tsx';
import { NoteField } from '../../../ui/note-field.tsx';
import { useAssignFilesMutation } from '../api/assignments.ts';
import '../assignments.css';
import { AssigneeSelect } from '../components/assignee-select.tsx';

const DAY = /^[1-9]\d{3}-\d{2}-\d{2}$/;

/** What is wrong with the form, or undefined when it can be sent. */
export function assignFormProblem(userId: string, due: string): string | undefined {
  if (!userId) return 'Choose who the files go to.';
  if (due) {
    const date = new Date(`${due}T00:00:00Z`);
    if (!DAY.test(due) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== due)
      return `“${due}” is not a date: write it as YYYY-MM-DD, e.g. 2026-01-31.`;
  }
  return undefined;
}

export default function AssignFilesDialog({
  tenant,
  siteId,
  fileIds,
  onClose,
  onDone,
}: {
  tenant: string;
  siteId: string;
  fileIds: readonly string[];
  onClose: () => void;
  onDone?: (() => void) | undefined;
}) {
  const [userId, setUserId] = useState('');
  const [note, setNote] = useState('');
  const [due, setDue] = useState('');
  const [problem, setProblem] = useState<string>();
  const [assign, { isLoading }] = useAssignFilesMutation();

  const submit = async () => {
    const wrong = assignFormProblem(userId, due.trim());
    setProblem(wrong);
    if (wrong) return;
    try {
      const done = await assign({
        tenant,
        fileIds: [...fileIds],
        userId,
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(due.trim() ? { dueDate: due.trim() } : {}),
      }).unwrap();
      notify.success(done.count === 1 ? '1 file assigned' : `${done.count} files assigned`);
      onDone?.();
      onClose();
    } catch (error) {
      setProblem(toApiError(error).message);
    }
  };

  return (
    <FormDialog
      title={`Assign ${fileIds.length === 1 ? '1 file' : `${fileIds.length} files`}`}
      problem={problem}
      problemTitle="The files were not assigned"
      submitLabel="Assign"
      busy={isLoading}
      testIds={{ dialog: 'assign-files-dialog', send: 'assign-send', error: 'assign-error' }}
      onSubmit={submit}
      onClose={onClose}
    >
      {(id) => (
        <>
          <div className="portico-assign-field">
            <label htmlFor={`${id}-who`}>To</label>
            <AssigneeSelect id={`${id}-who`} siteId={siteId} value={userId} onChange={setUserId} />
          </div>
          <NoteField
            id={`${id}-note`}
            className="portico-assign-field"
            value={note}
            onChange={setNote}
            testId="assign-note"
          />
          <div className="portico-assign-field">
            <label htmlFor={`${id}-due`}>Due date (optional)</label>
            <input
              id={`${id}-due`}
              className="portico-input"
              inputMode="numeric"
              placeholder="YYYY-MM-DD"
              maxLength={10}
              value={due}
              onChange={(e) => setDue(e.target.value)}
              aria-describedby={`${id}-due-hint`}
              data-testid="assign-due"
            />
            <span id={`${id}-due-hint`} className="portico-assign-hint">
              Written YYYY-MM-DD.
            </span>
          </div>
        </>
      )}
    </FormDialog>
  );
}
