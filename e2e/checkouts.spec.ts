import { FILE_AREA_SETTING_KEYS } from '@portico/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { demoUserId, mintAccessToken } from '../apps/server/src/testing/tokens.ts';
import { expectNoSeriousA11yViolations, VIEWPORTS } from './support/browser.ts';
import { useBrowser } from './support/browser-session.ts';
import { horizontalOverflow } from './support/page-checks.ts';
import { useServer } from './support/server.ts';
import { signInAs } from './support/sign-in.ts';

/**
 * Check-out, history and properties in real Chromium (issue 26, items 5 and 6): with the site's flags on, bob
 * checks a file he submitted out in the portal; carol sees the lock, with his name, in the control panel's
 * Submissions; bob checks it in; carol opens its Details — Properties and History — by keyboard.
 */

const server = useServer();
const browser = useBrowser();
const TITLE = 'Payroll workbook';
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Every flag of Bob's Bakery on (carol, through the API), and a file bob submitted to it. */
async function prepare() {
  const s = server();
  const siteId = (await s.db.query<{ id: string }>(`SELECT id FROM sites WHERE reference = 'ACME-1001'`))
    .rows[0]!.id;
  const tokenOf = async (user: 'carol' | 'bob') =>
    `Bearer ${await mintAccessToken(s, { sub: await demoUserId(s, user) }, { expiresIn: 600 })}`;
  const carol = await tokenOf('carol');
  const flags = await fetch(`${s.url}/t/acme/portal/api/staff/sites/${siteId}/file-area-settings`, {
    method: 'PATCH',
    headers: { authorization: carol, 'content-type': 'application/json' },
    body: JSON.stringify(Object.fromEntries(FILE_AREA_SETTING_KEYS.map((k) => [k, true]))),
  });
  expect(flags.status).toBe(200);
  const bob = await tokenOf('bob');
  const form = new FormData();
  form.append('siteId', siteId);
  form.append('file', new File([new Uint8Array(PDF)], 'payroll.pdf', { type: 'application/pdf' }));
  const uploaded = await fetch(`${s.url}/t/acme/file-storage/api/files`, {
    method: 'POST',
    headers: { authorization: bob },
    body: form,
  });
  const { files } = (await uploaded.json()) as { files: { referenceNumber: string }[] };
  const saved = await fetch(`${s.url}/t/acme/portal/api/files`, {
    method: 'POST',
    headers: { authorization: bob, 'content-type': 'application/json' },
    body: JSON.stringify({ siteId, files: [{ referenceNumber: files[0]!.referenceNumber, title: TITLE }] }),
  });
  expect(saved.status).toBe(201);
}

const rowOf = (page: Page) => page.locator('tbody tr').filter({ hasText: TITLE });

/** Opens the row's "More" dialog and chooses `command`; the dialog closes and the focus returns to More. */
async function more(page: Page, command: string) {
  const button = rowOf(page).getByRole('button', { name: `More actions for ${TITLE}` });
  await button.click();
  await page.getByRole('dialog').getByRole('button', { name: command, exact: true }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await expect
    .poll(() => button.evaluate((element) => element === element.ownerDocument.activeElement))
    .toBe(true);
}

describe('check-out, history and properties', () => {
  test('bob checks out and in in the portal; carol sees the lock, then the history and properties', {
    timeout: 60_000,
  }, async () => {
    await prepare();
    const bob = await browser.open();
    await bob.page.setViewportSize(VIEWPORTS.mobile);
    await bob.page.goto(`${server().url}/submittedFiles`);
    await signInAs(bob.page, 'bob');
    const bobsRow = rowOf(bob.page);
    await bobsRow.waitFor({ timeout: 20_000 });
    // Check-out is a command of the row's "More" dialog (a portal row carries at most three buttons).
    await more(bob.page, 'Check out');
    await expect
      .poll(() => bobsRow.getByTestId('file-lock').textContent(), { timeout: 10_000 })
      .toMatch(/Checked out by you until \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    // At 360 px nothing runs off the side, lock mark and buttons included.
    await bob.page.setViewportSize({ width: 360, height: 780 });
    expect(await horizontalOverflow(bob.page)).toEqual({ overflow: 0, culprits: [] });

    const carol = await browser.open();
    await carol.page.goto(`${server().url}/control-panel/submissions`);
    await signInAs(carol.page, 'carol');
    const carolsRow = rowOf(carol.page);
    await carolsRow.waitFor({ timeout: 20_000 });
    expect(await carolsRow.getByTestId('file-lock').textContent()).toMatch(/Checked out by Bob Baker until/);
    await carolsRow.getByRole('button', { name: `Force check-in ${TITLE}` }).waitFor();

    await more(bob.page, 'Check in');
    await expect.poll(() => bobsRow.getByTestId('file-lock').count(), { timeout: 10_000 }).toBe(0);

    await carol.page.reload();
    await carolsRow.waitFor({ timeout: 20_000 });
    expect(await carolsRow.getByTestId('file-lock').count()).toBe(0);
    // Details by keyboard: focus the button, Enter, arrow to History, Esc closes and gives the focus back.
    const open = carolsRow.getByRole('button', { name: `Details of ${TITLE}` });
    await open.focus();
    await carol.page.keyboard.press('Enter');
    const dialog = carol.page.getByRole('dialog', { name: TITLE });
    await dialog.getByTestId('file-details-properties').getByText('payroll.pdf').waitFor();
    expect(await dialog.getByTestId('file-details-properties').textContent()).toContain('Bob Baker');
    // Its review and classification (issue 26 item 6, after issue 27).
    const property = (term: string) => dialog.locator(`dt:text-is("${term}") + dd`).textContent();
    expect(await property('Status')).toBe('Received');
    expect(await property('Tags')).toBe('None');
    expect(await property('Assigned to')).toBe('Nobody');
    await expectNoSeriousA11yViolations(carol.page);
    await dialog.getByRole('tab', { name: 'Properties' }).focus();
    await carol.page.keyboard.press('ArrowRight');
    const history = dialog.getByTestId('file-history');
    await history.waitFor();
    await expect
      .poll(async () => (await history.locator('li strong').allTextContents()).slice(0, 3))
      .toEqual(['Checked in', 'Checked out', 'Uploaded']);
    await carol.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const focused = await open.evaluate(
      (element) =>
        (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement ===
        element,
    );
    expect(focused).toBe(true);
    expect(bob.errors).toEqual([]);
    expect(carol.errors).toEqual([]);
  });
});
