import {
  MAX_MENU_ITEMS,
  MENU_KEY_PATTERN,
  type MenuAudience,
  type MenuEntry,
  PORTAL_MENU_KEYS,
  type ReplaceMenuBody,
} from '@portico/contracts';
import { STAFF_MENU_KEYS } from '../../lib/menu-keys.ts';

/** One row of the editor; submenus are one level deep, as the API takes them. */
export interface MenuRow {
  key: string;
  name: string;
  order: number;
  noRoute: boolean;
  subMenus?: Omit<MenuRow, 'subMenus'>[];
}

/** The keys each front end has pages for: an entry with another key shows nothing there. */
export const KNOWN_KEYS: Record<MenuAudience, readonly string[]> = {
  client: Object.values(PORTAL_MENU_KEYS),
  staff: Object.values(STAFF_MENU_KEYS),
};

export const rowsOf = (items: readonly MenuEntry[]): MenuRow[] =>
  inMenuOrder(items).map((item) => ({
    key: item.key,
    name: item.name,
    order: item.order,
    noRoute: item.noRoute,
    subMenus: inMenuOrder(item.subMenus ?? []).map((sub) => ({
      key: sub.key,
      name: sub.name,
      order: sub.order,
      noRoute: sub.noRoute,
    })),
  }));

/** The menu as the API takes it; the order is where each entry stands in the editor (10, 20, 30…). */
export function bodyOf(rows: readonly MenuRow[]): ReplaceMenuBody {
  const row = (r: Omit<MenuRow, 'subMenus'>, index: number) => ({
    key: r.key.trim(),
    name: r.name.trim(),
    order: (index + 1) * 10,
    noRoute: !!r.noRoute,
  });
  return {
    items: rows.map((r, index) => ({
      ...row(r, index),
      ...(r.subMenus && r.subMenus.length > 0 ? { subMenus: r.subMenus.map(row) } : {}),
    })),
  };
}

/** The rows in the order the menu shows them (the API's order numbers), so the editor lists them that way. */
export const inMenuOrder = <R extends { order: number }>(rows: readonly R[]): R[] =>
  [...rows].sort((a, b) => a.order - b.order);

const KEY = new RegExp(MENU_KEY_PATTERN);

/** What the server would refuse in the whole menu (keys unique across it, the limits), as messages. */
export function menuProblems(rows: readonly MenuRow[]): string[] {
  const problems: string[] = [];
  if (rows.length === 0) problems.push('A menu needs one entry at least.');
  if (rows.length > MAX_MENU_ITEMS) problems.push(`At most ${MAX_MENU_ITEMS} entries.`);
  const seen = new Set<string>();
  for (const r of rows.flatMap((item) => [item, ...(item.subMenus ?? [])])) {
    const key = r.key?.trim() ?? '';
    if (key && seen.has(key))
      problems.push(`The key "${key}" is used more than once; each entry needs its own.`);
    seen.add(key);
  }
  return [...new Set(problems)];
}

export const keyProblem = (key: string | undefined): string | undefined =>
  KEY.test((key ?? '').trim())
    ? undefined
    : 'A letter, then letters, digits, _, - or . (at most 64 characters).';
