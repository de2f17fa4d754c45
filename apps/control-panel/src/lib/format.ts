import { DATE_FORMAT } from '@portico/contracts';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);

/**
 * A moment as `YYYY-MM-DD HH:mm` in UTC, for the audit log: the same days the date filters use (the shell's
 * `formatDate` shows UTC days too).
 */
export const formatDateTime = (iso: string | null | undefined) => {
  const date = iso ? dayjs.utc(iso) : undefined;
  return date?.isValid() ? date.format(`${DATE_FORMAT} HH:mm`) : '';
};

/** The picker's days as the API's `from`/`to` (UTC days, inclusive). */
export function dayRange(range: [dayjs.Dayjs | null, dayjs.Dayjs | null] | null | undefined): {
  from?: string;
  to?: string;
} {
  const [from, to] = range ?? [null, null];
  return {
    ...(from ? { from: from.format(DATE_FORMAT) } : {}),
    ...(to ? { to: to.format(DATE_FORMAT) } : {}),
  };
}

/** `1 file`, `3 files`. */
export const countOf = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;
