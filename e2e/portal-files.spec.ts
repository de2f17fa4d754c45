import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo-data.ts';
import { readZip } from '../apps/server/src/testing/read-zip.ts';
import { expectNoSeriousA11yViolations, type TrackedPage, takeScreenshots } from './support/browser.ts';
import { useBrowser } from './support/browser-session.ts';
import { useServer } from './support/server.ts';

/**
 * Published and Submitted Files in real Chromium against the real server (issue 4): upload with progress and
 * cancel, Save, the lists, single and zip downloads checked byte for byte, the New marker and badge, tenant
 * isolation, fileAreaSettings and the site switcher.
 */

// A small upload limit, so that a refused file (413) is quick to send.
// Runs inside the page; the e2e project compiles without the DOM library.
declare const document: { activeElement: unknown };

const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
const server = useServer({ MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES) });
const browser = useBrowser();

const GLOBEX_TITLES = ['Draft will', 'Power of attorney', 'Case summary'];
const ACME_OTHER_TITLES = ['Engagement letter 2026', 'Payroll summary October'];

async function signInAs(page: Page, username: string) {
  const usernameField = page.getByLabel('Username');
  await usernameField.waitFor({ timeout: 20_000 });
  await usernameField.fill(username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens `path` signed in; alice has two tenants and picks Acme on the selection screen. */
async function openSignedIn(path: string, username: 'bob' | 'alice'): Promise<TrackedPage> {
  const tracked = await browser.open();
  const { page } = tracked;
  await page.goto(`${server().url}${path}`);
  await signInAs(page, username);
  if (username === 'alice') {
    await page.getByRole('heading', { name: 'Select the tenant' }).waitFor({ timeout: 20_000 });
    await page.getByRole('combobox', { name: 'Tenant' }).selectOption({ label: 'Acme Accounting' });
    await page.getByRole('button', { name: 'Done' }).click();
  }
  await page.getByTestId('selected-site-name').waitFor({ timeout: 20_000 });
  return tracked;
}

const rowOf = (page: Page, title: string) =>
  page.locator('tbody tr[data-row-key]').filter({ has: page.getByText(title, { exact: true }) });
const uploadRow = (page: Page, fileName: string) =>
  page.locator(`[data-testid="upload-row"][data-file-name="${fileName}"]`);
const tableTitles = async (table: Locator) =>
  (await table.locator('tbody tr[data-row-key] .portico-title-cell__title').allTextContents()).map((t) =>
    t.trim(),
  );

async function downloadBy(
  page: Page,
  click: () => Promise<void>,
): Promise<{ download: Download; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), click()]);
  const path = await download.path();
  return { download, bytes: await readFile(path) };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Upload speed of the page's network, in bytes per second (-1: unthrottled), through the DevTools protocol. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return cdp;
}

const pendingUploadsOf = async (username: string) => {
  const { rows } = await server().db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM uploads u JOIN users us ON us.id = u.created_by
     JOIN idp_accounts a ON a.user_id = us.id
     WHERE a.username = $1 AND u.state = 'pending'`,
    [username],
  );
  return rows[0]?.n ?? -1;
};

describe('Submitted Files: upload, cancel, save, download and zip', () => {
  test('bob uploads three files (one cancelled midway), saves two, and gets the same bytes back', {
    timeout: 180_000,
  }, async () => {
    const { page, errors } = await openSignedIn('/submittedFiles', 'bob');
    await page.getByTestId('file-uploader').waitFor();
    const input = page.getByTestId('file-uploader').locator('input[type=file]');

    const receipts = {
      name: 'Receipts March.pdf',
      mimeType: 'application/pdf',
      buffer: randomBytes(200_000),
    };
    const statement = {
      name: 'Bank statement.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('date;amount\n2026-03-01;120.50\n2026-03-02;-40.00\n'),
    };
    const archive = {
      name: 'Scanned archive.pdf',
      mimeType: 'application/pdf',
      buffer: randomBytes(1_500_000),
    };

    await input.setInputFiles([receipts, statement]);
    await uploadRow(page, receipts.name)
      .and(page.locator('[data-status="done"]'))
      .waitFor({ timeout: 20_000 });
    await uploadRow(page, statement.name)
      .and(page.locator('[data-status="done"]'))
      .waitFor({ timeout: 20_000 });

    // The third crawls at 100 KB/s, so the cancel lands while its bytes are still on the way.
    const cdp = await throttleUploads(page, 100 * 1024);
    await input.setInputFiles([archive]);
    const bar = uploadRow(page, archive.name).getByRole('progressbar');
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 15_000 })
      .toBeGreaterThan(5);
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(60);
    await uploadRow(page, archive.name)
      .getByRole('button', { name: `Cancel ${archive.name}` })
      .click();
    await uploadRow(page, archive.name)
      .and(page.locator('[data-status="cancelled"]'))
      .waitFor({ timeout: 10_000 });
    expect(await uploadRow(page, archive.name).textContent()).toContain('Cancelled');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    // The server kept the two finished uploads and nothing of the cancelled one.
    await expect.poll(() => pendingUploadsOf('bob'), { timeout: 10_000 }).toBe(2);
    expect(await page.getByTestId('ready-count').textContent()).toBe('2 files ready to save.');
    await expectNoSeriousA11yViolations(page);
    await takeScreenshots(page, 'portal-uploader');

    // A reload before Save still knows the uploads (the persisted uploader slice).
    await page.reload();
    await uploadRow(page, receipts.name).waitFor({ timeout: 20_000 });
    expect(
      await page
        .getByTestId('upload-row')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status'))),
    ).toEqual(['done', 'done']);

    // By keyboard: Save is disabled once nothing waits, so the focus goes back to the drop zone (issue 30 item 7).
    await page.getByRole('button', { name: 'Save', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('upload-row').count(), { timeout: 15_000 }).toBe(0);
    const dropZone = page.getByTestId('file-uploader').getByRole('button', { name: /Drag files here/ });
    await expect.poll(() => dropZone.evaluate((element) => element === document.activeElement)).toBe(true);
    const table = page.getByTestId('submitted-files-table');
    await expect
      .poll(() => tableTitles(table), { timeout: 15_000 })
      .toEqual(expect.arrayContaining([receipts.name, statement.name]));
    expect(await tableTitles(table)).toHaveLength(2);
    expect(await rowOf(page, receipts.name).getByTestId('submission-status').textContent()).toBe('Received');
    await expect
      .poll(() => page.getByTestId('record-count').textContent(), { timeout: 15_000 })
      .toContain('2');
    expect(await pendingUploadsOf('bob')).toBe(0);
    await expectNoSeriousA11yViolations(page);
    await takeScreenshots(page, 'portal-submitted-files-list');

    // One file, as it was uploaded, under its own name.
    const single = await downloadBy(page, () =>
      rowOf(page, receipts.name)
        .getByRole('button', { name: `Download ${receipts.name}` })
        .click(),
    );
    expect(single.download.suggestedFilename()).toBe(receipts.name);
    expect(single.bytes.equals(receipts.buffer)).toBe(true);

    // Two files as a zip, named by the server, each entry byte for byte.
    await page.getByRole('checkbox', { name: `Select ${receipts.name}` }).check();
    await page.getByRole('checkbox', { name: `Select ${statement.name}` }).check();
    expect(await page.getByTestId('download-zip').textContent()).toBe('Download 2 as zip');
    const zip = await downloadBy(page, () => page.getByTestId('download-zip').click());
    expect(zip.download.suggestedFilename()).toMatch(/^Submitted Files \d{4}-\d{2}-\d{2}\.zip$/);
    const entries = readZip(zip.bytes);
    expect(entries.map((e) => e.name).sort()).toEqual([statement.name, receipts.name].sort());
    expect(entries.find((e) => e.name === receipts.name)?.data.equals(receipts.buffer)).toBe(true);
    expect(entries.find((e) => e.name === statement.name)?.data.equals(statement.buffer)).toBe(true);

    // The firm rejects one: the client sees it.
    await server().db.query(
      `UPDATE files SET status = 'rejected', status_note = 'Please send all pages.' WHERE title = $1`,
      [statement.name],
    );
    await page.reload();
    await rowOf(page, statement.name).waitFor({ timeout: 20_000 });
    expect(await rowOf(page, statement.name).getByTestId('submission-status').textContent()).toBe('Rejected');
    expect(errors).toEqual([]);
  });

  test("a file over the size limit (413) shows the server's message on its row", async () => {
    const { page, errors } = await openSignedIn('/submittedFiles', 'bob');
    const input = page.getByTestId('file-uploader').locator('input[type=file]');
    await input.setInputFiles([
      {
        name: 'Too big.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.alloc(MAX_UPLOAD_BYTES + 500_000, 1),
      },
    ]);
    const row = uploadRow(page, 'Too big.pdf').and(page.locator('[data-status="error"]'));
    await row.waitFor({ timeout: 20_000 });
    expect(await row.getByTestId('upload-error').textContent()).toBe('A file may have at most 2.1 MB.');
    expect(await page.getByTestId('ready-count').textContent()).toBe('No files ready to save.');
    await expectNoSeriousA11yViolations(page);
    await takeScreenshots(page, 'portal-upload-refused');
    // The browser reports the refused request itself; nothing else went wrong.
    expect(errors.filter((e) => !e.includes('status of 413'))).toEqual([]);
  });

  test('the drop zone opens the file chooser from the keyboard', async () => {
    const { page } = await openSignedIn('/submittedFiles', 'bob');
    const dropzone = page.getByTestId('file-uploader').getByRole('button', { name: /Drag files here/ });
    // Once the list and settings have loaded the uploader no longer re-renders under the focus.
    await dropzone.waitFor();
    await page.waitForLoadState('networkidle');
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser', { timeout: 10_000 }),
      dropzone.press('Enter'),
    ]);
    expect(chooser.isMultiple()).toBe(true);
  });
});

describe('Published Files', () => {
  test('bob sees New markers and the badge; a download ends New; search, dates and sort run on the server', async () => {
    const { page, errors } = await openSignedIn('/publishedFiles', 'bob');
    const table = page.getByTestId('published-files-table');
    await expect
      .poll(() => tableTitles(table), { timeout: 20_000 })
      .toEqual(['VAT return Q3', 'Annual accounts 2025', 'Engagement letter 2026']);
    expect(await table.getByTestId('new-tag').count()).toBe(3);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect
      .poll(() => menu.locator('.portico-badge [aria-hidden]').first().textContent(), { timeout: 15_000 })
      .toBe('3');
    await expectNoSeriousA11yViolations(page);
    await takeScreenshots(page, 'portal-published-files-list');

    // From the keyboard: Enter on the row's Download button.
    const { rows } = await server().db.query<{ sha256: string }>(
      `SELECT sha256 FROM files WHERE title = 'VAT return Q3' AND direction = 'published'`,
    );
    const vat = await downloadBy(page, async () => {
      await rowOf(page, 'VAT return Q3').getByRole('button', { name: 'Download VAT return Q3' }).focus();
      await page.keyboard.press('Enter');
    });
    expect(vat.download.suggestedFilename()).toBe('VAT return Q3 2026.pdf');
    expect(sha256(vat.bytes)).toBe(rows[0]?.sha256);
    await expect
      .poll(() => rowOf(page, 'VAT return Q3').getByTestId('new-tag').count(), { timeout: 15_000 })
      .toBe(0);
    expect(await table.getByTestId('new-tag').count()).toBe(2);

    // Search: one request 500 ms after the typing stops.
    const searched = page.waitForRequest((r) => new URL(r.url()).searchParams.get('search') === 'accounts');
    await page.getByTestId('file-search').fill('accounts');
    await searched;
    await expect.poll(() => tableTitles(table)).toEqual(['Annual accounts 2025']);
    await page.getByTestId('file-search').fill('no such file');
    await page.getByTestId('files-empty').waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await expect.poll(() => tableTitles(table)).toHaveLength(3);

    // Sort by title, A to Z.
    await table.getByRole('columnheader', { name: /^Title/ }).click();
    await expect
      .poll(() => tableTitles(table))
      .toEqual(['Annual accounts 2025', 'Engagement letter 2026', 'VAT return Q3']);

    // The address keeps the list's state: a reload (or a shared link) shows it sorted the same way.
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('title.asc');
    await page.reload();
    await expect
      .poll(() => tableTitles(table), { timeout: 15_000 })
      .toEqual(['Annual accounts 2025', 'Engagement letter 2026', 'VAT return Q3']);

    // Tab from the search box lands in the date range's first field and stays there while the real date field
    // replaces its stand-in (issue 30 item 7).
    await page.getByTestId('file-search').focus();
    await page.keyboard.press('Tab');
    const from = page.getByLabel('Published from (YYYY-MM-DD)');
    await expect.poll(() => from.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.waitForTimeout(1500);
    expect(await from.evaluate((element) => element === document.activeElement)).toBe(true);

    // A date range that holds only the oldest file (published 40 days ago; the others 12 and 3).
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const ranged = page.waitForRequest((r) => new URL(r.url()).searchParams.get('from') === day(45));
    await page.getByLabel('Published from (YYYY-MM-DD)').click();
    await page.getByLabel('Published from (YYYY-MM-DD)').fill(day(45));
    await page.keyboard.press('Enter');
    await page.getByLabel('Published until (YYYY-MM-DD)').fill(day(30));
    await page.keyboard.press('Enter');
    const request = await ranged;
    expect(new URL(request.url()).searchParams.get('to')).toBe(day(30));
    await expect.poll(() => tableTitles(table)).toEqual(['Engagement letter 2026']);
    expect(errors).toEqual([]);
  });

  test("alice sees Acme's published files with the badge count, and never Globex's while in Acme", async () => {
    const tracked = await browser.open();
    const { page, errors } = tracked;
    const answers: { url: string; body: string }[] = [];
    page.on('response', async (response) => {
      const url = new URL(response.url());
      if (!url.pathname.startsWith('/t/')) return;
      answers.push({ url: url.pathname, body: await response.text().catch(() => '') });
    });
    await page.goto(`${server().url}/publishedFiles`);
    await signInAs(page, 'alice');
    await page.getByRole('combobox', { name: 'Tenant' }).selectOption({ label: 'Acme Accounting' });
    await page.getByRole('button', { name: 'Done' }).click();

    const table = page.getByTestId('published-files-table');
    await expect
      .poll(() => tableTitles(table), { timeout: 20_000 })
      .toEqual(['Document checklist', 'Tax return 2025']);
    expect(await page.getByTestId('selected-site-name').textContent()).toBe('Alice Smith — Personal Tax');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect
      .poll(() => menu.locator('.portico-badge [aria-hidden]').first().textContent(), { timeout: 15_000 })
      .toBe('2');
    const text = (await page.locator('body').textContent()) ?? '';
    for (const title of [...GLOBEX_TITLES, ...ACME_OTHER_TITLES]) expect(text).not.toContain(title);
    // Not a byte of Globex on the wire while in Acme.
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.filter((a) => !a.url.startsWith('/t/acme/'))).toEqual([]);
    for (const { body } of answers) for (const title of GLOBEX_TITLES) expect(body).not.toContain(title);
    await expectNoSeriousA11yViolations(page);
    await takeScreenshots(page, 'portal-published-files-alice');
    expect(errors).toEqual([]);
  });

  test('downloads follow the site’s fileAreaSettings: a refusal reads as such, and the buttons go', async () => {
    const { db } = server();
    const { rows } = await db.query<{ id: string }>(`SELECT id FROM sites WHERE name = $1`, [
      "Bob's Bakery Ltd",
    ]);
    const siteId = rows[0]!.id;
    const { page, errors } = await openSignedIn('/publishedFiles', 'bob');
    const download = rowOf(page, 'Annual accounts 2025').getByRole('button', {
      name: 'Download Annual accounts 2025',
    });
    await download.waitFor({ timeout: 20_000 });

    // The firm turns downloads off while the page is open: the server refuses with 403 settings.forbidden.
    await db.query(
      `INSERT INTO file_area_settings (tenant_code, site_id, settings) VALUES ('acme', $1, '{"internalFilesDownload": false}')`,
      [siteId],
    );
    try {
      await download.click();
      const toast = page
        .locator('[data-testid=notification]')
        .filter({ hasText: 'Not allowed for this site' });
      await toast.waitFor({ timeout: 15_000 });
      expect(await toast.textContent()).toContain(
        'Please contact your firm if you need to download files here.',
      );
      await takeScreenshots(page, 'portal-download-forbidden');

      // With the setting known, there is nothing to click.
      await page.reload();
      await rowOf(page, 'Annual accounts 2025').waitFor({ timeout: 20_000 });
      expect(await page.getByRole('button', { name: /^Download/ }).count()).toBe(0);
      expect(await page.getByTestId('download-zip').count()).toBe(0);
    } finally {
      await db.query(`DELETE FROM file_area_settings WHERE tenant_code = 'acme' AND site_id = $1`, [siteId]);
    }
    expect(errors.filter((e) => !e.includes('status of 403'))).toEqual([]);
  });
});

describe('the site switcher', () => {
  test('a client of several sites of the tenant searches and switches site', async () => {
    const { db } = server();
    const membership = [
      `(SELECT id FROM sites WHERE name = 'Northwind Traders')`,
      `(SELECT us.id FROM users us JOIN idp_accounts a ON a.user_id = us.id WHERE a.username = 'alice')`,
    ];
    await db.query(
      `INSERT INTO site_members (tenant_code, site_id, user_id) VALUES ('acme', ${membership[0]}, ${membership[1]})`,
    );
    try {
      const { page, errors } = await openSignedIn('/publishedFiles', 'alice');
      const switcher = page.getByRole('combobox', { name: 'Site' });
      await switcher.waitFor({ timeout: 20_000 });
      const searched = page.waitForRequest((r) => new URL(r.url()).searchParams.get('search') === 'North');
      await switcher.click();
      await switcher.fill('North');
      await searched;
      await page.locator('.ant-select-item-option[title="Northwind Traders"]').click();

      await expect.poll(() => page.getByTestId('selected-site-name').textContent()).toBe('Northwind Traders');
      expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).textContent()).toContain(
        'Northwind Traders',
      );
      const table = page.getByTestId('published-files-table');
      await expect.poll(() => tableTitles(table), { timeout: 15_000 }).toEqual(['Payroll summary October']);
      // The page is judged once the dropdown has closed: while open (and during its closing animation) antd's
      // option list is a listbox without a name, which rc-select gives no way to set.
      await expect
        .poll(() => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count())
        .toBe(0);
      await expectNoSeriousA11yViolations(page);
      await takeScreenshots(page, 'portal-site-switcher');
      expect(errors).toEqual([]);
    } finally {
      await db.query(
        `DELETE FROM site_members WHERE site_id = ${membership[0]} AND user_id = ${membership[1]}`,
      );
    }
  });
});
