import { FILE_AREA_SETTING_KEYS, type FileAreaSettingKey } from '@portico/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { demoUserId, mintAccessToken } from '../apps/server/src/testing/tokens.ts';
import { expectNoSeriousA11yViolations, takeScreenshots } from './support/browser.ts';
import { useBrowser } from './support/browser-session.ts';
import { useServer } from './support/server.ts';
import { signInAs } from './support/sign-in.ts';

/**
 * Rename, move, copy and delete in real Chromium (issue 26, decision 48): Bob renames, moves, copies (taking the
 * free name the server offers) and deletes a file of his on Submitted Files; Carol restores it from the site's
 * trash in the control panel; with a flag off the portal no longer offers that action and the server refuses it.
 */

const server = useServer();
const browser = useBrowser();
const FILE = 'E2E statement.pdf';

async function api(username: 'bob' | 'carol', method: string, path: string, body?: unknown) {
  const s = server();
  const token = await mintAccessToken(s, { sub: await demoUserId(s, username) }, { expiresIn: 600 });
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
  const answer = await fetch(`${s.url}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
  });
  return { status: answer.status, body: (await answer.json().catch(() => null)) as Record<string, unknown> };
}

async function siteId() {
  const { rows } = await server().db.query<{ id: string }>(
    "SELECT id FROM sites WHERE reference = 'ACME-1001'",
  );
  return rows[0]!.id;
}

/** The Bakery's own flags: every one on but `off` (as the control panel's settings page saves them). */
async function setFlags(off: FileAreaSettingKey[] = []) {
  const flags = Object.fromEntries(FILE_AREA_SETTING_KEYS.map((k) => [k, !off.includes(k)]));
  expect(
    (
      await api(
        'carol',
        'PATCH',
        `/t/acme/portal/api/staff/sites/${await siteId()}/file-area-settings`,
        flags,
      )
    ).status,
  ).toBe(200);
}

async function submitAsBob(name: string) {
  const form = new FormData();
  form.append('siteId', await siteId());
  form.append(
    'file',
    new File([new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n'))], name, { type: 'application/pdf' }),
  );
  const uploaded = await api('bob', 'POST', '/t/acme/file-storage/api/files', form);
  const [file] = uploaded.body.files as { referenceNumber: string }[];
  const saved = await api('bob', 'POST', '/t/acme/portal/api/files', {
    siteId: await siteId(),
    files: [{ referenceNumber: file!.referenceNumber }],
  });
  expect(saved.status).toBe(201);
  return (saved.body.records as { id: string }[])[0]!.id;
}

const rowOf = (page: Page, title: string) =>
  page.locator('tbody tr[data-row-key]').filter({ has: page.getByText(title, { exact: true }) });
const dialog = (page: Page) => page.getByTestId('file-actions-dialog');

/** Opens a row's "More" and picks `action` in the dialog. */
async function choose(page: Page, title: string, action: string) {
  await rowOf(page, title)
    .getByRole('button', { name: `More actions for ${title}` })
    .click();
  await dialog(page).getByRole('button', { name: action, exact: true }).click();
}

describe('rename, move, copy and delete of a file, and the trash', () => {
  test('a client changes and deletes a file in the portal; staff restore it from the trash', async () => {
    await setFlags();
    const id = await submitAsBob(FILE);
    const { rows } = await server().db.query<{ id: string }>(
      "INSERT INTO folders (tenant_code, site_id, name) VALUES ('acme', $1, 'Tax 2025') RETURNING id",
      [await siteId()],
    );
    const folder = rows[0]!.id;
    const fileRow = async () =>
      (
        await server().db.query<{ file_name: string; folder_id: string | null; deleted_at: Date | null }>(
          'SELECT file_name, folder_id, deleted_at FROM files WHERE id = $1',
          [id],
        )
      ).rows[0]!;

    const { page, errors } = await browser.open();
    await page.goto(`${server().url}/submittedFiles`);
    await signInAs(page, 'bob');
    await rowOf(page, FILE).waitFor({ timeout: 20_000 });

    // Rename, from the keyboard.
    await rowOf(page, FILE)
      .getByRole('button', { name: `More actions for ${FILE}` })
      .focus();
    await page.keyboard.press('Enter');
    await dialog(page).getByRole('button', { name: 'Rename', exact: true }).focus();
    await page.keyboard.press('Enter');
    await dialog(page).getByLabel('New name').fill('E2E renamed.pdf');
    await page.keyboard.press('Enter');
    await rowOf(page, 'E2E renamed.pdf').waitFor();
    expect((await fileRow()).file_name).toBe('E2E renamed.pdf');

    // Move: the file sits in a folder (as if uploaded there); Bob moves it to the site's top level.
    await server().db.query('UPDATE files SET folder_id = $2 WHERE id = $1', [id, folder]);
    await choose(page, 'E2E renamed.pdf', 'Move');
    await dialog(page).getByLabel('Move to').selectOption({ label: "The site's top level (no folder)" });
    await dialog(page).getByTestId('file-action-submit').click();
    await dialog(page).waitFor({ state: 'detached' });
    expect((await fileRow()).folder_id).toBeNull();

    // Copy into the same place: the name is taken, the page offers the free one.
    await choose(page, 'E2E renamed.pdf', 'Copy');
    await dialog(page).getByTestId('file-action-submit').click();
    await dialog(page).getByTestId('use-suggested-name').waitFor();
    await takeScreenshots(page, 'file-actions-name-taken');
    await expectNoSeriousA11yViolations(page);
    await dialog(page).getByTestId('use-suggested-name').getByText('Use "E2E renamed (2).pdf"').click();
    await expect.poll(() => dialog(page).getByLabel('Name').inputValue()).toBe('E2E renamed (2).pdf');
    await dialog(page).getByTestId('file-action-submit').click();
    await rowOf(page, 'E2E renamed (2).pdf').waitFor();

    // Delete, asked first.
    await choose(page, 'E2E renamed.pdf', 'Delete');
    await expect.poll(() => dialog(page).textContent()).toContain("It goes to the site's trash");
    await dialog(page).getByTestId('file-action-submit').click();
    await rowOf(page, 'E2E renamed.pdf').waitFor({ state: 'detached' });
    expect((await fileRow()).deleted_at).not.toBeNull();

    // A flag off: the action is gone from the page, and the server refuses it.
    await setFlags(['internalFilesRename']);
    await page.reload();
    await rowOf(page, 'E2E renamed (2).pdf').waitFor({ timeout: 20_000 });
    await rowOf(page, 'E2E renamed (2).pdf')
      .getByRole('button', { name: /More actions/ })
      .click();
    await dialog(page).getByRole('button', { name: 'Move', exact: true }).waitFor();
    expect(await dialog(page).getByRole('button', { name: 'Rename', exact: true }).count()).toBe(0);
    const copyId = (
      await server().db.query<{ id: string }>("SELECT id FROM files WHERE file_name = 'E2E renamed (2).pdf'")
    ).rows[0]!.id;
    expect(
      (await api('bob', 'PATCH', `/t/acme/file-management/api/files/${copyId}`, { name: 'x.pdf' })).status,
    ).toBe(403);
    // Chromium logs the answer the page expected: the copy's 409 (the name taken). Nothing else.
    const expected = (e: string) => /status of 409 .*\/copy\]$/.test(e);
    expect(errors.filter((e) => !expected(e))).toEqual([]);

    // Carol restores it from the site's trash.
    const staff = await browser.open();
    await staff.page.goto(`${server().url}/control-panel/sites`);
    await signInAs(staff.page, 'carol');
    await staff.page.getByRole('button', { name: "Trash of Bob's Bakery Ltd" }).click();
    const trash = staff.page.getByTestId('trash-drawer');
    const item = trash.getByTestId('trash-item').filter({ hasText: 'E2E renamed.pdf' });
    await item.waitFor({ timeout: 20_000 });
    expect(await item.textContent()).toContain('by Bob Baker');
    await takeScreenshots(staff.page, 'file-actions-trash');
    await item.getByRole('button', { name: 'Restore E2E renamed.pdf' }).click();
    await item.waitFor({ state: 'detached' });
    expect(await fileRow()).toMatchObject({ deleted_at: null, folder_id: null });
    expect(staff.errors).toEqual([]);
    await setFlags();
  });
});
