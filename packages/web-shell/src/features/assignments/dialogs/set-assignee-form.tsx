import type { Assignee } from '@portico/contracts';
import { type FormEvent, useId, useState } from 'react';
import { toApiError } from '../../../lib/http-errors.ts';
import { useShellSelector } from '../../../store/hooks.ts';
import { selectTenant } from '../../../store/selectors.ts';
import { Button } from '../../../ui/button.tsx';
import { NoteField } from '../../../ui/note-field.tsx';
import { Notice } from '../../../ui/notice.tsx';
import type { FileActionPanel, FileActionTarget } from '../../file-actions/file-actions.ts';
import { useSetAssigneeMutation } from '../api/assignments.ts';
import '../assignments.css';
import { AssigneeSelect } from '../components/assignee-select.tsx';

/** A file as the assignee panel reads it: its assignee, when the list carries one. */
export type AssignableFile = FileActionTarget & { assignee?: Assignee | null };

export default function SetAssigneeForm({
  file,
  siteId,
  onDone,
  onCancel,
}: Parameters<FileActionPanel<AssignableFile>['render']>[0]) {
  const id = useId();
  const tenant = useShellSelector(selectTenant) ?? '';
  const [userId, setUserId] = useState(file.assignee?.userId ?? '');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string>();
  const [save, { isLoading }] = useSetAssigneeMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save({
        tenant,
        fileId: file.id,
        userId: userId || null,
        ...(note.trim() ? { note: note.trim() } : {}),
      }).unwrap();
      onDone({ title: userId ? 'Assignee set' : 'Assignee cleared', description: file.title });
    } catch (error) {
      setProblem(toApiError(error).message);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="set-assignee-form">
      <div className="portico-assign-field">
        <label htmlFor={`${id}-who`}>Assignee</label>
        <AssigneeSelect id={`${id}-who`} siteId={siteId} value={userId} onChange={setUserId} nobody />
      </div>
      <NoteField
        id={`${id}-note`}
        className="portico-assign-field"
        value={note}
        onChange={setNote}
        testId="assignee-note"
      />
      {problem ? (
        <Notice tone="error" title="The assignee was not changed" data-testid="assignee-error">
          {problem}
        </Notice>
      ) : null}
      <div className="portico-assign-actions">
        <Button onClick={onCancel}>Back</Button>
        <Button type="submit" variant="primary" loading={isLoading} data-testid="assignee-save">
          Save
        </Button>
      </div>
    </form>
  );
}
