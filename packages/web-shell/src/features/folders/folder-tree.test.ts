import { describe, expect, it } from 'vitest';
import { folderOptions, folderPath, folderTree, moveTargets } from './folder-tree.ts';

const folders = [
  { id: 'q1', name: 'Q1', parentId: 'y25' },
  { id: 'y25', name: '2025', parentId: null },
  { id: 'y24', name: '2024', parentId: null },
  { id: 'deep', name: 'Drafts', parentId: 'q1' },
];

describe('folder tree', () => {
  it('answers the path from the root, and nothing for a folder not in the tree', () => {
    const tree = folderTree(folders);
    expect(folderPath(tree, 'deep').map((f) => f.name)).toEqual(['2025', 'Q1', 'Drafts']);
    expect(folderPath(tree, 'gone')).toEqual([]);
    expect(tree.children.get(null)?.map((f) => f.name)).toEqual(['2024', '2025']);
  });

  it('lists options in tree order and never offers a folder itself or below it as a move target', () => {
    expect(folderOptions(folders).map((o) => o.path)).toEqual([
      '2024',
      '2025',
      '2025 / Q1',
      '2025 / Q1 / Drafts',
    ]);
    expect(moveTargets(folders, 'y25').map((o) => o.path)).toEqual(['2024']);
  });
});
