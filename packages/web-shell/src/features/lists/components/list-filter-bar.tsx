import { SearchOutlined } from '@ant-design/icons';
import { DATE_FORMAT } from '@portico/contracts';
import { DatePicker, Flex, Input } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useId } from 'react';
import { visuallyHiddenStyle as visuallyHidden } from '../../../components/visually-hidden.tsx';
import { type DateRange, rangeFromPicker } from '../list-query.ts';

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
  actions,
  testIdPrefix = 'list',
}: ListFilterBarProps) {
  const id = useId();
  const ids = { search: `${id}-search`, start: `${id}-from`, end: `${id}-to` };
  const { range } = list.state;
  return (
    <Flex
      wrap
      gap={12}
      align="center"
      role="group"
      aria-label="Filters"
      data-testid={`${testIdPrefix}-filter-bar`}
    >
      <label htmlFor={ids.search} style={visuallyHidden}>
        {search.label}
      </label>
      <Input
        id={ids.search}
        type="search"
        allowClear
        value={list.searchText}
        onChange={(event) => list.setSearchText(event.target.value)}
        placeholder={search.placeholder}
        prefix={<SearchOutlined aria-hidden />}
        style={{ width: 320, maxWidth: '100%' }}
        data-testid={`${testIdPrefix}-search`}
      />
      {children}
      {dates ? (
        <>
          <label htmlFor={ids.start} style={visuallyHidden}>
            {dates.label} from (YYYY-MM-DD)
          </label>
          <label htmlFor={ids.end} style={visuallyHidden}>
            {dates.label} until (YYYY-MM-DD)
          </label>
          <DatePicker.RangePicker
            id={{ start: ids.start, end: ids.end }}
            format={DATE_FORMAT}
            value={range ? [range[0] ? dayjs(range[0]) : null, range[1] ? dayjs(range[1]) : null] : null}
            onChange={(values) => list.setRange(rangeFromPicker(values, dates.openEnded))}
            placeholder={['From', 'Until']}
            allowEmpty={[!!dates.openEnded, !!dates.openEnded]}
            style={{ maxWidth: '100%' }}
            data-testid={`${testIdPrefix}-date-range`}
          />
        </>
      ) : null}
      {actions ? (
        <Flex gap={8} wrap style={{ marginInlineStart: 'auto' }}>
          {actions}
        </Flex>
      ) : null}
    </Flex>
  );
}
