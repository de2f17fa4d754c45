import { APP_VERSION } from '@portico/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo-data.ts';
import { expectNoSeriousA11yViolations, takeScreenshots, VIEWPORTS } from './support/browser.ts';
import { useBrowser } from './support/browser-session.ts';
import { useServer } from './support/server.ts';

/**
 * The client portal's shell in real Chromium against the real server: sign-in through the embedded provider's
 * login page, tenant selection, discovery, branding, the master layout, logout and the error pages (issue 3).
 */
// The e2e project compiles without the DOM library; these run inside the page.
declare const getComputedStyle: (element: unknown) => {
  backgroundColor: string;
  borderBottomWidth: string;
  borderBottomColor: string;
  color: string;
};

const server = useServer();
const browser = useBrowser();

const ACME = { name: 'Acme Accounting', header: 'rgb(31, 78, 121)', border: 'rgb(242, 169, 0)' };
const GLOBEX = { name: 'Globex Legal', header: 'rgb(91, 42, 134)', border: 'rgb(46, 196, 182)' };

async function signInAs(page: Page, username: string) {
  const usernameField = page.getByLabel('Username');
  await usernameField.waitFor({ timeout: 20_000 });
  await usernameField.fill(username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens `path` of the portal and signs in on the provider's page it redirects to. */
async function openSignedIn(path: string, username: string) {
  const tracked = await browser.open();
  await tracked.page.goto(`${server().url}${path}`);
  await signInAs(tracked.page, username);
  return tracked;
}

const pathOf = (page: Page) => new URL(page.url()).pathname;
const firmName = (page: Page) => page.getByTestId('firm-name');
const headerStyle = (page: Page) =>
  page.getByTestId('app-header').evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      background: style.backgroundColor,
      borderWidth: style.borderBottomWidth,
      borderColor: style.borderBottomColor,
    };
  });

async function waitForWorkspace(page: Page, firm: string) {
  await expect.poll(() => firmName(page).textContent(), { timeout: 20_000 }).toBe(firm);
  await page.getByTestId('selected-site-name').waitFor({ timeout: 20_000 });
}

describe('signing in to the portal', () => {
  test('bob lands on /submittedFiles with acme chosen automatically, inside the master layout', async () => {
    const { page, errors } = await openSignedIn('/', 'bob');
    await waitForWorkspace(page, ACME.name);
    expect(pathOf(page)).toBe('/submittedFiles');

    expect(await page.getByRole('heading', { level: 1, name: 'Submitted Files' }).isVisible()).toBe(true);
    expect(await page.getByTestId('selected-site-name').textContent()).toBe("Bob's Bakery Ltd");
    // One tenant: no dropdown.
    expect(await page.getByTestId('tenant-switcher').count()).toBe(0);
    expect(await page.getByTestId('user-name').textContent()).toBe('Bob Baker');
    expect(await page.getByRole('button', { name: 'Log out' }).isVisible()).toBe(true);
    expect(await page.getByText(`Version ${APP_VERSION}`).isVisible()).toBe(true);

    const header = await headerStyle(page);
    expect(header).toEqual({ background: ACME.header, borderWidth: '5px', borderColor: ACME.border });
    expect(await page.getByTestId('firm-logo').getAttribute('src')).toMatch(/^data:image\//);
    expect(await page.locator('link[rel~="icon"]').getAttribute('href')).toMatch(/^data:image\/png;base64,/);

    // Side menu: 300 wide, the server's items, the Published Files badge.
    expect((await page.getByTestId('side-menu').boundingBox())?.width).toBe(300);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    expect(await menu.locator('a .portico-menu__label').allTextContents()).toEqual([
      'Submitted Files',
      'Published Files',
      'Requested Documents',
      'Notifications',
      'Assigned to me',
    ]);
    await expect
      .poll(() => menu.locator('.portico-badge [aria-hidden]').first().textContent(), { timeout: 15_000 })
      .toBe('3');

    // Breadcrumb: the home icon in #2F7F90, the selected site, the page.
    const home = page.getByTestId('breadcrumb-home');
    expect(await home.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(47, 127, 144)');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.textContent()).toContain("Bob's Bakery Ltd");
    expect(await page.getByTestId('breadcrumb-current').textContent()).toBe('Submitted Files');

    await expectNoSeriousA11yViolations(page);
    await takeScreenshots(page, 'portal-submitted-files');
    expect(errors).toEqual([]);
  });

  test('a deep link is restored after sign-in', async () => {
    const { page, errors } = await openSignedIn('/publishedFiles', 'bob');
    await waitForWorkspace(page, ACME.name);
    expect(pathOf(page)).toBe('/publishedFiles');
    expect(await page.getByRole('heading', { level: 1, name: 'Published Files' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('record-count').textContent()).toContain('3');

    await expectNoSeriousA11yViolations(page);
    await takeScreenshots(page, 'portal-published-files');
    expect(errors).toEqual([]);
  });

  test('alice chooses her tenant, sees its branding, and switches in the header', async () => {
    const { page, errors } = await openSignedIn('/', 'alice');

    const heading = page.getByRole('heading', { name: 'Select the tenant' });
    await heading.waitFor({ timeout: 20_000 });
    const done = page.getByRole('button', { name: 'Done' });
    expect(await done.isDisabled()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Tenant' }).inputValue()).toBe('');
    await expectNoSeriousA11yViolations(page);
    await takeScreenshots(page, 'portal-tenant-selection');

    await page.getByRole('combobox', { name: 'Tenant' }).selectOption({ label: GLOBEX.name });
    expect(await done.isEnabled()).toBe(true);
    await done.click();

    await waitForWorkspace(page, GLOBEX.name);
    expect(pathOf(page)).toBe('/submittedFiles');
    expect(await headerStyle(page)).toEqual({
      background: GLOBEX.header,
      borderWidth: '5px',
      borderColor: GLOBEX.border,
    });
    const globexLogo = await page.getByTestId('firm-logo').getAttribute('src');
    expect(globexLogo).toMatch(/^data:image\//);
    expect(await page.getByTestId('selected-site-name').textContent()).toBe('Alice Smith — Estate Planning');
    await expectNoSeriousA11yViolations(page);
    await takeScreenshots(page, 'portal-globex');

    await page.getByTestId('tenant-switcher').selectOption({ label: ACME.name });
    await waitForWorkspace(page, ACME.name);
    await expect
      .poll(() => page.getByTestId('selected-site-name').textContent())
      .toBe('Alice Smith — Personal Tax');
    expect(await headerStyle(page)).toEqual({
      background: ACME.header,
      borderWidth: '5px',
      borderColor: ACME.border,
    });
    expect(await page.getByTestId('firm-logo').getAttribute('src')).not.toBe(globexLogo);
    expect(await page.evaluate(() => localStorage.getItem('portico.portal.tenant'))).toBe('acme');
    expect(errors).toEqual([]);
  });

  test('a provider error on the callback shows the banner, counts down and logs out', async () => {
    const tracked = await browser.open();
    const { page } = tracked;
    let state: string | null = null;
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/oidc/auth') state = url.searchParams.get('state');
    });
    await page.goto(`${server().url}/publishedFiles`);
    await page.getByLabel('Username').waitFor({ timeout: 20_000 });
    expect(state).toBeTruthy();

    // What the provider sends back when it refuses the request.
    const query = new URLSearchParams({
      error: 'access_denied',
      error_description: 'The sign-in was refused',
      state: state ?? '',
    });
    await page.goto(`${server().url}/login/callback?${query}`);
    const banner = page.getByText('Error : The sign-in was refused');
    await banner.waitFor({ timeout: 15_000 });
    expect(await page.getByText(/contact the system administrator/).isVisible()).toBe(true);
    const countdown = page.getByTestId('logout-countdown');
    const first = Number(await countdown.textContent());
    expect(first).toBeGreaterThanOrEqual(8);
    await expect.poll(async () => Number(await countdown.textContent())).toBeLessThan(first);
    await expectNoSeriousA11yViolations(page);
    await takeScreenshots(page, 'portal-callback-error');

    await page.getByText('You have been logged out !').waitFor({ timeout: 15_000 });
    expect(pathOf(page)).toBe('/logout');
  });
});

describe('leaving and getting lost', () => {
  test('logout shows the logged-out page and Login signs in again', async () => {
    const { page, errors } = await openSignedIn('/', 'bob');
    await waitForWorkspace(page, ACME.name);

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByText('You have been logged out !').waitFor({ timeout: 20_000 });
    expect(pathOf(page)).toBe('/logout');
    const stored = await page.evaluate(() => Object.keys(localStorage));
    expect(stored.filter((key) => /tenant|auth|menuTree|siteSelection/.test(key))).toEqual([]);
    await expectNoSeriousA11yViolations(page);
    await takeScreenshots(page, 'portal-logged-out');

    await page.getByRole('button', { name: 'Login' }).click();
    await signInAs(page, 'bob');
    await waitForWorkspace(page, ACME.name);
    expect(pathOf(page)).toBe('/submittedFiles');
    expect(errors).toEqual([]);
  });

  test('an unknown path shows the not-found page with its two links', async () => {
    const { page, errors } = await browser.open();
    await page.goto(`${server().url}/no/such/page`);
    await page.getByText('This link has no power here').waitFor({ timeout: 20_000 });
    expect(pathOf(page)).toBe('/page-not-found');
    expect(await page.getByRole('link', { name: 'Previous page' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/');
    await expectNoSeriousA11yViolations(page);
    await takeScreenshots(page, 'portal-not-found');
    expect(errors).toEqual([]);
  });
});

describe('the side menu', () => {
  test('the collapse choice survives a reload; narrow screens collapse it', async () => {
    const { page } = await openSignedIn('/', 'bob');
    await waitForWorkspace(page, ACME.name);

    await page.getByRole('button', { name: 'Collapse side menu' }).click();
    await expect.poll(() => page.getByTestId('side-menu').getAttribute('data-collapsed')).toBe('true');
    await page.reload();
    await waitForWorkspace(page, ACME.name);
    expect(await page.getByTestId('side-menu').getAttribute('data-collapsed')).toBe('true');
    expect((await page.getByTestId('side-menu').boundingBox())?.width).toBe(70);
    await takeScreenshots(page, 'portal-menu-collapsed');

    await page.getByRole('button', { name: 'Expand side menu' }).click();
    await page.setViewportSize(VIEWPORTS.mobile);
    await expect.poll(() => page.getByTestId('side-menu').getAttribute('data-collapsed')).toBe('true');
    await page.setViewportSize(VIEWPORTS.desktop);
    await expect.poll(() => page.getByTestId('side-menu').getAttribute('data-collapsed')).toBe('false');
  });

  test('works from the keyboard: Tab reaches each entry as a link, Enter opens it', async () => {
    const { page } = await openSignedIn('/', 'bob');
    await waitForWorkspace(page, ACME.name);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const published = menu.getByRole('link', { name: /Published Files/ });
    await published.waitFor();
    // Wait until the menu, its badge and the page have settled: a late re-render would take the focus away.
    await page.waitForLoadState('networkidle');
    const onPublished = () => published.evaluate((el) => el.ownerDocument.activeElement === el);
    for (let i = 0; i < 12 && !(await onPublished()); i++) await page.keyboard.press('Tab');
    expect(await onPublished()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => pathOf(page)).toBe('/publishedFiles');
    await page.getByRole('heading', { level: 1, name: 'Published Files' }).waitFor({ timeout: 15_000 });
    expect(await published.getAttribute('aria-current')).toBe('page');
  });

  test('a menu key the server does not return hides its item and its page', async () => {
    const { db } = server();
    const hide = (from: string, to: string) =>
      db.query(
        `UPDATE menu_items SET key = $2 WHERE tenant_code = 'acme' AND audience = 'client' AND key = $1`,
        [from, to],
      );
    await hide('publishedFiles', 'publishedFilesHidden');
    try {
      const { page } = await openSignedIn('/publishedFiles', 'bob');
      await page.getByTestId('module-unavailable').waitFor({ timeout: 20_000 });
      const menu = page.getByRole('navigation', { name: 'Main menu' });
      expect(await menu.locator('a .portico-menu__label').allTextContents()).toEqual([
        'Submitted Files',
        'Requested Documents',
        'Notifications',
        'Assigned to me',
      ]);
    } finally {
      await hide('publishedFilesHidden', 'publishedFiles');
    }
  });
});

describe('when something fails', () => {
  test('an invalid /config.json shows the setup error screen, not a blank page', async () => {
    const { page } = await browser.open();
    await page.route('**/config.json', (route) => route.fulfill({ json: { version: APP_VERSION } }));
    await page.goto(`${server().url}/submittedFiles`);
    await page.getByTestId('setup-error').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('heading', { level: 1, name: 'The portal cannot start' }).isVisible()).toBe(
      true,
    );
    expect(await page.getByRole('alert').textContent()).toContain(
      'The runtime configuration (/config.json) is not valid.',
    );
    await expectNoSeriousA11yViolations(page);
    await takeScreenshots(page, 'portal-setup-error');
  });

  test("an issuer with '-admin' in its subdomain is refused before any sign-in", async () => {
    const { page } = await browser.open();
    let signInStarted = false;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/oidc/')) signInStarted = true;
    });
    await page.route('**/OAuthEndpointAddress', (route) =>
      route.fulfill({ json: { serviceEndpoint: 'https://firm-admin.example.com/oauth2' } }),
    );
    await page.goto(`${server().url}/`);
    await page.getByTestId('setup-error').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('alert').textContent()).toContain("'-admin' subdomain");
    expect(signInStarted).toBe(false);
  });

  test("a failing menu call shows 'App Initialization Error' and a retry that recovers", async () => {
    const tracked = await browser.open();
    const { page } = tracked;
    const menuCall = '**/t/acme/user/api/users/menu**';
    await page.route(menuCall, (route) =>
      route.fulfill({
        status: 503,
        json: { error: { code: 'server.unavailable', message: 'The menu is being updated.' } },
      }),
    );
    await page.goto(`${server().url}/`);
    await signInAs(page, 'bob');

    const toast = page.locator('[data-testid=notification]').filter({ hasText: 'App Initialization Error' });
    await toast.waitFor({ timeout: 20_000 });
    expect(await toast.textContent()).toContain('The menu is being updated.');
    expect(await page.getByTestId('initialisation-error').isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await takeScreenshots(page, 'portal-initialisation-error');

    await page.unroute(menuCall);
    await page.getByRole('button', { name: 'Try again' }).click();
    await waitForWorkspace(page, ACME.name);
  });

  test("a failing discovery shows the 'Discovery Service Error' toast", async () => {
    const { page } = await browser.open();
    await page.route('**/DiscoverServices', (route) =>
      route.fulfill({
        status: 503,
        json: { error: { code: 'server.unavailable', message: 'Down for upkeep.' } },
      }),
    );
    await page.goto(`${server().url}/`);
    await signInAs(page, 'bob');
    const toast = page.locator('[data-testid=notification]').filter({ hasText: 'Discovery Service Error' });
    await toast.waitFor({ timeout: 20_000 });
    expect(await toast.textContent()).toContain('Response Error! Down for upkeep.');
  });

  test('a page whose chunk does not load offers a reload', async () => {
    const { page } = await openSignedIn('/', 'bob');
    await waitForWorkspace(page, ACME.name);
    await page.route('**/assets/requested-documents-page-*.js', (route) => route.abort());
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: /Requested Documents/ })
      .click();
    await page.getByText('This page could not be loaded').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('button', { name: 'Reload' }).isVisible()).toBe(true);
    // Still inside the master layout: the menu stays usable.
    expect(await firmName(page).textContent()).toBe(ACME.name);
  });
});
