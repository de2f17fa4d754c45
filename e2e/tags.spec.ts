import { FILE_AREA_SETTING_KEYS } from '@portico/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { demoUserId, mintAccessToken } from '../apps/server/src/testing/tokens.ts';
import { expectNoSeriousA11yViolations } from './support/browser.ts';
import { useBrowser } from './support/browser-session.ts';
import { horizontalOverflow } from './support/page-checks.ts';
import { useServer } from './support/server.ts';
import { signInAs } from './support/sign-in.ts';

/**
 * Tags in real Chromium (issue 27 item 3 and the bulk tag/untag of item 10): bob (a client, the flag on) creates a
 * tag in a file's "More" dialog, applies it and filters his list by it; carol tags a selection in the control
 * panel and untags it; with `fileAreaManageTags` off bob sees no tag action and the API answers 403.
 */

const server = useServer();
const browser = useBrowser();
const BOBS_SITE = "Bob's Bakery Ltd";

async function tokenOf(user: 'carol' | 'bob') {
  const s = server();
  return `Bearer ${await mintAccessToken(s, { sub: await demoUserId(s, user) }, { expiresIn: 600 })}`;
}

async function bakery() {
  const { rows } = await server().db.query<{ id: string }>(
    "SELECT id FROM sites WHERE reference = 'ACME-1001'",
  );
  return rows[0]!.id;
}

/** Bob's site's flags: every one on but `off`. */
async function setFlags(off?: string) {
  const answer = await fetch(
    `${server().url}/t/acme/portal/api/staff/sites/${await bakery()}/file-area-settings`,
    {
      method: 'PATCH',
      headers: { authorization: await tokenOf('carol'), 'content-type': 'application/json' },
      body: JSON.stringify(Object.fromEntries(FILE_AREA_SETTING_KEYS.map((k) => [k, k !== off]))),
    },
  );
  expect(answer.status).toBe(200);
}

async function openSignedIn(path: string, username: string) {
  const tracked = await browser.open();
  await tracked.page.goto(`${server().url}${path}`);
  await signInAs(tracked.page, username);
  return tracked;
}

const rowOf = (page: Page, title: string) => page.locator('tbody tr').filter({ hasText: title });

describe('tags', { timeout: 90_000 }, () => {
  test('bob creates a tag on a file, applies it and filters his list by it', async () => {
    await setFlags();
    const { page, errors } = await openSignedIn('/publishedFiles', 'bob');
    const row = rowOf(page, 'Annual accounts 2025');
    await row.waitFor({ timeout: 20_000 });
    await row.getByRole('button', { name: 'More actions for Annual accounts 2025' }).click();
    const dialog = page.getByTestId('file-actions-dialog');
    await dialog.getByTestId('file-action-tags').click();
    await dialog.getByTestId('file-tags-panel').waitFor();
    await dialog.getByLabel('New tag').fill('Year end');
    // The colour is picked by its name: never the only cue.
    await dialog.getByRole('radio', { name: 'Green' }).check();
    await dialog.getByTestId('new-tag-create').click();
    const option = dialog.getByRole('checkbox', { name: 'Year end' });
    await expect.poll(() => option.isChecked(), { timeout: 10_000 }).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByTestId('file-tags-save').click();
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    await row.getByText('Year end').waitFor({ timeout: 10_000 });

    // At 360 px, with the tag on the row, nothing runs off the side.
    await page.setViewportSize({ width: 360, height: 780 });
    await expect
      .poll(() => horizontalOverflow(page), { timeout: 10_000 })
      .toEqual({ overflow: 0, culprits: [] });
    await page.setViewportSize({ width: 1280, height: 900 });

    await rowOf(page, 'Engagement letter 2026').waitFor();
    await page.getByRole('combobox', { name: 'Filter by tag' }).click();
    await page.locator('.ant-select-item-option[title="Year end"]').click();
    // Only the file carrying the tag is left (the list is read again: both are checked at once).
    await expect
      .poll(async () => [await row.count(), await rowOf(page, 'Engagement letter 2026').count()], {
        timeout: 10_000,
      })
      .toEqual([1, 0]);
    expect(errors).toEqual([]);
  });

  test('carol tags a selection in one go, then untags it', async () => {
    const { page, errors } = await openSignedIn('/control-panel/publish', 'carol');
    await page.getByRole('heading', { level: 1, name: 'Publish' }).waitFor({ timeout: 20_000 });
    const picker = page.getByRole('combobox', { name: 'Site' });
    await picker.click();
    await picker.fill('Bob');
    await page.locator(`.ant-select-item-option[title="${BOBS_SITE}"]`).click();
    const table = page.getByTestId('published-files-table');
    const titles = ['Annual accounts 2025', 'Engagement letter 2026'];
    const select = async () => {
      for (const title of titles) {
        await table.getByRole('checkbox', { name: `Select ${title}` }).check({ timeout: 20_000 });
      }
    };
    await select();
    await page.getByTestId('bulk-tag').click();
    const bulk = page.getByTestId('bulk-tags-dialog');
    await bulk.getByRole('heading', { name: 'Tag 2 files' }).waitFor();
    await bulk.getByLabel('New tag').fill('Signed');
    await bulk.getByRole('radio', { name: 'Purple' }).check();
    await bulk.getByTestId('new-tag-create').click();
    await expect
      .poll(() => bulk.getByRole('checkbox', { name: 'Signed' }).isChecked(), { timeout: 10_000 })
      .toBe(true);
    await bulk.getByTestId('bulk-tags-apply').click();
    await bulk.waitFor({ state: 'detached', timeout: 10_000 });
    await page.getByText('2 of 2 files changed.').waitFor({ timeout: 10_000 });
    for (const title of titles) await rowOf(page, title).getByText('Signed').waitFor({ timeout: 10_000 });

    await select();
    await page.getByTestId('bulk-untag').click();
    await bulk.getByRole('checkbox', { name: 'Signed' }).check();
    await bulk.getByTestId('bulk-tags-apply').click();
    await bulk.waitFor({ state: 'detached', timeout: 10_000 });
    for (const title of titles) {
      await expect.poll(() => rowOf(page, title).getByText('Signed').count(), { timeout: 10_000 }).toBe(0);
    }
    // The firm's tags on the File-area settings page: the count of files is said before deleting.
    await page.goto(`${server().url}/control-panel/file-area-settings`);
    await page.getByRole('tab', { name: 'Tags' }).click();
    const editor = page.getByTestId('tags-editor');
    await editor
      .getByTestId('tags-editor-Year end')
      .getByText(/1 file$/)
      .waitFor({ timeout: 20_000 });
    await editor.getByRole('button', { name: 'Delete Signed' }).click();
    expect(await editor.getByTestId('tag-delete-warning').textContent()).toContain('taken off 0 files');
    await editor.getByTestId('tag-delete-confirm').click();
    await expect.poll(() => editor.getByTestId('tags-editor-Signed').count(), { timeout: 10_000 }).toBe(0);
    expect(errors).toEqual([]);
  });

  test('with fileAreaManageTags off bob sees no tag action and the API answers 403', async () => {
    await setFlags('fileAreaManageTags');
    try {
      const { page, errors } = await openSignedIn('/publishedFiles', 'bob');
      const row = rowOf(page, 'Annual accounts 2025');
      await row.waitFor({ timeout: 20_000 });
      await table(page).getByRole('checkbox', { name: 'Select Annual accounts 2025' }).check();
      expect(await page.getByTestId('bulk-tag').count()).toBe(0);
      expect(await page.getByTestId('bulk-untag').count()).toBe(0);
      const more = row.getByRole('button', { name: 'More actions for Annual accounts 2025' });
      if (await more.count()) {
        await more.click();
        await page.getByTestId('file-actions-dialog').waitFor();
        expect(await page.getByTestId('file-action-tags').count()).toBe(0);
      }
      const files = await server().db.query<{ id: string }>(
        "SELECT id FROM files WHERE title = 'Annual accounts 2025' AND deleted_at IS NULL",
      );
      const answer = await fetch(
        `${server().url}/t/acme/file-management/api/files/${files.rows[0]!.id}/tags`,
        {
          method: 'PUT',
          headers: { authorization: await tokenOf('bob'), 'content-type': 'application/json' },
          body: JSON.stringify({ tagIds: [] }),
        },
      );
      expect(answer.status).toBe(403);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('settings.forbidden');
      expect(errors).toEqual([]);
    } finally {
      await setFlags();
    }
  });
});

const table = (page: Page) => page.locator('table');
