import { LIMITS } from '@portico/contracts';
import { selectedKeyFor } from '../features/layout/menu-model.ts';
import type { ShellPage } from '../shell/app-descriptor.ts';
import { prefetchAntdTheme } from '../ui/antd-scope.tsx';
import { type Preloadable, preloadable } from './preloadable.tsx';

const modules = new WeakMap<ShellPage, Preloadable>();

/** A page's component, drawn at once when its module was asked for early (see `prefetchPage`). */
export function pageModule(page: ShellPage): Preloadable {
  let module = modules.get(page);
  if (!module) {
    module = preloadable(page.load, LIMITS.chunkLoadTimeoutMs);
    modules.set(page, module);
  }
  return module;
}

/**
 * Starts loading a page's code, and antd's theme when the page is drawn with antd, before it is opened: the page
 * a sign-in returns to (while the code is exchanged), the page the app starts on, a menu entry under the pointer
 * or the focus. A failure is left to the real load, which reports it.
 */
export function prefetchPage(page: ShellPage): void {
  pageModule(page)
    .preload()
    .catch(() => undefined);
  if (page.antd !== false) prefetchAntdTheme();
}

/** `prefetchPage` for the page at a router path (without the base path), if it is one of the app's pages. */
export function prefetchPageAt(pathname: string, pages: readonly ShellPage[]): void {
  const key = selectedKeyFor(pathname.split(/[?#]/)[0] ?? '', pages);
  const page = pages.find((p) => p.menuKey === key);
  if (page) prefetchPage(page);
}
