import type { UIMatch } from 'react-router';
import { isShellRouteHandle } from '../../shell/route-handle.ts';

export interface Crumb {
  key: string;
  title: string;
  /** Where the crumb links; the last one (the current page) has none. */
  path?: string;
}

/**
 * The titles of the matching routes (SPEC §2): a dynamic value for the crumb's key first (e.g. the selected
 * site's name), then the server menu's title for that key, then the route's own title.
 */
export function buildCrumbs(
  matches: readonly Pick<UIMatch, 'id' | 'pathname' | 'handle'>[],
  dynamicValues: Readonly<Record<string, string>>,
  menuTitles: ReadonlyMap<string, string>,
): Crumb[] {
  const crumbs: Crumb[] = [];
  for (const match of matches) {
    if (!isShellRouteHandle(match.handle) || !match.handle.crumb) continue;
    const { key, title } = match.handle.crumb;
    const text = dynamicValues[key] || menuTitles.get(key) || title;
    if (text) crumbs.push({ key, title: text, path: match.pathname });
  }
  const last = crumbs.at(-1);
  if (last) delete last.path;
  return crumbs;
}
