import type { MenuAudience, MenuEntry } from '@portico/contracts';
import type { Caller } from '../auth/caller.ts';
import type { Database } from '../db/database.ts';

interface MenuRow {
  id: string;
  parent_id: string | null;
  key: string;
  name: string;
  sort_order: number;
  no_route: boolean;
}

/** The tenant's configured menu for one audience, as a tree ordered by `order` at every level. */
export async function listMenu(db: Database, caller: Caller, audience: MenuAudience): Promise<MenuEntry[]> {
  const rows = await db.readTenant(caller.tenantCode, async (tx) => {
    const result = await tx.query<MenuRow>(
      `SELECT id, parent_id, key, name, sort_order, no_route FROM menu_items
       WHERE tenant_code = $1 AND audience = $2
       ORDER BY sort_order, key`,
      [caller.tenantCode, audience],
    );
    return result.rows;
  });
  return menuTree(rows);
}

/**
 * Builds the tree top-down from the roots, so an entry whose parent belongs to another audience, or a cycle
 * left by a bad edit, is left out instead of looping or surfacing in the wrong place.
 */
export function menuTree(rows: MenuRow[]): MenuEntry[] {
  const children = new Map<string | null, MenuRow[]>();
  for (const row of rows) {
    const siblings = children.get(row.parent_id) ?? [];
    siblings.push(row);
    children.set(row.parent_id, siblings);
  }
  const build = (parentId: string | null): MenuEntry[] =>
    (children.get(parentId) ?? []).map((row) => ({
      key: row.key,
      name: row.name,
      order: row.sort_order,
      noRoute: row.no_route,
      subMenus: build(row.id),
    }));
  return build(null);
}
