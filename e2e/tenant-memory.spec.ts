import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useBrowser } from './support/browser-session.ts';
import { horizontalOverflow } from './support/page-checks.ts';
import { useServer } from './support/server.ts';
import { signInAs } from './support/sign-in.ts';

/**
 * SPEC §2/§3: the chosen tenant is kept in local storage and cleared only when the token's `tid` does not list
 * it. A reload, a second tab and a bookmark of a page open the same firm again, in both front ends (issue 30,
 * item 0: they showed "Select the tenant" and cleared the stored choice, the first tab's too).
 */
const server = useServer();
const browser = useBrowser();

const firmName = (page: Page) => page.getByTestId('firm-name');
const storedTenant = (page: Page, app: string) =>
  page.evaluate((key) => localStorage.getItem(key), `portico.${app}.tenant`);

async function expectFirm(page: Page, firm: string) {
  await expect.poll(() => firmName(page).textContent(), { timeout: 20_000 }).toBe(firm);
  expect(await page.getByRole('heading', { name: 'Select the tenant' }).count()).toBe(0);
}

/** Signs in at `path`, chooses `firm` on the selection screen and waits for its workspace. */
async function chooseFirm(path: string, username: string, firm: string) {
  const tracked = await browser.open();
  await tracked.page.goto(`${server().url}${path}`);
  await signInAs(tracked.page, username);
  await tracked.page.getByRole('heading', { name: 'Select the tenant' }).waitFor({ timeout: 20_000 });
  await tracked.page.getByRole('combobox', { name: 'Tenant' }).selectOption({ label: firm });
  await tracked.page.getByRole('button', { name: 'Done' }).click();
  await expectFirm(tracked.page, firm);
  return tracked;
}

async function expectRemembered(
  opened: Awaited<ReturnType<typeof chooseFirm>>,
  app: string,
  page: string,
  firm: string,
  code: string,
) {
  const { page: first, context, errors } = opened;
  await first.goto(`${server().url}${page}`);
  await expectFirm(first, firm);

  // F5 on the page.
  await first.reload();
  await expectFirm(first, firm);
  expect(await storedTenant(first, app)).toBe(code);

  // A new tab of the same browser, and a bookmark typed into it: the same firm, and the first tab keeps it.
  const second = await context.newPage();
  await second.goto(`${server().url}${page}`);
  await expectFirm(second, firm);
  expect(await storedTenant(second, app)).toBe(code);
  expect(await storedTenant(first, app)).toBe(code);
  await first.reload();
  await expectFirm(first, firm);
  await second.close();
  expect(errors).toEqual([]);
}

/** A person of two firms has the tenant switcher in the header too: on a 360 px phone it still fits. */
async function expectPhoneHeaderFits(page: Page) {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByTestId('tenant-switcher').waitFor({ timeout: 10_000 });
  // The layout follows the new width a render later (the breakpoints are React state).
  await expect
    .poll(() => horizontalOverflow(page), { timeout: 5_000 })
    .toEqual({ overflow: 0, culprits: [] });
}

describe('the chosen firm survives a reload, a new tab and a bookmark', () => {
  test('portal: alice chooses Globex Legal', async () => {
    const opened = await chooseFirm('/', 'alice', 'Globex Legal');
    await expectRemembered(opened, 'portal', '/publishedFiles', 'Globex Legal', 'globex');
    await expectPhoneHeaderFits(opened.page);
  });

  test('control panel: a member of staff at both firms chooses Globex Legal', async () => {
    await server().db.query(
      `INSERT INTO tenant_staff (tenant_code, user_id)
       SELECT 'globex', user_id FROM idp_accounts WHERE username = 'carol' ON CONFLICT DO NOTHING`,
    );
    const opened = await chooseFirm('/control-panel/', 'carol', 'Globex Legal');
    await expectRemembered(opened, 'control-panel', '/control-panel/sites', 'Globex Legal', 'globex');
    await expectPhoneHeaderFits(opened.page);
  });
});
