import type { Page } from 'playwright-core';

/**
 * Checks of a whole page that every page of both front ends must pass (issue 19): Tab reaches every action, and
 * nothing scrolls sideways on a 360 px phone. They run in the page; this project's TypeScript has no DOM library,
 * so the page's own types are declared where they are used.
 */

interface PageElement {
  tagName: string;
  id: string;
  textContent: string | null;
  disabled?: boolean;
  closest(selector: string): PageElement | null;
  parentElement: PageElement | null;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  getClientRects(): { length: number };
  getBoundingClientRect(): { left: number; right: number; width: number };
}
interface PageDocument {
  activeElement: PageElement | null;
  documentElement: { scrollWidth: number; clientWidth: number };
  body: PageElement;
  querySelectorAll(selector: string): Iterable<PageElement>;
}
type PageGlobals = {
  document: PageDocument;
  getComputedStyle(element: PageElement): { visibility: string; display: string; overflowX: string };
  innerWidth: number;
};

/** What a keyboard user must be able to reach: links, buttons, form fields and anything made focusable. */
const ACTIONS = [
  'a[href]',
  'button',
  'input:not([type=hidden])',
  'select',
  'textarea',
  '[tabindex]:not([tabindex="-1"])',
  '[role=button]',
  '[role=checkbox]',
  '[role=switch]',
  '[role=tab][aria-selected=true]',
].join(',');

/** Widgets that take one Tab stop and move between their items with the arrow keys (WAI-ARIA practices). */
const COMPOSITE = '[role=menu], [role=menubar], [role=tablist], [role=radiogroup], [role=tree], [role=grid]';

/**
 * Presses Tab from the top of the page until focus comes round again (at most `maxTabs` times) and answers the
 * actions that were never focused: enabled, visible, not hidden from assistive technology, and not in a closed
 * dropdown or a collapsed menu. An empty answer means Tab reaches every action on the page.
 */
export async function actionsTabNeverReaches(page: Page, maxTabs = 250): Promise<string[]> {
  await page.evaluate(
    ({ selector, COMPOSITE }) => {
      const { document, getComputedStyle } = globalThis as unknown as PageGlobals;
      let n = 0;
      for (const element of document.querySelectorAll(selector)) {
        const style = getComputedStyle(element);
        const hidden =
          element.getClientRects().length === 0 ||
          style.visibility === 'hidden' ||
          element.disabled === true ||
          element.getAttribute('aria-disabled') === 'true' ||
          element.closest('[aria-hidden=true], [inert], .ant-select-dropdown, .ant-picker-dropdown') !==
            null ||
          // Inside a closed disclosure (<details>), only its summary is there to reach.
          (element.closest('details:not([open])') !== null && element.closest('summary') === null) ||
          // A composite widget (a menu, tabs, a radio group) is one Tab stop; arrows move inside it.
          element.parentElement?.closest(COMPOSITE) != null ||
          // A number field's step arrows are for the mouse; the keyboard steps with the arrow keys in the field.
          element.closest('.ant-input-number-action, .ant-input-number-handler-wrap') !== null ||
          // An antd radio or checkbox input sits under its visible label; the wrapper is not a second stop.
          (element.tagName === 'SPAN' && element.closest('label') !== null);
        if (!hidden) element.setAttribute('data-e2e-action', String(n++));
      }
    },
    { selector: ACTIONS, COMPOSITE },
  );
  const reached = new Set<string>();
  await page.locator('body').focus();
  await page.evaluate(() => {
    // Start from the top: focus nothing, so the first Tab goes to the first focusable element.
    const { document } = globalThis as unknown as PageGlobals;
    (document.activeElement as unknown as { blur?: () => void } | null)?.blur?.();
  });
  let first: string | undefined;
  for (let i = 0; i < maxTabs; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const { document } = globalThis as unknown as PageGlobals;
      const active = document.activeElement;
      if (!active || active === document.body) return { mark: null, key: 'body' };
      const marked = active.closest('[data-e2e-action]');
      const key = `${active.tagName}#${active.id}|${active.getAttribute('aria-label') ?? ''}|${(active.textContent ?? '').slice(0, 40)}`;
      return { mark: marked?.getAttribute('data-e2e-action') ?? null, key };
    });
    if (focused.mark !== null) reached.add(focused.mark);
    if (i > 0 && focused.key === first) break;
    first ??= focused.key;
  }
  return page.evaluate(
    ({ reachedMarks }) => {
      const { document } = globalThis as unknown as PageGlobals;
      const missed: string[] = [];
      for (const element of document.querySelectorAll('[data-e2e-action]')) {
        const mark = element.getAttribute('data-e2e-action') ?? '';
        // An element containing a reached one (a wrapper made focusable by a library) counts as reached.
        const inner = [...(element as unknown as PageDocument).querySelectorAll('[data-e2e-action]')].some(
          (e) => reachedMarks.includes(e.getAttribute('data-e2e-action') ?? ''),
        );
        if (!reachedMarks.includes(mark) && !inner) {
          const label =
            element.getAttribute('aria-label') ?? element.getAttribute('title') ?? element.textContent ?? '';
          missed.push(`${element.tagName.toLowerCase()} "${label.trim().slice(0, 60)}"`);
        }
        element.setAttribute('data-e2e-action', '');
      }
      return missed;
    },
    { reachedMarks: [...reached] },
  );
}

/**
 * How many CSS pixels the page is wider than its viewport (0 when nothing scrolls sideways), and the widest
 * elements that stick out, to say what to fix. A table that scrolls inside its own box does not count.
 */
export async function horizontalOverflow(page: Page): Promise<{ overflow: number; culprits: string[] }> {
  return page.evaluate(() => {
    const { document, innerWidth, getComputedStyle } = globalThis as unknown as PageGlobals;
    const overflow = Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth);
    const culprits: string[] = [];
    if (overflow > 0) {
      for (const element of document.querySelectorAll('body *')) {
        const box = element.getBoundingClientRect();
        if (box.right <= innerWidth + 1 || box.width === 0) continue;
        if (element.closest('.ant-table-content, .ant-table-body, [data-scrolls-sideways]')) continue;
        if (getComputedStyle(element).display === 'none') continue;
        const cls = element.getAttribute('class')?.split(' ')[0] ?? '';
        culprits.push(`${element.tagName.toLowerCase()}.${cls} right=${Math.round(box.right)}`);
        if (culprits.length >= 8) break;
      }
    }
    return { overflow, culprits };
  });
}

/** The addresses of the side menu's pages, in menu order (a group's children included). */
export async function menuPaths(page: Page): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  // The menu comes from the server: wait for its items, not only for the (empty) navigation.
  await menu.locator('a[href]').first().waitFor({ timeout: 20_000 });
  const hrefs = await menu
    .locator('a[href]')
    .evaluateAll((links) => links.map((link) => (link as unknown as PageElement).getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter((href) => href.startsWith('/')))];
}
