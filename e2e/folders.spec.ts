import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo-data.ts';
import { demoUserId, mintAccessToken } from '../apps/server/src/testing/tokens.ts';
import { expectNoSeriousA11yViolations, takeScreenshots, waitForAnimations } from './support/browser.ts';
import { useBrowser } from './support/browser-session.ts';
import { useServer } from './support/server.ts';

/**
 * Folders (issue 26, decision 47) in real Chromium against the real server: carol builds a tree in the control
 * panel and publishes into it; bob opens it in the portal with the keyboard alone, the address keeps the folder
 * (reload, Back), and what he uploads there is saved in that folder.
 */

const server = useServer({ LOGIN_RATE_LIMIT: '100' });
const browser = useBrowser();
const BOBS_SITE = "Bob's Bakery Ltd";
const TITLE = 'Q1 accounts draft';
/** A 200-character name without a space: the worst case for a 360 px phone. */
const LONG_NAME = 'Statements'.repeat(20);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

let siteId = '';
beforeAll(async () => {
  const s = server();
  const { rows } = await s.db.query<{ id: string }>("SELECT id FROM sites WHERE reference = 'ACME-1001'");
  siteId = rows[0]!.id;
  // The site's folders on for its clients, as staff switch them on in the settings.
  const token = await mintAccessToken(s, { sub: await demoUserId(s, 'carol') }, { expiresIn: 600 });
  const answer = await fetch(`${s.url}/t/acme/portal/api/staff/sites/${siteId}/file-area-settings`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ fileAreaFolderStructure: true, portalFilesView: true, internalFilesUpload: true }),
  });
  expect(answer.status).toBe(200);
  const long = await fetch(`${s.url}/t/acme/file-management/api/folders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ siteId, name: LONG_NAME }),
  });
  expect(long.status).toBe(201);
});

// Runs inside the page; the e2e project compiles without the DOM library.
declare const document: { documentElement: { scrollWidth: number } };

/** At 360 px the page scrolls only vertically, and axe finds nothing serious. */
async function checkPhone(page: Page) {
  await page.setViewportSize({ width: 360, height: 780 });
  await waitForAnimations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function openSignedIn(path: string, username: string) {
  const tracked = await browser.open();
  await tracked.page.goto(`${server().url}${path}`);
  await tracked.page.getByLabel('Username').waitFor({ timeout: 20_000 });
  await tracked.page.getByLabel('Username').fill(username);
  await tracked.page.getByLabel('Password').fill(DEMO_PASSWORD);
  await tracked.page.getByRole('button', { name: 'Sign in' }).click();
  return tracked;
}

const folderPath = (page: Page) => page.getByRole('navigation', { name: 'Folder path' });
const currentFolder = (page: Page) => folderPath(page).locator('[aria-current="page"]').textContent();

async function newFolder(page: Page, name: string) {
  await page.getByTestId('new-folder').click();
  await page.getByTestId('new-folder-name').fill(name);
  await page.keyboard.press('Enter');
  await page.getByTestId('folder-list').getByRole('link', { name }).waitFor({ timeout: 10_000 });
}

/** Focuses a folder's link and opens it with Enter, as a keyboard user does. */
async function openByKeyboard(page: Page, name: string) {
  await page.getByTestId('folder-list').getByRole('link', { name }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => currentFolder(page), { timeout: 10_000 }).toBe(name);
}

describe('folders in both front ends', () => {
  test('carol builds 2025 → Q1 and publishes into it; bob opens it by keyboard, reloads, goes Back, uploads into it', {
    timeout: 60_000,
  }, async () => {
    const carol = await openSignedIn('/control-panel/publish', 'carol');
    const page = carol.page;
    const picker = page.getByRole('combobox', { name: 'Site' });
    await picker.waitFor({ timeout: 20_000 });
    await picker.click();
    await picker.fill(BOBS_SITE.slice(0, 5));
    await page.locator(`.ant-select-item-option[title="${BOBS_SITE}"]`).click();
    await page.getByTestId('folder-browser').waitFor({ timeout: 10_000 });
    await newFolder(page, '2025');
    await page.getByTestId('folder-list').getByRole('link', { name: '2025' }).click();
    await expect.poll(() => currentFolder(page)).toBe('2025');
    await newFolder(page, 'Q1');
    await openByKeyboard(page, 'Q1');
    // Publish goes into the folder browsed unless another is chosen.
    expect(await page.getByTestId('folder-select').locator('option:checked').textContent()).toBe('2025 / Q1');
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'Accounts.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByTestId('upload-list').getByText('Uploaded').waitFor({ timeout: 20_000 });
    await page.getByRole('textbox', { name: 'Title of Accounts.pdf' }).fill(TITLE);
    await page.getByTestId('publish-button').click();
    await page.getByTestId('published-files-table').getByText(TITLE).waitFor({ timeout: 15_000 });
    await expectNoSeriousA11yViolations(page);
    await takeScreenshots(page, 'control-panel-folders');

    const bob = await openSignedIn('/publishedFiles', 'bob');
    const portal = bob.page;
    await portal.getByTestId('folder-browser').waitFor({ timeout: 20_000 });
    expect(await currentFolder(portal)).toBe('All folders');
    await portal.getByTestId('folder-list').getByRole('link', { name: LONG_NAME }).waitFor();
    await checkPhone(portal);
    await openByKeyboard(portal, '2025');
    await openByKeyboard(portal, 'Q1');
    await portal.getByTestId('published-files-table').getByText(TITLE).waitFor({ timeout: 15_000 });
    await takeScreenshots(portal, 'portal-folders');
    const q1 = new URL(portal.url()).searchParams.get('folderId');
    expect(q1).toMatch(/^[0-9a-f-]{36}$/);
    await portal.reload();
    await expect.poll(() => currentFolder(portal), { timeout: 20_000 }).toBe('Q1');
    await portal.getByTestId('published-files-table').getByText(TITLE).waitFor({ timeout: 15_000 });
    await portal.goBack();
    await expect.poll(() => currentFolder(portal), { timeout: 10_000 }).toBe('2025');

    // Submitted Files shares the tree: bob uploads into Q1 there.
    await portal.goto(`${server().url}/submittedFiles?folderId=${q1}`);
    await expect.poll(() => currentFolder(portal), { timeout: 20_000 }).toBe('Q1');
    await portal
      .getByTestId('file-uploader')
      .locator('input[type=file]')
      .setInputFiles({ name: 'Receipts.pdf', mimeType: 'application/pdf', buffer: PDF });
    await portal
      .locator('[data-testid="upload-row"][data-file-name="Receipts.pdf"][data-status="done"]')
      .waitFor({ timeout: 20_000 });
    await portal.getByRole('button', { name: 'Save', exact: true }).click();
    await portal.getByTestId('submitted-files-table').getByText('Receipts.pdf').waitFor({ timeout: 15_000 });
    const { rows } = await server().db.query<{ folder_id: string }>(
      "SELECT folder_id FROM files WHERE file_name = 'Receipts.pdf' AND direction = 'submitted'",
    );
    expect(rows.map((r) => r.folder_id)).toEqual([q1]);
    expect(carol.errors).toEqual([]);
    expect(bob.errors).toEqual([]);
  });
});
