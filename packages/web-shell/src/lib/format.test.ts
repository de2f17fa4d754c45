import { describe, expect, test } from 'vitest';
import { countOf, formatBytes, formatDate, formatDateTime } from './format.ts';

describe('sizes in human units', () => {
  test('bytes below a kilobyte are counted exactly', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1)).toBe('1 B');
    expect(formatBytes(999)).toBe('999 B');
  });

  test('one decimal below 100 of a unit, dropped when it is zero', () => {
    expect(formatBytes(1_000)).toBe('1 KB');
    expect(formatBytes(1_536)).toBe('1.5 KB');
    expect(formatBytes(1_200_000)).toBe('1.2 MB');
    expect(formatBytes(2_000_000_000)).toBe('2 GB');
    expect(formatBytes(12_345_678)).toBe('12.3 MB');
  });

  test('whole numbers from 100 of a unit, and a rounding up to 1000 moves to the next unit', () => {
    expect(formatBytes(150_400_000)).toBe('150 MB');
    expect(formatBytes(999_499)).toBe('999 KB');
    expect(formatBytes(999_960)).toBe('1 MB');
    expect(formatBytes(1_073_741_824)).toBe('1.1 GB');
    expect(formatBytes(3.2e15)).toBe('3.2 PB');
  });

  test('nonsense sizes show nothing', () => {
    expect(formatBytes(-1)).toBe('');
    expect(formatBytes(Number.NaN)).toBe('');
  });
});

describe('dates', () => {
  test('a timestamp is shown as its UTC day, YYYY-MM-DD', () => {
    expect(formatDate('2026-01-31T23:30:00.000Z')).toBe('2026-01-31');
    expect(formatDate('2026-02-01T00:30:00+02:00')).toBe('2026-01-31');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('moments and counts', () => {
  test('a moment is its UTC day and minute; nothing readable is empty', () => {
    expect(formatDateTime('2026-03-04T23:30:59.000+01:00')).toBe('2026-03-04 22:30');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });

  test('a count names one or many', () => {
    expect(countOf(1, 'file')).toBe('1 file');
    expect(countOf(3, 'file')).toBe('3 files');
    expect(countOf(0, 'entry', 'entries')).toBe('0 entries');
  });
});
