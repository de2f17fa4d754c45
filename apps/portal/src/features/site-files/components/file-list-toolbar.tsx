import { SearchOutlined } from '@ant-design/icons';
import { DATE_FORMAT } from '@portico/contracts';
import { DatePicker, Flex, Input } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useId } from 'react';
import { type DateRange, rangeFromPicker } from '../lib/file-list-query.ts';
import { visuallyHiddenStyle as visuallyHidden } from './visually-hidden.tsx';

export interface FileListToolbarProps {
  searchText: string;
  onSearchText: (text: string) => void;
  searchPlaceholder: string;
  range: DateRange | null;
  onRange: (range: DateRange | null) => void;
  /** What the date range filters on, for its labels: "Published", "Submitted". */
  dateLabel: string;
  /** Buttons at the end (the zip download). */
  actions?: ReactNode;
}

/** Search (debounced by the caller's state) and a date range over a file table, with its actions. */
export function FileListToolbar({
  searchText,
  onSearchText,
  searchPlaceholder,
  range,
  onRange,
  dateLabel,
  actions,
}: FileListToolbarProps) {
  const id = useId();
  const ids = { search: `${id}-search`, start: `${id}-from`, end: `${id}-to` };
  return (
    <Flex wrap gap={12} align="center" data-testid="file-list-toolbar">
      <label htmlFor={ids.search} style={visuallyHidden}>
        Search files
      </label>
      <Input
        id={ids.search}
        type="search"
        allowClear
        value={searchText}
        onChange={(event) => onSearchText(event.target.value)}
        placeholder={searchPlaceholder}
        prefix={<SearchOutlined aria-hidden />}
        style={{ width: 320, maxWidth: '100%' }}
        data-testid="file-search"
      />
      <label htmlFor={ids.start} style={visuallyHidden}>
        {dateLabel} from (YYYY-MM-DD)
      </label>
      <label htmlFor={ids.end} style={visuallyHidden}>
        {dateLabel} until (YYYY-MM-DD)
      </label>
      <DatePicker.RangePicker
        id={{ start: ids.start, end: ids.end }}
        format={DATE_FORMAT}
        value={range ? [dayjs(range[0]), dayjs(range[1])] : null}
        onChange={(values) => onRange(rangeFromPicker(values))}
        placeholder={['From', 'Until']}
        allowEmpty={[false, false]}
        style={{ maxWidth: '100%' }}
        data-testid="file-date-range"
      />
      {actions ? (
        <Flex gap={8} wrap style={{ marginInlineStart: 'auto' }}>
          {actions}
        </Flex>
      ) : null}
    </Flex>
  );
}
