import type { MenuEntry } from '@portico/contracts';
import { describe, expect, test } from 'vitest';
import { testDescriptor } from '../../testing/fixtures.ts';
import { buildNavItems, COMING_SOON, selectedKeyFor, visiblePages } from './menu-model.ts';

const entry = (key: string, name: string, order: number, extra: Partial<MenuEntry> = {}): MenuEntry => ({
  key,
  name,
  order,
  noRoute: false,
  subMenus: [],
  ...extra,
});

const pages = testDescriptor.pages;

describe('the side menu model', () => {
  test("shows the app's pages the server returned, with the server's titles and order", () => {
    const items = buildNavItems(
      [entry('publishedFiles', 'Documents from us', 2), entry('submittedFiles', 'Your uploads', 1)],
      pages,
    );
    expect(items.map((i) => [i.key, i.label, i.path])).toEqual([
      ['submittedFiles', 'Your uploads', '/submittedFiles'],
      ['publishedFiles', 'Documents from us', '/publishedFiles'],
    ]);
    expect(items[1]?.badge).toBe('publishedFileCount');
  });

  test('a key the server did not return hides its item', () => {
    const items = buildNavItems([entry('submittedFiles', 'Submitted Files', 1)], pages);
    expect(items.map((i) => i.key)).toEqual(['submittedFiles']);
    expect(visiblePages([entry('submittedFiles', 'Submitted Files', 1)], pages).map((p) => p.path)).toEqual([
      'submittedFiles',
    ]);
  });

  test('keys the app does not know are left out unless flagged no-route', () => {
    const items = buildNavItems(
      [entry('auditLog', 'Audit log', 1), entry('reports', 'Reports', 2, { noRoute: true })],
      pages,
    );
    expect(items).toEqual([{ key: 'reports', label: 'Reports', noRoute: true, children: [] }]);
    expect(COMING_SOON).toBe('This module is coming soon.');
  });

  test('submenus nest, ordered, and a group stays while it holds a visible child', () => {
    const items = buildNavItems(
      [
        entry('files', 'Files', 1, {
          subMenus: [
            entry('publishedFiles', 'Published', 2),
            entry('submittedFiles', 'Submitted', 1),
            entry('x', 'X', 3),
          ],
        }),
      ],
      pages,
    );
    expect(items).toHaveLength(1);
    expect(items[0]?.path).toBeUndefined();
    expect(items[0]?.children.map((c) => c.key)).toEqual(['submittedFiles', 'publishedFiles']);
  });

  test('a page flagged no-route has no link', () => {
    const [item] = buildNavItems([entry('publishedFiles', 'Published Files', 1, { noRoute: true })], pages);
    expect(item?.path).toBeUndefined();
    expect(visiblePages([entry('publishedFiles', 'Published Files', 1, { noRoute: true })], pages)).toEqual(
      [],
    );
  });

  test('the selected item follows the location', () => {
    expect(selectedKeyFor('/publishedFiles', pages)).toBe('publishedFiles');
    expect(selectedKeyFor('/publishedFiles/abc', pages)).toBe('publishedFiles');
    expect(selectedKeyFor('/publishedFilesX', pages)).toBeUndefined();
  });
});
