import { describe, expect, it } from 'vitest';
import { countsAsDownload, planDownload } from './download.ts';

const file = { sha256: 'a'.repeat(64), size: 1000 };
const etag = `"${file.sha256}"`;

describe('planDownload', () => {
  it('sends the whole file without conditions', () => {
    expect(planDownload({}, file)).toEqual({ kind: 'full' });
  });

  it('answers not modified to a matching If-None-Match, weak or strong, in a list or as *', () => {
    for (const header of [etag, `W/${etag}`, `"x", ${etag}`, '*']) {
      expect(planDownload({ 'if-none-match': header }, file)).toEqual({ kind: 'not-modified' });
    }
    expect(planDownload({ 'if-none-match': '"other"' }, file)).toEqual({ kind: 'full' });
  });

  it.each([
    ['bytes=0-99', { kind: 'partial', start: 0, end: 99 }],
    ['bytes=100-', { kind: 'partial', start: 100, end: 999 }],
    ['bytes=-10', { kind: 'partial', start: 990, end: 999 }],
    ['bytes=-5000', { kind: 'partial', start: 0, end: 999 }],
    ['bytes=990-5000', { kind: 'partial', start: 990, end: 999 }],
    ['bytes=999-999', { kind: 'partial', start: 999, end: 999 }],
    ['bytes=0-99999999999999999999999', { kind: 'partial', start: 0, end: 999 }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=99999999999999999999-', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=5-1', { kind: 'full' }],
    ['bytes=0-1,5-6', { kind: 'full' }],
    ['bytes=-', { kind: 'full' }],
    ['items=0-1', { kind: 'full' }],
    ['bytes=a-b', { kind: 'full' }],
  ])('reads Range %j', (range, plan) => {
    expect(planDownload({ range }, file)).toEqual(plan);
  });

  it('finds every range of an empty file unsatisfiable', () => {
    expect(planDownload({ range: 'bytes=0-' }, { ...file, size: 0 })).toEqual({ kind: 'unsatisfiable' });
    expect(planDownload({ range: 'bytes=-1' }, { ...file, size: 0 })).toEqual({ kind: 'unsatisfiable' });
  });

  it('honours a range only while If-Range names the current ETag', () => {
    expect(planDownload({ range: 'bytes=0-1', 'if-range': etag }, file)).toEqual({
      kind: 'partial',
      start: 0,
      end: 1,
    });
    expect(planDownload({ range: 'bytes=0-1', 'if-range': '"old"' }, file)).toEqual({ kind: 'full' });
    expect(planDownload({ range: 'bytes=0-1', 'if-range': 'Sat, 01 Jan 2026 00:00:00 GMT' }, file)).toEqual({
      kind: 'full',
    });
  });

  it('counts a download once: from the first byte, not for each later range', () => {
    expect(countsAsDownload({ kind: 'full' })).toBe(true);
    expect(countsAsDownload({ kind: 'partial', start: 0, end: 10 })).toBe(true);
    expect(countsAsDownload({ kind: 'partial', start: 11, end: 20 })).toBe(false);
    expect(countsAsDownload({ kind: 'not-modified' })).toBe(false);
  });
});
