import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { demoUserId, mintAccessToken } from '../apps/server/src/testing/tokens.ts';
import { expectNoSeriousA11yViolations, takeScreenshots } from './support/browser.ts';
import { useBrowser } from './support/browser-session.ts';
import { useServer } from './support/server.ts';
import { signInAs } from './support/sign-in.ts';

/**
 * Versions in real Chromium (issue 26 item 4, decision 49): Bob uploads a new version of a published file from
 * Published Files (tus, with its progress), and sees it current in the versions view; Carol opens the file's
 * versions in the control panel, downloads version 1 (its bytes exactly) and makes it current again.
 */

const server = useServer();
const browser = useBrowser();
const TITLE = 'Budget 2027';
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function asCarol(path: string, init: RequestInit = {}) {
  const s = server();
  const token = await mintAccessToken(s, { sub: await demoUserId(s, 'carol') }, { expiresIn: 600 });
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${token}`);
  return fetch(`${s.url}${path}`, { ...init, headers });
}

/** Carol opens the site to new versions and publishes version 1, as the control panel would. */
async function publishVersionOne(bytes: Buffer) {
  const { rows } = await server().db.query<{ id: string }>(
    `SELECT id FROM sites WHERE reference = 'ACME-1001'`,
  );
  const siteId = rows[0]!.id;
  const settings = await asCarol(`/t/acme/portal/api/staff/sites/${siteId}/file-area-settings`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ internalFilesUpdate: true, internalFilesViewVersionHistory: true }),
  });
  expect(settings.status).toBe(200);
  const form = new FormData();
  form.append('siteId', siteId);
  form.append('file', new File([new Uint8Array(bytes)], 'budget.pdf', { type: 'application/pdf' }));
  const uploaded = await asCarol('/t/acme/file-storage/api/files', { method: 'POST', body: form });
  const { files } = (await uploaded.json()) as { files: { referenceNumber: string }[] };
  const published = await asCarol('/t/acme/file-management/api/staff/published-files', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ siteId, files: [{ referenceNumber: files[0]!.referenceNumber, title: TITLE }] }),
  });
  expect(published.status).toBe(201);
}

const rowOf = (page: Page, title: string) =>
  page.locator('tbody tr[data-row-key]').filter({ has: page.getByText(title, { exact: true }) });

describe('file versions', () => {
  test('bob uploads a new version with progress; carol downloads version 1 and makes it current', {
    timeout: 60_000,
  }, async () => {
    const v1 = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(20_000)]);
    const v2 = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3 * 1024 * 1024)]);
    await publishVersionOne(v1);

    // Bob, on Published Files: "Upload a new version", with its progress (the upload throttled to see it).
    const bob = await browser.open();
    await bob.page.goto(`${server().url}/publishedFiles`);
    await signInAs(bob.page, 'bob');
    const row = rowOf(bob.page, TITLE);
    await row.waitFor({ timeout: 20_000 });
    const cdp = await bob.page.context().newCDPSession(bob.page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 1024 * 1024,
    });
    // "Upload a new version" is in the row's "More" dialog.
    await row.getByRole('button', { name: `More actions for ${TITLE}` }).click();
    const chooser = bob.page.waitForEvent('filechooser');
    await bob.page.getByTestId('file-action-upload-version').click();
    await (await chooser).setFiles({ name: 'budget v2.pdf', mimeType: 'application/pdf', buffer: v2 });
    const progress = bob.page.getByTestId('version-upload-progress');
    await expect.poll(() => progress.getAttribute('value'), { timeout: 15_000 }).not.toBe('0');
    await bob.page.getByText('Uploaded as version 2.').waitFor({ timeout: 30_000 });
    // The list shows the current version.
    await row.getByTestId('version-tag').filter({ hasText: 'Version 2' }).waitFor({ timeout: 10_000 });
    await row.getByRole('button', { name: `More actions for ${TITLE}` }).click();
    await bob.page.getByTestId('file-action-versions').click();
    const bobsDialog = bob.page.getByTestId('file-versions-dialog');
    await bobsDialog.getByTestId('file-version').nth(1).waitFor({ timeout: 10_000 });
    expect(await bobsDialog.getByTestId('file-version').count()).toBe(2);
    expect(await bobsDialog.getByTestId('file-version').first().getByTestId('current-version').count()).toBe(
      1,
    );
    expect(await bobsDialog.getByRole('button', { name: /^Make version/ }).count()).toBe(0);
    await bob.page.setViewportSize({ width: 360, height: 740 });
    await expectNoSeriousA11yViolations(bob.page);
    await takeScreenshots(bob.page, 'versions-portal');
    // Esc closes it, and the focus is back on the row's "More" button it was opened from.
    await bob.page.keyboard.press('Escape');
    await expect
      .poll(() =>
        bob.page.evaluate(() =>
          (
            globalThis as unknown as {
              document: { activeElement: { getAttribute(n: string): string | null } | null };
            }
          ).document.activeElement?.getAttribute('aria-label'),
        ),
      )
      .toBe(`More actions for ${TITLE}`);
    expect(bob.errors).toEqual([]);

    // Carol, in the control panel: the file's versions, version 1 downloaded byte for byte, then made current.
    const carol = await browser.open();
    const { page } = carol;
    await page.goto(`${server().url}/control-panel/`);
    await signInAs(page, 'carol');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Publish' }).click();
    const picker = page.getByRole('combobox', { name: 'Site' });
    await picker.click();
    await picker.fill('Bob');
    await page.locator(`.ant-select-item-option[title="Bob's Bakery Ltd"]`).click();
    const staffRow = page.getByTestId('published-files-table').locator('tr').filter({ hasText: TITLE });
    await staffRow.getByRole('button', { name: `Versions of ${TITLE}` }).click();
    const dialog = page.getByTestId('file-versions-dialog');
    await dialog.getByTestId('file-version').nth(1).waitFor({ timeout: 10_000 });
    const [answer, download] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/versions/1') && r.request().method() === 'GET'),
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download version 1' }).click(),
    ]);
    expect(answer.status()).toBe(200);
    expect(download.suggestedFilename()).toBe('budget.pdf');
    expect(sha256(await readFile((await download.path())!))).toBe(sha256(v1));
    await dialog.getByRole('button', { name: 'Make version 1 current' }).click();
    await page.getByText('Version 1 is current again').waitFor({ timeout: 10_000 });
    await expect.poll(() => dialog.getByTestId('file-version').count(), { timeout: 10_000 }).toBe(3);
    expect(await dialog.getByTestId('file-version').first().textContent()).toContain('Copy of version 1');
    expect(carol.errors).toEqual([]);
  });
});
