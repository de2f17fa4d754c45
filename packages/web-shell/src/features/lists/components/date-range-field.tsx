import { DATE_FORMAT } from '@portico/contracts';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { type DateRange, rangeFromPicker } from '../list-query.ts';

export interface DateRangeFieldProps {
  ids: { start: string; end: string };
  range: DateRange | null;
  openEnded: boolean;
  onChange: (range: DateRange | null) => void;
  testId: string;
  /** Keyboard focus was on the stand-in when this arrived: it goes on to the first field. */
  autoFocus?: boolean;
}

/**
 * The list's date range: antd's RangePicker, with dayjs under it. Its own chunk (the filter bar loads it lazily),
 * so the first screen's download does not carry a date library for a field nobody has touched yet.
 */
export default function DateRangeField({
  ids,
  range,
  openEnded,
  onChange,
  testId,
  autoFocus = false,
}: DateRangeFieldProps) {
  return (
    <DatePicker.RangePicker
      id={ids}
      format={DATE_FORMAT}
      value={range ? [range[0] ? dayjs(range[0]) : null, range[1] ? dayjs(range[1]) : null] : null}
      onChange={(values) => onChange(rangeFromPicker(values, openEnded))}
      placeholder={['From', 'Until']}
      // Either field may be left empty while typing: with `allowEmpty` false, rc-picker keeps the focus in an
      // empty "From" on Tab (a keyboard trap). A range that needs both ends applies only once both are set.
      allowEmpty={[true, true]}
      style={{ maxWidth: '100%' }}
      data-testid={testId}
      autoFocus={autoFocus}
    />
  );
}
