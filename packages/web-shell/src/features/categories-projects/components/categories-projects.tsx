import { AppstoreOutlined, ProjectOutlined } from '@ant-design/icons';
import { type FormEvent, useId, useState } from 'react';
import { toApiError } from '../../../lib/http-errors.ts';
import { notify } from '../../../lib/notifications.tsx';
import { Button } from '../../../ui/button.tsx';
import { Notice } from '../../../ui/notice.tsx';
import type { FileActionPanel, FileActionTarget } from '../../file-actions/components/file-actions.tsx';
import { useGetCategoriesQuery, useGetProjectsQuery } from '../../file-classification/api/classification.ts';
import type { ClassifiedFile } from '../../file-classification/components/file-classification-tags.tsx';
import { SelectionDialogButton } from '../../lists/components/selection-dialog-button.tsx';
import {
  useBulkSetCategoryMutation,
  useSetFileCategoryMutation,
  useSetFileProjectMutation,
} from '../api/categories-projects.ts';
import '../categories-projects.css';
import { useModalDialog } from '../../../lib/use-modal-dialog.ts';

/**
 * Categories and projects in both front ends (issue 27 items 4 and 5): the "Category" and "Project" panels of a
 * row's "More" dialog, the selection bar's "Categorise", and the category choice of an upload or a publication.
 * Each is offered only where the caller may (staff; a client where the site's flag is on): the server checks again.
 */

type PanelProps<F> = Parameters<FileActionPanel<F & FileActionTarget>['render']>[0];

interface Choice {
  id: string;
  name: string;
  disabled?: boolean;
}

/**
 * A `<select>` of named choices, the "none" choice first, for the categories and the projects alike: loading,
 * a failure to load and an empty list are said in place, under the field.
 */
function ChoiceSelect({
  label,
  value,
  onChange,
  noun,
  emptyLabel,
  query,
  choices,
  emptyHint,
  hint,
  testId,
}: {
  label: string;
  value: string;
  onChange: (id: string) => void;
  /** What the choices are, plural: "categories", "projects". */
  noun: string;
  emptyLabel: string;
  query: { isLoading: boolean; isError: boolean; error?: unknown };
  choices: readonly Choice[];
  /** Said when there is nothing to choose. */
  emptyHint: string;
  /** Said otherwise, if anything. */
  hint?: string | undefined;
  testId: string;
}) {
  const id = useId();
  const selectable = choices.filter((choice) => !choice.disabled);
  return (
    <div className="portico-classify-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="portico-select"
        value={value}
        disabled={query.isLoading}
        onChange={(event) => onChange(event.target.value)}
        aria-busy={query.isLoading}
        data-testid={testId}
      >
        <option value="">{query.isLoading ? `Loading ${noun}…` : emptyLabel}</option>
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id} disabled={choice.disabled}>
            {choice.name}
          </option>
        ))}
      </select>
      {query.isError ? (
        <span className="portico-classify-hint" role="alert">
          The {noun} could not be loaded: {toApiError(query.error).message}
        </span>
      ) : !query.isLoading && selectable.length === 0 ? (
        <span className="portico-classify-hint">{emptyHint}</span>
      ) : hint ? (
        <span className="portico-classify-hint">{hint}</span>
      ) : null}
    </div>
  );
}

/** A `<select>` of the tenant's categories, "No category" first. */
export function CategorySelect({
  value,
  onChange,
  label = 'Category',
  emptyLabel = 'No category',
  testId = 'category-select',
}: {
  value: string;
  onChange: (categoryId: string) => void;
  label?: string;
  emptyLabel?: string;
  testId?: string;
}) {
  const categories = useGetCategoriesQuery();
  return (
    <ChoiceSelect
      label={label}
      value={value}
      onChange={onChange}
      noun="categories"
      emptyLabel={emptyLabel}
      query={categories}
      choices={categories.data?.records ?? []}
      emptyHint="The firm has no categories yet."
      testId={testId}
    />
  );
}

/**
 * A `<select>` of the site's open projects, "No project" first; a closed project the file is in stays shown,
 * not choosable, so the field says where the file is.
 */
export function ProjectSelect({
  siteId,
  value,
  currentId,
  onChange,
}: {
  siteId: string;
  value: string;
  currentId: string | undefined;
  onChange: (projectId: string) => void;
}) {
  const projects = useGetProjectsQuery({ siteId });
  const records = projects.data?.records ?? [];
  const current = records.find((p) => p.id === currentId && p.status === 'closed');
  const choices: Choice[] = [
    ...(current ? [{ id: current.id, name: `${current.name} (closed)`, disabled: true }] : []),
    ...records.filter((p) => p.status === 'open'),
  ];
  return (
    <ChoiceSelect
      label="Project"
      value={value}
      onChange={onChange}
      noun="projects"
      emptyLabel="No project"
      query={projects}
      choices={choices}
      emptyHint="This site has no open projects."
      hint="Only open projects of this site take files."
      testId="project-select"
    />
  );
}

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

function CategoryForm<F extends FileActionTarget & ClassifiedFile>({
  file,
  onDone,
  onCancel,
}: PanelProps<F>) {
  const [value, setValue] = useState(file.category?.id ?? '');
  const [problem, setProblem] = useState<string>();
  const [save, saving] = useSetFileCategoryMutation();
  const categories = useGetCategoriesQuery();
  const submit = async () => {
    try {
      await save({ id: file.id, categoryId: value || null }).unwrap();
      const name = categories.data?.records.find((c) => c.id === value)?.name;
      onDone({ title: name ? `Category set to ${name}` : 'Category cleared', description: file.title });
    } catch (error) {
      setProblem(toApiError(error).message);
    }
  };
  return (
    <ChoiceForm
      busy={saving.isLoading}
      problem={problem}
      onSubmit={submit}
      onCancel={onCancel}
      testId="category-form"
    >
      <CategorySelect value={value} onChange={setValue} />
    </ChoiceForm>
  );
}

function ProjectForm<F extends FileActionTarget & ClassifiedFile>({
  file,
  siteId,
  onDone,
  onCancel,
}: PanelProps<F>) {
  const [value, setValue] = useState(file.project?.id ?? '');
  const [problem, setProblem] = useState<string>();
  const [save, saving] = useSetFileProjectMutation();
  const projects = useGetProjectsQuery({ siteId });
  const submit = async () => {
    try {
      await save({ id: file.id, projectId: value || null }).unwrap();
      const name = projects.data?.records.find((p) => p.id === value)?.name;
      onDone({ title: name ? `Added to ${name}` : 'Taken out of its project', description: file.title });
    } catch (error) {
      setProblem(toApiError(error).message);
    }
  };
  return (
    <ChoiceForm
      busy={saving.isLoading}
      problem={problem}
      onSubmit={submit}
      onCancel={onCancel}
      testId="project-form"
    >
      <ProjectSelect siteId={siteId} value={value} currentId={file.project?.id} onChange={setValue} />
    </ChoiceForm>
  );
}

/** The "Category" panel of a row's "More" dialog. */
export function categoryPanel<F extends FileActionTarget & ClassifiedFile>(): FileActionPanel<F> {
  return {
    key: 'category',
    label: 'Category',
    icon: <AppstoreOutlined aria-hidden />,
    render: (props) => <CategoryForm<F> {...props} />,
  };
}

/** The "Project" panel of a row's "More" dialog. */
export function projectPanel<F extends FileActionTarget & ClassifiedFile>(): FileActionPanel<F> {
  return {
    key: 'project',
    label: 'Project',
    icon: <ProjectOutlined aria-hidden />,
    render: (props) => <ProjectForm<F> {...props} />,
  };
}

function BulkCategoriseDialog({
  fileIds,
  onClose,
  onDone,
}: {
  fileIds: readonly string[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { ref: dialog, onCancel } = useModalDialog(onClose);
  const titleId = useId();
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
    <dialog
      ref={dialog}
      className="portico-classify-dialog"
      aria-labelledby={titleId}
      onCancel={onCancel}
      data-testid="bulk-category-dialog"
    >
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
    </dialog>
  );
}

/**
 * "Categorise" on the selected files: one request for all of them, all or nothing. Shown only where the caller
 * may recategorize (the site's `internalFilesRecategorize`, or staff).
 */
export function BulkCategoriseButton({
  fileIds,
  onDone,
}: {
  fileIds: readonly string[];
  onDone: () => void;
}) {
  return (
    <SelectionDialogButton
      verb="Categorise"
      count={fileIds.length}
      icon={<AppstoreOutlined aria-hidden />}
      testId="bulk-categorise"
      dialog={(close) => <BulkCategoriseDialog fileIds={fileIds} onClose={close} onDone={onDone} />}
    />
  );
}
