/** The UTC moment of an ISO 8601 timestamp, `YYYY-MM-DDTHH:mm:ss.sssZ`, or undefined when it is none. */
function utcIso(isoTimestamp: string): string | undefined {
  const date = new Date(isoTimestamp);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

const UNITS = ['KB', 'MB', 'GB', 'TB', 'PB'] as const;

/**
 * A size in human units, decimal as file managers show them: `0 B`, `999 B`, `1.2 MB`, `150 MB`. One decimal
 * below 100 of a unit (dropped when it is 0), none above.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1000) return `${Math.round(bytes)} B`;
  let value = bytes;
  let unit = -1;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  const round = (n: number) => (n < 100 ? Math.round(n * 10) / 10 : Math.round(n));
  // 999.96 KB rounds to 1000 KB: say 1 MB instead.
  if (round(value) >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  const text = round(value).toString();
  return `${text} ${UNITS[unit]}`;
}

/**
 * A server timestamp as the day it falls on, `YYYY-MM-DD` (SPEC §5). Days are UTC days, the same days the
 * lists' date-range filter uses, so a file shown on a day is found by filtering on that day.
 */
export function formatDate(isoTimestamp: string): string {
  // The ISO form of the UTC moment starts with its day, as DATE_FORMAT writes it (no date library needed here:
  // the date picker's lives in its own chunk, loaded after the list).
  return utcIso(isoTimestamp)?.slice(0, 10) ?? '';
}

/**
 * A moment as `YYYY-MM-DD HH:mm` in UTC, for the audit log: the same days the date filters use (`formatDate`
 * shows UTC days too).
 */
export function formatDateTime(isoTimestamp: string | null | undefined): string {
  const iso = isoTimestamp ? utcIso(isoTimestamp) : undefined;
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : '';
}

/** `1 file`, `3 files`. */
export const countOf = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;
