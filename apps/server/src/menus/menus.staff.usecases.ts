import {
  type Menu,
  type MenuAudience,
  type MenuEntry,
  type ReplaceMenuBody,
  STAFF_AUDIT_ACTIONS,
} from '@portico/contracts';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/caller.ts';
import type { Database, Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { menuTree } from './menus.repository.ts';
import { listMenuItems, lockTenantMenus, replaceMenuItems } from './menus.staff.repository.ts';

async function readMenu(tx: Queryable, caller: Caller, audience: MenuAudience): Promise<Menu> {
  const rows = await listMenuItems(tx, caller, audience);
  return { tenantCode: caller.tenantCode, audience, items: menuTree(rows) };
}

export const getMenu = (db: Database, caller: Caller, audience: MenuAudience) =>
  db.withTenant(caller.tenantCode, (tx) => readMenu(tx, caller, audience));

/** Keys are matched by the front ends' routes, so one key names one entry in the whole menu, children included. */
function assertUniqueKeys(body: ReplaceMenuBody) {
  const seen = new Set<string>();
  for (const key of body.items.flatMap((item) => [item.key, ...(item.subMenus ?? []).map((s) => s.key)])) {
    if (seen.has(key)) {
      throw new AppError(
        'menu.duplicate_key',
        `The key "${key}" is used more than once; each entry needs its own.`,
      );
    }
    seen.add(key);
  }
}

const outline = (items: readonly MenuEntry[]) =>
  items.map((i) => ({ key: i.key, name: i.name, order: i.order, subMenus: i.subMenus.map((s) => s.key) }));

/** Replaces an audience's menu; its front end shows the new one when it next loads the menu. */
export async function replaceMenu(
  db: Database,
  caller: Caller,
  audience: MenuAudience,
  body: ReplaceMenuBody,
): Promise<Menu> {
  assertUniqueKeys(body);
  return db.withTenant(caller.tenantCode, async (tx) => {
    await lockTenantMenus(tx, caller);
    const before = await readMenu(tx, caller, audience);
    await replaceMenuItems(tx, caller, audience, body.items);
    const after = await readMenu(tx, caller, audience);
    if (JSON.stringify(after.items) !== JSON.stringify(before.items)) {
      await recordAuditEvents(tx, [
        {
          tenantCode: caller.tenantCode,
          siteId: null,
          userId: caller.user.id,
          action: STAFF_AUDIT_ACTIONS.menuReplace,
          detail: { audience, before: outline(before.items), after: outline(after.items) },
        },
      ]);
    }
    return after;
  });
}
