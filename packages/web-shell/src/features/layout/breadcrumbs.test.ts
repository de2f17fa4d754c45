import { describe, expect, test } from 'vitest';
import { buildCrumbs } from './breadcrumbs.ts';

const match = (pathname: string, handle: unknown) => ({ id: pathname, pathname, handle });

describe('breadcrumbs', () => {
  const matches = [
    match('/', { title: 'Login', crumb: { key: 'site' } }),
    match('/publishedFiles', {
      title: 'Published Files',
      crumb: { key: 'publishedFiles', title: 'Published Files' },
    }),
  ];

  test('the titles of the matching routes, the last one being the current page', () => {
    expect(buildCrumbs(matches, {}, new Map())).toEqual([
      { key: 'publishedFiles', title: 'Published Files' },
    ]);
  });

  test('dynamic values replace titles (the selected site for the root)', () => {
    expect(buildCrumbs(matches, { site: "Bob's Bakery Ltd" }, new Map())).toEqual([
      { key: 'site', title: "Bob's Bakery Ltd", path: '/' },
      { key: 'publishedFiles', title: 'Published Files' },
    ]);
    expect(buildCrumbs(matches, { publishedFiles: 'Shared with you' }, new Map()).at(-1)?.title).toBe(
      'Shared with you',
    );
  });

  test("the server menu's title comes before the route's own", () => {
    expect(buildCrumbs(matches, {}, new Map([['publishedFiles', 'Documents']])).at(-1)?.title).toBe(
      'Documents',
    );
  });

  test('routes without a crumb are skipped', () => {
    expect(buildCrumbs([match('/x', undefined), match('/y', { title: 'Y' })], {}, new Map())).toEqual([]);
  });
});
