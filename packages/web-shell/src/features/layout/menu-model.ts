import type { MenuEntry } from '@portico/contracts';
import type { MenuBadge, ShellPage } from '../../shell/app-descriptor.ts';

/** Shown instead of the title when a no-route item is hovered in the collapsed side menu (SPEC §2). */
export const COMING_SOON = 'This module is coming soon.';

/** A side-menu item: the server's key, title, order and submenus matched against the app's pages. */
export interface NavItem {
  key: string;
  label: string;
  /** Router path of the page; absent for no-route items and pure groups. */
  path?: string;
  noRoute: boolean;
  badge?: MenuBadge;
  page?: ShellPage;
  children: NavItem[];
}

/**
 * Only entries whose key matches one of the app's pages are shown (SPEC §6), plus entries the server flags
 * no-route ("coming soon") and groups that still hold a visible child.
 */
export function buildNavItems(entries: readonly MenuEntry[], pages: readonly ShellPage[]): NavItem[] {
  const byKey = new Map(pages.map((p) => [p.menuKey, p]));
  const build = (list: readonly MenuEntry[]): NavItem[] =>
    [...list]
      .sort((a, b) => a.order - b.order)
      .flatMap((entry) => {
        const page = byKey.get(entry.key);
        const children = build(entry.subMenus ?? []);
        if (!page && !entry.noRoute && children.length === 0) return [];
        const item: NavItem = {
          key: entry.key,
          label: entry.name || page?.title || entry.key,
          noRoute: entry.noRoute,
          children,
        };
        if (page && !entry.noRoute) item.path = `/${page.path}`;
        if (page) item.page = page;
        if (page?.badge) item.badge = page.badge;
        return [item];
      });
  return build(entries);
}

/** The pages the server menu lets this user open, in menu order. */
export function visiblePages(entries: readonly MenuEntry[], pages: readonly ShellPage[]): ShellPage[] {
  const result: ShellPage[] = [];
  const walk = (items: NavItem[]) => {
    for (const item of items) {
      if (item.page && item.path) result.push(item.page);
      walk(item.children);
    }
  };
  walk(buildNavItems(entries, pages));
  return result;
}

/** The menu key whose item is selected for a location: the page whose path the location starts with. */
export function selectedKeyFor(pathname: string, pages: readonly ShellPage[]): string | undefined {
  const page = pages.find((p) => pathname === `/${p.path}` || pathname.startsWith(`/${p.path}/`));
  return page?.menuKey;
}
