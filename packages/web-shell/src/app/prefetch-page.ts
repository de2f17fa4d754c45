import type { ShellPage } from '../shell/app-descriptor.ts';
import { prefetchAntdTheme } from '../ui/antd-scope.tsx';

const asked = new WeakSet<ShellPage>();

/**
 * Starts loading a page's code, and antd's theme when the page is drawn with antd, before it is opened (the side
 * menu calls it when the pointer or the focus reaches the page's entry). Once per page; a failure is left to the
 * real load, which reports it.
 */
export function prefetchPage(page: ShellPage): void {
  if (asked.has(page)) return;
  asked.add(page);
  page.load().catch(() => undefined);
  if (page.antd !== false) prefetchAntdTheme();
}
