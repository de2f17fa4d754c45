import { type FormEvent, useState } from 'react';
import { toApiError } from '../../../lib/http-errors.ts';
import { notify } from '../../../lib/notifications.tsx';
import { Button } from '../../../ui/button.tsx';
import { ModalDialog } from '../../../ui/modal-dialog.tsx';
import { Notice } from '../../../ui/notice.tsx';
import type { FileActionPanel, FileActionTarget } from '../../file-actions/file-actions.ts';
import { useGetCategoriesQuery, useGetProjectsQuery } from '../../file-classification/api/classification.ts';
import type { ClassifiedFile } from '../../file-classification/components/file-classification-tags.tsx';
import {
  useBulkSetCategoryMutation,
  useSetFileCategoryMutation,
  useSetFileProjectMutation,
} from '../api/categories-projects.ts';
import { CategorySelect, ProjectSelect } from '../components/categories-projects.tsx';
import '../categories-projects.css';

type PanelProps<F> = Parameters<FileActionPanel<F & FileActionTarget>['render']>[0];

function ChoiceForm({
  children,
  busy,
  problem,
  onSubmit,
  onCancel,
  submitLabel = 'Save',
  testId,
}: {
  children: React.ReactNode;
  busy: boolean;
  problem: string | undefined;
  onSubmit: () => Promise<void>;
  onCancel: () => void;
  submitLabel?: string;
  testId: string;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit();
  };
  return (
    <form className="portico-stack" onSubmit={submit} data-testid={testId}>
      {children}
      {problem ? <Notice tone="error" title={problem} data-testid={`${testId}-problem`} /> : null}
      <div className="portico-row" style={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" loading={busy} data-testid={`${testId}-submit`}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/**
 * A one-choice panel of the "More" dialog (the category, the project): the select, then Save, which stores the
 * chosen id ("" is none) and says what changed (`said`, by the chosen name or none); what went wrong shows above
 * the buttons.
 */
function ChoicePanel({
  initial,
  save,
  busy,
  names,
  said,
  testId,
  onDone,
  onCancel,
  select,
}: {
  initial: string;
  save: (id: string | null) => Promise<unknown>;
  busy: boolean;
  names: readonly { id: string; name: string }[] | undefined;
  said: (name: string | undefined) => string;
  testId: string;
  onDone: (title: string) => void;
  onCancel: () => void;
  select: (value: string, onChange: (id: string) => void) => React.ReactNode;
}) {
  const [value, setValue] = useState(initial);
  const [problem, setProblem] = useState<string>();
  const submit = async () => {
    try {
      await save(value || null);
      onDone(said(names?.find((n) => n.id === value)?.name));
    } catch (error) {
      setProblem(toApiError(error).message);
    }
  };
  return (
    <ChoiceForm busy={busy} problem={problem} onSubmit={submit} onCancel={onCancel} testId={testId}>
      {select(value, setValue)}
    </ChoiceForm>
  );
}

export function CategoryForm<F extends FileActionTarget & ClassifiedFile>({
  file,
  onDone,
  onCancel,
}: PanelProps<F>) {
  const [save, saving] = useSetFileCategoryMutation();
  const categories = useGetCategoriesQuery();
  return (
    <ChoicePanel
      initial={file.category?.id ?? ''}
      save={(categoryId) => save({ id: file.id, categoryId }).unwrap()}
      busy={saving.isLoading}
      names={categories.data?.records}
      said={(name) => (name ? `Category set to ${name}` : 'Category cleared')}
      testId="category-form"
      onDone={(title) => onDone({ title, description: file.title })}
      onCancel={onCancel}
      select={(value, onChange) => <CategorySelect value={value} onChange={onChange} />}
    />
  );
}

export function ProjectForm<F extends FileActionTarget & ClassifiedFile>({
  file,
  siteId,
  onDone,
  onCancel,
}: PanelProps<F>) {
  const [save, saving] = useSetFileProjectMutation();
  const projects = useGetProjectsQuery({ siteId });
  return (
    <ChoicePanel
      initial={file.project?.id ?? ''}
      save={(projectId) => save({ id: file.id, projectId }).unwrap()}
      busy={saving.isLoading}
      names={projects.data?.records}
      said={(name) => (name ? `Added to ${name}` : 'Taken out of its project')}
      testId="project-form"
      onDone={(title) => onDone({ title, description: file.title })}
      onCancel={onCancel}
      select={(value, onChange) => (
        <ProjectSelect siteId={siteId} value={value} currentId={file.project?.id} onChange={onChange} />
      )}
    />
  );
}

export function BulkCategoriseDialog({
  fileIds,
  onClose,
  onDone,
}: {
  fileIds: readonly string[];
  onClose: () => void;
  onDone: () => void;
}) {
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string>();
  const [bulk, running] = useBulkSetCategoryMutation();
  const categories = useGetCategoriesQuery();

  const submit = async () => {
    try {
      const done = await bulk({ fileIds: [...fileIds], categoryId: value || null }).unwrap();
      const name = categories.data?.records.find((c) => c.id === value)?.name;
      const files = done.count === 1 ? '1 file' : `${done.count} files`;
      notify.success(name ? `${files} categorised as ${name}` : `Category cleared on ${files}`);
      onDone();
      onClose();
    } catch (error) {
      setProblem(`Nothing was changed. ${toApiError(error).message}`);
    }
  };

  return (
    <ModalDialog
      className="portico-modal portico-modal--narrow"
      onClose={onClose}
      testId="bulk-category-dialog"
    >
      {(titleId) => (
        <>
          <h2 id={titleId}>Categorise {fileIds.length === 1 ? '1 file' : `${fileIds.length} files`}</h2>
          <ChoiceForm
            busy={running.isLoading}
            problem={problem}
            onSubmit={submit}
            onCancel={onClose}
            submitLabel="Categorise"
            testId="bulk-category-form"
          >
            <CategorySelect value={value} onChange={setValue} emptyLabel="No category (clear it)" />
          </ChoiceForm>
        </>
      )}
    </ModalDialog>
  );
}
