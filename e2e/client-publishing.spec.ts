import { FILE_AREA_SETTING_KEYS, type FileAreaSettingKey } from '@portico/contracts';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo-data.ts';
import { startTestSmtpServer } from '../apps/server/src/testing/smtp.ts';
import { demoUserId, mintAccessToken } from '../apps/server/src/testing/tokens.ts';
import { expectNoSeriousA11yViolations } from './support/browser.ts';
import { useBrowser } from './support/browser-session.ts';
import { horizontalOverflow } from './support/page-checks.ts';
import { useServer } from './support/server.ts';

/**
 * Client publishing and bulk move/delete in real Chromium (issue 27, items 9 and 10): bob publishes a file he
 * submitted; alice, another member of the site, sees it in Published Files marked "Published by Bob Baker" and gets
 * the mail; bob takes it back. With the flag off the action is gone and the server answers 403. Carol moves two
 * published files into a folder and deletes them from the control panel's selection bar.
 */

const smtp = await startTestSmtpServer();
afterAll(() => smtp.close());
const server = useServer({ SMTP_URL: smtp.url, MAIL_FROM: 'portal@example.com', NOTIFY_BATCH_SECONDS: '1' });
const browser = useBrowser();
const BOBS_SITE = "Bob's Bakery Ltd";
const TITLE = 'Year-end accounts';
const BULK = ['Bulk statement one', 'Bulk statement two'];
const FOLDER = 'Archive 2025';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

let siteId: string;
const tokenOf = async (user: 'carol' | 'bob') =>
  `Bearer ${await mintAccessToken(server(), { sub: await demoUserId(server(), user) }, { expiresIn: 600 })}`;

async function setFlags(off: FileAreaSettingKey[] = []) {
  const answer = await fetch(`${server().url}/t/acme/portal/api/staff/sites/${siteId}/file-area-settings`, {
    method: 'PATCH',
    headers: { authorization: await tokenOf('carol'), 'content-type': 'application/json' },
    body: JSON.stringify(Object.fromEntries(FILE_AREA_SETTING_KEYS.map((k) => [k, !off.includes(k)]))),
  });
  expect(answer.status).toBe(200);
}

/** Bob uploads a file and saves it as a Submitted File titled `title`; answers its id. */
async function bobSubmits(title: string): Promise<string> {
  const bob = await tokenOf('bob');
  const form = new FormData();
  form.append('siteId', siteId);
  form.append('file', new File([new Uint8Array(PDF)], `${title}.pdf`, { type: 'application/pdf' }));
  const uploaded = await fetch(`${server().url}/t/acme/file-storage/api/files`, {
    method: 'POST',
    headers: { authorization: bob },
    body: form,
  });
  const { files } = (await uploaded.json()) as { files: { referenceNumber: string }[] };
  const saved = await fetch(`${server().url}/t/acme/portal/api/files`, {
    method: 'POST',
    headers: { authorization: bob, 'content-type': 'application/json' },
    body: JSON.stringify({ siteId, files: [{ referenceNumber: files[0]!.referenceNumber, title }] }),
  });
  expect(saved.status).toBe(201);
  return ((await saved.json()) as { records: { id: string }[] }).records[0]!.id;
}

const publishByApi = async (id: string) =>
  fetch(`${server().url}/t/acme/file-management/api/files/${id}/publish`, {
    method: 'POST',
    headers: { authorization: await tokenOf('bob') },
  });

async function openSignedIn(path: string, username: string) {
  const tracked = await browser.open();
  await tracked.page.goto(`${server().url}${path}`);
  await tracked.page.getByLabel('Username').waitFor({ timeout: 20_000 });
  await tracked.page.getByLabel('Username').fill(username);
  await tracked.page.getByLabel('Password').fill(DEMO_PASSWORD);
  await tracked.page.getByRole('button', { name: 'Sign in' }).click();
  if (username === 'alice') {
    await tracked.page.getByRole('heading', { name: 'Select the tenant' }).waitFor({ timeout: 20_000 });
    await tracked.page.getByRole('combobox', { name: 'Tenant' }).selectOption({ label: 'Acme Accounting' });
    await tracked.page.getByRole('button', { name: 'Done' }).click();
  }
  return tracked;
}

const rowOf = (page: Page, title: string) => page.locator('tbody tr').filter({ hasText: title });

async function openMore(page: Page, title: string) {
  const row = rowOf(page, title);
  await row.waitFor({ timeout: 20_000 });
  await row.getByRole('button', { name: `More actions for ${title}` }).click();
  return page.getByTestId('file-actions-dialog');
}

describe('client publishing and bulk actions', () => {
  test('bob publishes his file, alice sees it marked and gets the mail, bob takes it back', {
    timeout: 120_000,
  }, async () => {
    const { db } = server();
    siteId = (await db.query<{ id: string }>(`SELECT id FROM sites WHERE reference = 'ACME-1001'`)).rows[0]!
      .id;
    await setFlags();
    // Alice becomes a member of Bob's site (and of no other Acme site, so it is the one she sees).
    const alice = await demoUserId(server(), 'alice');
    await db.query("DELETE FROM site_members WHERE tenant_code = 'acme' AND user_id = $1", [alice]);
    await db.query("INSERT INTO site_members (tenant_code, site_id, user_id) VALUES ('acme', $1, $2)", [
      siteId,
      alice,
    ]);
    await bobSubmits(TITLE);

    const bob = await openSignedIn('/submittedFiles', 'bob');
    const dialog = await openMore(bob.page, TITLE);
    await dialog.getByTestId('file-action-client-publish').click();
    await dialog.getByTestId('client-publish-panel').waitFor();
    await dialog.getByTestId('client-publish-submit').click();
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    await bob.page.getByText('Published to the site').waitFor({ timeout: 10_000 });
    await rowOf(bob.page, TITLE).waitFor({ state: 'detached', timeout: 15_000 });

    const alicePage = await openSignedIn('/publishedFiles', 'alice');
    const alicesRow = rowOf(alicePage.page, TITLE);
    await alicesRow.waitFor({ timeout: 20_000 });
    expect(await alicesRow.getByTestId('file-published-by-tag').textContent()).toBe('Published by Bob Baker');
    // She cannot take back what bob published: the action is not offered to her.
    await alicesRow.getByRole('button', { name: `More actions for ${TITLE}` }).click();
    expect(await alicePage.page.getByTestId('file-action-client-take-back').count()).toBe(0);
    await alicePage.page.keyboard.press('Escape');
    await expectNoSeriousA11yViolations(alicePage.page);

    await expect
      .poll(
        () =>
          smtp.mails.filter((m) => m.to.includes('alice@example.com') && m.parsed.text?.includes(TITLE))
            .length,
        { timeout: 20_000 },
      )
      .toBe(1);
    expect(smtp.mails.some((m) => m.to.includes('bob@example.com') && m.parsed.text?.includes(TITLE))).toBe(
      false,
    );

    await bob.page.goto(`${server().url}/publishedFiles`);
    // At 360 px nothing runs off the side, the "Published by" mark included.
    await bob.page.setViewportSize({ width: 360, height: 780 });
    await rowOf(bob.page, TITLE).getByTestId('file-published-by-tag').waitFor({ timeout: 20_000 });
    expect(await horizontalOverflow(bob.page)).toEqual({ overflow: 0, culprits: [] });
    const back = await openMore(bob.page, TITLE);
    await back.getByTestId('file-action-client-take-back').click();
    await back.getByTestId('client-publish-submit').click();
    await back.waitFor({ state: 'detached', timeout: 15_000 });
    await rowOf(bob.page, TITLE).waitFor({ state: 'detached', timeout: 15_000 });
    await bob.page.goto(`${server().url}/submittedFiles`);
    await rowOf(bob.page, TITLE).waitFor({ timeout: 20_000 });
    expect(bob.errors).toEqual([]);
    expect(alicePage.errors).toEqual([]);
  });

  test('with the flag off the action is gone and the server answers 403', { timeout: 60_000 }, async () => {
    const id = await bobSubmits('Flag off file');
    await setFlags(['internalFilesPublishUnPublish']);
    try {
      const bob = await openSignedIn('/submittedFiles', 'bob');
      const dialog = await openMore(bob.page, 'Flag off file');
      await dialog.getByTestId('file-action-rename').waitFor();
      expect(await dialog.getByTestId('file-action-client-publish').count()).toBe(0);
      const refused = await publishByApi(id);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('settings.forbidden');
      expect(bob.errors).toEqual([]);
    } finally {
      await setFlags();
    }
  });

  test('carol moves two files into a folder and deletes them from the selection bar', {
    timeout: 120_000,
  }, async () => {
    for (const title of BULK) expect((await publishByApi(await bobSubmits(title))).status).toBe(200);
    const folder = await fetch(`${server().url}/t/acme/file-management/api/folders`, {
      method: 'POST',
      headers: { authorization: await tokenOf('carol'), 'content-type': 'application/json' },
      body: JSON.stringify({ siteId, name: FOLDER }),
    });
    expect(folder.status).toBe(201);
    const folderId = ((await folder.json()) as { id: string }).id;

    const carol = await openSignedIn('/control-panel/publish', 'carol');
    const page = carol.page;
    const picker = page.getByRole('combobox', { name: 'Site' });
    await picker.waitFor({ timeout: 20_000 });
    await picker.click();
    await picker.fill(BOBS_SITE.slice(0, 5));
    await page.locator(`.ant-select-item-option[title="${BOBS_SITE}"]`).click();
    const table = page.getByTestId('published-files-table');
    for (const title of BULK) {
      await rowOf(page, title).waitFor({ timeout: 20_000 });
      expect(await rowOf(page, title).getByTestId('file-published-by-tag').textContent()).toBe(
        'Published by Bob Baker',
      );
      await table.getByRole('checkbox', { name: `Select ${title}` }).check();
    }
    await page.getByTestId('bulk-move').click();
    const move = page.getByTestId('bulk-move-dialog');
    await move.getByTestId('bulk-move-folder').selectOption({ label: FOLDER });
    await move.getByTestId('bulk-move-submit').click();
    await move.waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByText('2 files moved').waitFor({ timeout: 10_000 });
    const { rows } = await server().db.query<{ folder_id: string }>(
      'SELECT folder_id FROM files WHERE title = ANY($1::text[])',
      [BULK],
    );
    expect(rows.map((r) => r.folder_id)).toEqual([folderId, folderId]);

    // The list shows them where it browses: at the top level they left it, so open their folder.
    await expect.poll(() => rowOf(page, BULK[0]!).count(), { timeout: 10_000 }).toBe(0);
    await page.getByTestId('folder-list').getByRole('link', { name: FOLDER }).click();
    for (const title of BULK) {
      await rowOf(page, title).waitFor({ timeout: 20_000 });
      await table.getByRole('checkbox', { name: `Select ${title}` }).check();
    }
    await page.getByTestId('bulk-delete').click();
    const remove = page.getByTestId('bulk-delete-dialog');
    await remove.getByText('Delete 2 files?').waitFor();
    await expectNoSeriousA11yViolations(page);
    await remove.getByTestId('bulk-delete-submit').click();
    await remove.waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByText('2 files moved to the trash').waitFor({ timeout: 10_000 });
    for (const title of BULK) await rowOf(page, title).waitFor({ state: 'detached', timeout: 15_000 });
    expect(carol.errors).toEqual([]);
  });
});
