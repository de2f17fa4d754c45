import type { MenuAudience, MenuItemInput } from '@portico/contracts';
import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';
import type { menuTree } from './menus.repository.ts';

/**
 * Replaces an audience's whole menu: the old entries go (children with their parents), the new ones are
 * inserted parents first. The caller validated the tree (unique keys, one level of children).
 */
export async function replaceMenuItems(
  tx: Queryable,
  caller: Caller,
  audience: MenuAudience,
  items: readonly MenuItemInput[],
) {
  await tx.query('DELETE FROM menu_items WHERE tenant_code = $1 AND audience = $2', [
    caller.tenantCode,
    audience,
  ]);
  const row = (item: Omit<MenuItemInput, 'subMenus'>) => ({
    key: item.key,
    name: item.name.trim(),
    sort_order: item.order,
    no_route: item.noRoute ?? false,
  });
  const { rows: parents } = await tx.query<{ id: string; key: string }>(
    `INSERT INTO menu_items (tenant_code, audience, key, name, sort_order, no_route)
     SELECT $1, $2, key, name, sort_order, no_route
     FROM jsonb_to_recordset($3::jsonb) AS i(key text, name text, sort_order integer, no_route boolean)
     RETURNING id, key`,
    [caller.tenantCode, audience, JSON.stringify(items.map(row))],
  );
  const parentIds = new Map(parents.map((p) => [p.key, p.id]));
  const children = items.flatMap((item) =>
    (item.subMenus ?? []).map((sub) => ({ ...row(sub), parent_id: parentIds.get(item.key)! })),
  );
  if (!children.length) return;
  await tx.query(
    `INSERT INTO menu_items (tenant_code, audience, key, name, sort_order, no_route, parent_id)
     SELECT $1, $2, key, name, sort_order, no_route, parent_id
     FROM jsonb_to_recordset($3::jsonb) AS i(key text, name text, sort_order integer, no_route boolean, parent_id uuid)`,
    [caller.tenantCode, audience, JSON.stringify(children)],
  );
}

/** Holds the tenant's row until the transaction ends, so two replacements of a menu take turns. */
export async function lockTenantMenus(tx: Queryable, caller: Caller) {
  await tx.query('SELECT 1 FROM tenants WHERE code = $1 FOR UPDATE', [caller.tenantCode]);
}

/** The rows of one audience's menu as the staff's editor reads them, in their order. */
export async function listMenuItems(tx: Queryable, caller: Caller, audience: MenuAudience) {
  const { rows } = await tx.query<Parameters<typeof menuTree>[0][number]>(
    `SELECT id, parent_id, key, name, sort_order, no_route FROM menu_items
     WHERE tenant_code = $1 AND audience = $2 ORDER BY sort_order, key`,
    [caller.tenantCode, audience],
  );
  return rows;
}
