import { describe, expect, it } from 'vitest';
import { menuTree } from './menus.repository.ts';

const row = (id: string, parent_id: string | null, sort_order: number) => ({
  id,
  parent_id,
  key: id,
  name: id.toUpperCase(),
  sort_order,
  no_route: false,
});

describe('menuTree', () => {
  it('nests entries under their parents and keeps the order it is given', () => {
    const tree = menuTree([row('a', null, 1), row('b', null, 2), row('a2', 'a', 1), row('a1', 'a', 2)]);
    expect(tree.map((e) => e.key)).toEqual(['a', 'b']);
    expect(tree[0]!.subMenus.map((e) => e.key)).toEqual(['a2', 'a1']);
    expect(tree[1]!.subMenus).toEqual([]);
  });

  it('leaves out entries whose parent is not in the menu, and cycles, instead of looping', () => {
    const tree = menuTree([
      row('a', null, 1),
      row('orphan', 'elsewhere', 1),
      row('x', 'y', 1),
      row('y', 'x', 1),
    ]);
    expect(tree).toEqual([{ key: 'a', name: 'A', order: 1, noRoute: false, subMenus: [] }]);
  });
});
