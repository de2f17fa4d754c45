import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo-data.ts';
import { axeViolations, describeViolations } from './support/browser.ts';
import { useBrowser } from './support/browser-session.ts';
import { actionsTabNeverReaches, horizontalOverflow, menuPaths } from './support/page-checks.ts';
import { useServer } from './support/server.ts';

/**
 * What a new user's trial of both front ends found (issue 19), checked on every page the side menu offers, so a
 * page added later is checked too: Tab reaches every action, axe (WCAG 2.2 AA and best practices) finds nothing
 * with the page's dropdowns closed or open, nothing scrolls sideways at 360 px, and Back after signing in never
 * lands on the provider's expired sign-in page.
 */
const server = useServer({ LOGIN_RATE_LIMIT: '100' });
const browser = useBrowser();

const PHONE = { width: 360, height: 740 };

async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  const usernameField = page.getByLabel('Username');
  await usernameField.waitFor({ timeout: 20_000 });
  await usernameField.fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function openSignedIn(path: string, username: string) {
  const tracked = await browser.open();
  await tracked.page.goto(`${server().url}${path}`);
  await signIn(tracked.page, username);
  await tracked.page.getByRole('navigation', { name: 'Main menu' }).waitFor({ timeout: 30_000 });
  return tracked;
}

/** Opens `path` and waits until the page has drawn its content (its heading, and no loading spinner left). */
async function openPage(page: Page, path: string) {
  await page.goto(`${server().url}${path}`);
  await page
    .getByRole('heading', { level: 1 })
    .first()
    .waitFor({ timeout: 30_000 })
    .catch((error: Error) => {
      throw new Error(`${path} showed no heading: ${error.message}`);
    });
  await page
    .locator('.ant-spin-spinning, .ant-skeleton-active, .portico-list__overlay')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined);
  // The controls that arrive after the first screen (a searchable select, a date picker) are asked for at once,
  // as reaching them does, so that what is checked is what people use.
  const standIns = page.locator('[data-stand-in]:visible');
  for (const standIn of await standIns.all()) await standIn.hover().catch(() => undefined);
  await standIns
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined);
}

/**
 * What axe finds on the page as it is, then with each of its dropdowns open (selects and date pickers, at most
 * `most` of them; the first of a kind shows what the others would), then with its first confirmation question
 * open (ConfirmButton), keyed by what was open. Native selects open outside the page and are not in the list.
 */
async function axeFindings(page: Page, most = 3): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  const closed = await axeViolations(page);
  if (closed.length > 0) found.closed = describeViolations(closed);
  const triggers = page.locator('[role=combobox]:visible');
  const count = Math.min(await triggers.count(), most);
  for (let i = 0; i < count; i++) {
    const trigger = triggers.nth(i);
    const name = (await trigger.getAttribute('aria-label')) ?? (await trigger.getAttribute('id')) ?? `#${i}`;
    await trigger.click();
    await page
      .locator('.ant-select-dropdown:visible, .ant-picker-dropdown:visible')
      .first()
      .waitFor({ timeout: 10_000 });
    const open = await axeViolations(page);
    if (open.length > 0) found[`${name} open`] = describeViolations(open);
    await page.keyboard.press('Escape');
    await page
      .locator('.ant-select-dropdown:visible, .ant-picker-dropdown:visible')
      .first()
      .waitFor({ state: 'hidden', timeout: 5_000 })
      .catch(() => undefined);
  }
  const confirm = page.locator('.portico-confirm > button:visible').first();
  if ((await confirm.count()) > 0) {
    const name = (await confirm.getAttribute('aria-label')) ?? 'confirmation';
    await confirm.click();
    await page.locator('.portico-confirm__popup').waitFor({ timeout: 5_000 });
    const open = await axeViolations(page);
    if (open.length > 0) found[`${name} asked`] = describeViolations(open);
    await page.keyboard.press('Escape');
    await page.locator('.portico-confirm__popup').waitFor({ state: 'detached', timeout: 5_000 });
  }
  return found;
}

const FRONT_ENDS = [
  { name: 'portal', start: '/', username: 'bob' },
  { name: 'control panel', start: '/control-panel/', username: 'carol' },
] as const;

describe.each(FRONT_ENDS)('every page of the $name', ({ start, username }) => {
  test('Tab reaches every action, axe finds nothing (dropdowns closed or open), nothing scrolls sideways at 360 px', async () => {
    const { page, errors } = await openSignedIn(start, username);
    const paths = await menuPaths(page);
    expect(paths.length).toBeGreaterThan(1);
    const unreachable: Record<string, string[]> = {};
    const overflowing: Record<string, { overflow: number; culprits: string[] }> = {};
    const accessibility: Record<string, Record<string, string>> = {};
    for (const path of paths) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await openPage(page, path);
      // axe first, on the page as drawn: once Tab has come round, the focused skip link covers the menu button,
      // as it is meant to while it has the focus.
      const findings = await axeFindings(page);
      if (Object.keys(findings).length > 0) accessibility[path] = findings;
      const missed = await actionsTabNeverReaches(page);
      if (missed.length > 0) unreachable[path] = missed;

      // As a phone opens it: at 360 px from the start.
      await page.setViewportSize(PHONE);
      await openPage(page, path);
      const wide = await horizontalOverflow(page);
      if (wide.overflow > 0) overflowing[path] = wide;
    }
    expect({ unreachable, overflowing, accessibility }).toEqual({
      unreachable: {},
      overflowing: {},
      accessibility: {},
    });
    expect(errors).toEqual([]);
  }, 240_000);
});

describe('signing in', () => {
  test('Back after signing in never shows the provider: its page gave its place in the history away', async () => {
    const tracked = await browser.open();
    const { page } = tracked;
    await page.goto(`${server().url}/publishedFiles`);
    // A wrong password first: the page says so in place and keeps the username.
    await signIn(page, 'bob', 'not-the-password');
    await page.getByRole('alert').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('alert').textContent()).toContain('incorrect');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor({ timeout: 30_000 });

    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.goBack();
    await page.waitForTimeout(500);
    expect(visited.filter((path) => path.startsWith('/idp/') || path.startsWith('/oidc/'))).toEqual([]);
    expect(page.url()).toBe('about:blank');
  });

  test('an expired sign-in page offers to sign in again, in the sign-in pages’ look', async () => {
    const { page } = await browser.open();
    const answer = await page.goto(`${server().url}/idp/interaction/no-such-interaction`);
    expect(answer?.status()).toBe(400);
    await page.getByRole('heading', { name: 'This sign-in page has expired' }).waitFor();
    await page.getByRole('link', { name: 'Sign in again' }).click();
    await page.getByLabel('Username').waitFor({ timeout: 20_000 });
  });
});

describe('the control panel speaks the firm’s language', () => {
  test('menu entries are named by page and reordered with the keyboard; the portal follows', async () => {
    const { page, errors } = await openSignedIn('/control-panel/navigation-menu', 'carol');
    const editor = page.getByTestId('menu-editor-client');
    await editor.getByTestId('menu-entry').first().waitFor({ timeout: 20_000 });
    // No raw keys or order numbers: each entry says which page it opens.
    expect(await editor.getByText('publishedFiles', { exact: true }).count()).toBe(0);
    expect(await editor.getByLabel('Order').count()).toBe(0);
    const titles = () => editor.getByTestId('menu-entry').locator('.ant-card-head-title').allTextContents();
    const before = await titles();
    expect(before.length).toBeGreaterThanOrEqual(2);
    const moved = [before[1], before[0], ...before.slice(2)];

    // Keyboard only: the second entry's handle, Space to pick it up, Up, Space to drop it.
    await editor.getByRole('button', { name: `Move ${before[1]}`, exact: true }).focus();
    // (dnd-kit measures the entries once an entry is picked up, so each key waits a moment as a person's would.)
    for (const key of ['Space', 'ArrowUp', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(250);
    }
    await expect.poll(titles).toEqual(moved);
    await editor.getByRole('button', { name: 'Save menu' }).click();
    await page.getByText('Menu saved').waitFor();

    // Bob's portal menu now lists them in that order.
    const portal = await openSignedIn('/', 'bob');
    const links = portal.page.getByRole('navigation', { name: 'Main menu' }).locator('a[href]');
    await expect
      .poll(() => links.allTextContents())
      .toEqual(moved.map((title) => expect.stringContaining(title!)));
    expect(errors).toEqual([]);
  });

  test('file-area settings show people’s words, and every switch is in use (nothing folded away)', async () => {
    const { page, errors } = await openSignedIn('/control-panel/file-area-settings', 'carol');
    const form = page.getByTestId('tenant-settings-form');
    await form.waitFor({ timeout: 20_000 });
    expect(await form.getByText('internalFilesDownload', { exact: true }).count()).toBe(0);
    // Issue 27: all 26 switches gate a feature, so there is no "Not in use yet" group.
    expect(await form.getByTestId('settings-not-in-use').count()).toBe(0);
    expect(await form.getByRole('switch').count()).toBe(26);
    for (const s of await form.getByRole('switch').all()) expect(await s.isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });
});
