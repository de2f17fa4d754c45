import '../list-kit.css';
import { SearchOutlined } from '@ant-design/icons';
import { lazy, type ReactNode, useId } from 'react';
import { visuallyHiddenStyle as visuallyHidden } from '../../../components/visually-hidden.tsx';
import { AfterFirstScreen } from '../../../ui/after-first-screen.tsx';
import type { DateRange } from '../list-query.ts';

/**
 * The date picker (antd's, with its date library) comes after the list, in its own chunk with antd's theme
 * around it; until then, two still fields of our own.
 */
const DateRangeField = lazy(() => import('./date-range-field.tsx'));

function DateRangePlaceholder({
  ids,
  onReach,
}: {
  ids: { start: string; end: string };
  onReach: (focused: boolean) => void;
}) {
  return (
    <div className="portico-date-range-placeholder" data-stand-in="date-range">
      <input
        id={ids.start}
        className="portico-input"
        placeholder="From"
        readOnly
        onPointerEnter={() => onReach(false)}
        onFocus={() => onReach(true)}
      />
      <input
        id={ids.end}
        className="portico-input"
        placeholder="Until"
        readOnly
        tabIndex={-1}
        onPointerEnter={() => onReach(false)}
      />
    </div>
  );
}

/** The part of a list's state the bar edits (what `useListState` returns). */
export interface FilterableList {
  searchText: string;
  setSearchText: (text: string) => void;
  state: { range: DateRange | null };
  setRange: (range: DateRange | null) => void;
}

export interface ListFilterBarProps {
  list: FilterableList;
  /** `label` names the search box for assistive technology: "Search files", "Filter by person". */
  search: { label: string; placeholder: string };
  /** The date range, if any: `label` says on what ("Published"); `openEnded` lets one end stay empty. */
  dates?: { label: string; openEnded?: boolean };
  /** The list's own filters (a site, statuses…), after the search. */
  children?: ReactNode;
  /** Filters after the date range (a file list's status, tags, category, project): search and dates come first. */
  after?: ReactNode;
  /** Buttons at the end (the zip download). */
  actions?: ReactNode;
  /** Prefix of the test ids: `{testIdPrefix}-search`, `{testIdPrefix}-date-range`. */
  testIdPrefix?: string;
}

/** Search (debounced by the list's state), the list's own filters and a date range, with the list's actions. */
export function ListFilterBar({
  list,
  search,
  dates,
  children,
  after,
  actions,
  testIdPrefix = 'list',
}: ListFilterBarProps) {
  const id = useId();
  const ids = { search: `${id}-search`, start: `${id}-from`, end: `${id}-to` };
  const { range } = list.state;
  return (
    <fieldset className="portico-filter-bar" aria-label="Filters" data-testid={`${testIdPrefix}-filter-bar`}>
      <label htmlFor={ids.search} style={visuallyHidden}>
        {search.label}
      </label>
      <span className="portico-input-affix portico-filter-bar__search">
        <SearchOutlined aria-hidden className="portico-input-affix__icon" />
        <input
          id={ids.search}
          className="portico-input"
          type="search"
          value={list.searchText}
          onChange={(event) => list.setSearchText(event.target.value)}
          placeholder={search.placeholder}
          data-testid={`${testIdPrefix}-search`}
        />
      </span>
      {children}
      {dates ? (
        <>
          <label htmlFor={ids.start} style={visuallyHidden}>
            {dates.label} from (YYYY-MM-DD)
          </label>
          <label htmlFor={ids.end} style={visuallyHidden}>
            {dates.label} until (YYYY-MM-DD)
          </label>
          <AfterFirstScreen
            standIn={(reach) => <DateRangePlaceholder ids={ids} onReach={reach} />}
            control={(focused) => (
              <DateRangeField
                ids={{ start: ids.start, end: ids.end }}
                range={range}
                openEnded={!!dates.openEnded}
                onChange={list.setRange}
                testId={`${testIdPrefix}-date-range`}
                autoFocus={focused}
              />
            )}
          />
        </>
      ) : null}
      {after}
      {actions ? <div className="portico-filter-bar__actions">{actions}</div> : null}
    </fieldset>
  );
}
