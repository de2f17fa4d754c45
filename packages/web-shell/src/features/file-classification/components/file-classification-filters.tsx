import { useId } from 'react';
import { visuallyHiddenStyle as visuallyHidden } from '../../../components/visually-hidden.tsx';
import { useShellSelector } from '../../../store/hooks.ts';
import { selectAccessToken, selectTenant } from '../../../store/selectors.ts';
import { ChoiceFilter } from '../../lists/components/choice-filter.tsx';
import {
  useGetCategoriesQuery,
  useGetFileStatusesQuery,
  useGetProjectsQuery,
  useGetTagsQuery,
} from '../api/classification.ts';

/** The classification filters of a file list, as `useListState` keeps them in the address bar. */
export interface ClassificationFilters {
  status: string[];
  tagId: string[];
  categoryId: string;
  projectId: string;
}

/** No classification filter: the `filters` a file list's `useListState` starts with. */
export const NO_CLASSIFICATION_FILTER: ClassificationFilters = {
  status: [],
  tagId: [],
  categoryId: '',
  projectId: '',
};

/** The filters as the server's list query (`status`, `tagId`, `categoryId`, `projectId`), empty ones left out. */
export function classificationQuery(filters: ClassificationFilters, options: { statuses?: boolean } = {}) {
  return {
    ...(options.statuses !== false && filters.status.length ? { status: filters.status } : {}),
    ...(filters.tagId.length ? { tagId: filters.tagId } : {}),
    ...(filters.categoryId ? { categoryId: filters.categoryId } : {}),
    ...(filters.projectId ? { projectId: filters.projectId } : {}),
  };
}

export const isClassificationFiltered = (filters: ClassificationFilters) =>
  Object.keys(classificationQuery(filters)).length > 0;

/** A list's state with (at least) the classification filters; its `setFilter` is the list's own, of its keys. */
interface FilterableList {
  filters: ClassificationFilters;
  setFilter: (name: never, value: never) => void;
}

/**
 * Status (published files: the tenant's statuses), tags (a file must carry all chosen), category and project (of the
 * site), for a list's filter bar. A filter whose list is empty (no tags yet, no projects in the site) is left out.
 */
export function FileClassificationFilters({
  list,
  siteId,
  statuses = false,
}: {
  list: FilterableList;
  siteId: string | undefined;
  /** Offer the tenant's statuses (Published Files; submitted files have their review statuses). */
  statuses?: boolean;
}) {
  const set = list.setFilter as <K extends keyof ClassificationFilters>(
    name: K,
    value: ClassificationFilters[K],
  ) => void;
  const choices = { filters: list.filters, setFilter: set };
  const tenant = useShellSelector(selectTenant);
  const token = useShellSelector(selectAccessToken);
  const skip = !tenant || !token;
  const statusList = useGetFileStatusesQuery(undefined, { skip: skip || !statuses });
  const tags = useGetTagsQuery(undefined, { skip });
  const categories = useGetCategoriesQuery(undefined, { skip });
  const projects = useGetProjectsQuery({ siteId: siteId ?? '' }, { skip: skip || !siteId });
  const tagOptions = (tags.currentData?.records ?? []).map((t) => ({ value: t.id, label: t.name }));
  const statusOptions = (statusList.currentData?.records ?? []).map((s) => ({ value: s.key, label: s.name }));
  const categoryOptions = categories.currentData?.records ?? [];
  const projectOptions = projects.currentData?.records ?? [];
  return (
    <>
      {statuses && statusOptions.length ? (
        <ChoiceFilter list={choices} name="status" noun="status" options={statusOptions} />
      ) : null}
      {tagOptions.length ? (
        <ChoiceFilter list={choices} name="tagId" noun="tag" options={tagOptions} />
      ) : null}
      <OneChoiceFilter
        noun="category"
        value={list.filters.categoryId}
        options={categoryOptions.map((c) => ({ value: c.id, label: c.name }))}
        onChange={(value) => set('categoryId', value)}
      />
      <OneChoiceFilter
        noun="project"
        value={list.filters.projectId}
        options={projectOptions.map((p) => ({
          value: p.id,
          label: p.status === 'closed' ? `${p.name} (closed)` : p.name,
        }))}
        onChange={(value) => set('projectId', value)}
      />
    </>
  );
}

/** One of a list's values or any (a native select, labelled for assistive technology); nothing when there are none. */
function OneChoiceFilter({
  noun,
  value,
  options,
  onChange,
}: {
  noun: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  if (!options.length) return null;
  return (
    <>
      <label htmlFor={id} style={visuallyHidden}>
        Filter by {noun}
      </label>
      <select
        id={id}
        className="portico-select"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid={`filter-${noun}`}
      >
        <option value="">Any {noun}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </>
  );
}
