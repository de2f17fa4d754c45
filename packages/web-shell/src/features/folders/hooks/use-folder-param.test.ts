import { describe, expect, it } from 'vitest';
import { folderSearch } from './use-folder-param.ts';

describe('folderSearch', () => {
  it("opens a folder at its first page, without the last folder's search or dates, keeping sort, size and filters", () => {
    const current = new URLSearchParams(
      'folderId=a&page=3&q=tax&from=2026-01-01&sort=title.asc&size=50&siteId=s',
    );
    expect(folderSearch(current, 'b')).toBe('?sort=title.asc&size=50&siteId=s&folderId=b');
    expect(folderSearch(current, null)).toBe('?sort=title.asc&size=50&siteId=s');
    expect(folderSearch(new URLSearchParams('folderId=a'), null)).toBe('?');
  });
});
