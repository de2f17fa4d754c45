import { useId } from 'react';
import { toApiError } from '../../../lib/http-errors.ts';
import { useGetCategoriesQuery, useGetProjectsQuery } from '../../file-classification/api/classification.ts';
import '../categories-projects.css';

/**
 * Categories and projects in both front ends (issue 27 items 4 and 5): the "Category" and "Project" panels of a
 * row's "More" dialog, the selection bar's "Categorise", and the category choice of an upload or a publication.
 * Each is offered only where the caller may (staff; a client where the site's flag is on): the server checks again.
 */

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
