import { FILE_AREA_SETTING_KEYS } from '@portico/contracts';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { tenantsOf } from '../apps/server/src/idp/accounts.ts';
import { type ReceivedMail, startTestSmtpServer } from '../apps/server/src/testing/smtp.ts';
import { demoUserId, mintAccessToken } from '../apps/server/src/testing/tokens.ts';
import { expectNoSeriousA11yViolations, VIEWPORTS } from './support/browser.ts';
import { useBrowser } from './support/browser-session.ts';
import { horizontalOverflow } from './support/page-checks.ts';
import { useServer } from './support/server.ts';
import { signInAs } from './support/sign-in.ts';

/**
 * Statuses of published files (issue 27 item 1) in real Chromium: bob approves a draft in the portal ("Set status"
 * in the row's More dialog, with a note); carol sees the status on the Publish page and gets the mail, caught by the
 * test's SMTP server; carol renames and adds statuses on the File-area settings page; with the site's flag off the
 * portal no longer offers the action and the API answers 403.
 */
const smtp = await startTestSmtpServer();
afterAll(() => smtp.close());
const server = useServer({
  SMTP_URL: smtp.url,
  MAIL_FROM: 'portal@acme.example',
  NOTIFY_BATCH_SECONDS: '1',
  LOGIN_RATE_LIMIT: '100',
});
const browser = useBrowser();
const BOBS_SITE = "Bob's Bakery Ltd";
const DRAFT = 'Annual accounts 2025';

async function tokenOf(user: 'carol' | 'bob') {
  const s = server();
  const sub = await demoUserId(s, user);
  return `Bearer ${await mintAccessToken(s, { sub, [s.config.tenantClaim]: await tenantsOf(s.db, sub) })}`;
}
async function bakery() {
  const { rows } = await server().db.query<{ id: string }>(
    "SELECT id FROM sites WHERE reference = 'ACME-1001'",
  );
  return rows[0]!.id;
}
/** Carol sets Bob's site's flags through the API, as the settings page does: every one on, but `off`. */
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
const rowOf = (page: Page, title: string) =>
  page.locator('tbody tr[data-row-key]').filter({ has: page.getByText(title, { exact: true }) });
const dialog = (page: Page) => page.getByTestId('file-actions-dialog');
const waitForMail = async (address: string, subject: RegExp): Promise<ReceivedMail> => {
  const found = () => smtp.mails.find((m) => m.to.includes(address) && subject.test(m.parsed.subject ?? ''));
  await vi.waitFor(() => expect(found()).toBeDefined(), { timeout: 30_000, interval: 250 });
  return found()!;
};

describe('statuses of published files', () => {
  test('bob approves a draft in the portal; carol sees it, gets the mail and edits the list; flag off hides it', {
    timeout: 120_000,
  }, async () => {
    await setFlags();

    // Bob: Published Files → the draft's More → Set status → Approved, with a note, by keyboard where it counts.
    const bob = await openSignedIn('/publishedFiles', 'bob');
    const row = rowOf(bob.page, DRAFT);
    await row.waitFor({ timeout: 20_000 });
    await bob.page.setViewportSize({ width: 360, height: 780 });
    // At 360 px (the page, the dialog with its choices, the row) nothing runs off the side. Polled: the shell's
    // layout follows the width through its media-query listeners, a frame or two later.
    const fits = () =>
      expect
        .poll(() => horizontalOverflow(bob.page), { timeout: 5_000 })
        .toEqual({ overflow: 0, culprits: [] });
    await row.getByRole('button', { name: `More actions for ${DRAFT}` }).focus();
    await bob.page.keyboard.press('Enter');
    await dialog(bob.page).getByRole('button', { name: 'Set status', exact: true }).click();
    const form = bob.page.getByTestId('file-status-form');
    await form.getByRole('radio', { name: 'Approved' }).check();
    await form.getByLabel('Note (optional)').fill('Approved, please file it.');
    await expectNoSeriousA11yViolations(bob.page);
    await fits();
    await form.getByRole('button', { name: 'Set status' }).click();
    await dialog(bob.page).waitFor({ state: 'detached', timeout: 10_000 });
    await expect
      .poll(() => row.getByTestId('file-status-tag').textContent(), { timeout: 10_000 })
      .toBe('Approved');
    await fits();
    await bob.page.setViewportSize(VIEWPORTS.desktop);

    // Carol gets the mail: the file, the status and the note.
    const mail = await waitForMail('carol@acme.example', /Approved/);
    expect(mail.parsed.subject).toBe(`${DRAFT}: Approved (${BOBS_SITE})`);
    expect(mail.parsed.text).toContain(`Bob Baker set "${DRAFT}" to Approved`);
    expect(mail.parsed.text).toContain('Approved, please file it.');

    // … and sees the status on the Publish page, where she sets another one herself.
    const carol = await openSignedIn('/control-panel/publish', 'carol');
    const picker = carol.page.getByRole('combobox', { name: 'Site' });
    await picker.waitFor({ timeout: 20_000 });
    await picker.click();
    await picker.fill('Bob');
    await carol.page.locator(`.ant-select-item-option[title="${BOBS_SITE}"]`).click();
    const table = carol.page.getByTestId('published-files-table');
    const carolsRow = table.locator('tbody tr[data-row-key]').filter({ hasText: DRAFT });
    await expect
      .poll(() => carolsRow.getByTestId('file-status-tag').textContent(), { timeout: 20_000 })
      .toBe('Approved');
    await carolsRow.getByRole('button', { name: `More actions for ${DRAFT}` }).click();
    await dialog(carol.page).getByRole('button', { name: 'Set status', exact: true }).click();
    await carol.page.getByTestId('file-status-form').getByRole('radio', { name: 'For review' }).check();
    await carol.page.getByTestId('file-status-form').getByRole('button', { name: 'Set status' }).click();
    await expect
      .poll(() => carolsRow.getByTestId('file-status-tag').textContent(), { timeout: 10_000 })
      .toBe('For review');
    // The Publish page's table filters by status and sorts on the server, as the portal's does.
    const tableRows = table.locator('tbody tr[data-row-key]');
    await expect.poll(() => tableRows.count(), { timeout: 10_000 }).toBeGreaterThan(1);
    // The list is read again with the filter: on a loaded CI runner that once took over 10 s (2026-11-28).
    await carol.page.getByRole('combobox', { name: 'Filter by status' }).click();
    await carol.page.locator('.ant-select-item-option[title="For review"]').click();
    await carol.page.keyboard.press('Escape');
    await expect
      .poll(() => new URL(carol.page.url()).searchParams.getAll('status'), { timeout: 10_000 })
      .toEqual(['for_review']);
    await expect.poll(() => tableRows.count(), { timeout: 30_000 }).toBe(1);
    await carolsRow.waitFor();
    await carol.page.getByRole('combobox', { name: 'Filter by status' }).click();
    await carol.page.locator('.ant-select-item-option[title="For review"]').click();
    await carol.page.keyboard.press('Escape');
    await expect.poll(() => tableRows.count(), { timeout: 10_000 }).toBeGreaterThan(1);
    // Sorted by title: the table shows the server's order, ascending, then turned round.
    const titles = async () =>
      (await tableRows.locator('.portico-title-cell__title').allTextContents()).map((t) => t.trim());
    const served = async (order: 'asc' | 'desc') => {
      const answer = await fetch(
        `${server().url}/t/acme/file-management/api/files/published-files?siteId=${await bakery()}&folderId=root&sortBy=title&sortOrder=${order}`,
        { headers: { authorization: await tokenOf('carol') } },
      );
      return ((await answer.json()) as { records: { title: string }[] }).records.map((r) => r.title);
    };
    const titleHeader = table.getByRole('button', { name: 'Title' });
    await titleHeader.click();
    await expect.poll(titles, { timeout: 10_000 }).toEqual(await served('asc'));
    await titleHeader.click();
    await expect.poll(titles, { timeout: 10_000 }).toEqual(await served('desc'));
    expect(await served('desc')).not.toEqual(await served('asc'));

    // Carol edits the list: renames "Changes requested", adds "Filed", moves it to the top, saves.
    await carol.page.goto(`${server().url}/control-panel/file-area-settings?tab=statuses`);
    const rename = carol.page.getByRole('textbox', { name: 'Name of status 3' });
    await rename.waitFor({ timeout: 20_000 });
    await rename.fill('Needs changes');
    await carol.page.getByTestId('status-add').click();
    await carol.page.getByRole('textbox', { name: 'Name of status 4' }).fill('Filed');
    // A name of 60 characters (the most) fits a 360 px phone too.
    await carol.page.getByTestId('status-add').click();
    await carol.page.getByRole('textbox', { name: 'Name of status 5' }).fill('W'.repeat(60));
    await carol.page.setViewportSize({ width: 360, height: 780 });
    await expect
      .poll(() => horizontalOverflow(carol.page), { timeout: 5_000 })
      .toEqual({ overflow: 0, culprits: [] });
    await carol.page.setViewportSize(VIEWPORTS.desktop);
    await carol.page.getByRole('button', { name: `Remove ${'W'.repeat(60)}` }).click();
    for (let i = 0; i < 3; i++) await carol.page.getByRole('button', { name: 'Move Filed up' }).click();
    await carol.page.getByRole('button', { name: 'Remove For review' }).click();
    await expect
      .poll(() => carol.page.getByTestId('statuses-removed').textContent())
      .toContain('1 file has it and will have no status');
    await expectNoSeriousA11yViolations(carol.page);
    await carol.page.getByTestId('statuses-save').click();
    await expect
      .poll(async () => {
        const answer = await fetch(`${server().url}/t/acme/file-management/api/statuses`, {
          headers: { authorization: await tokenOf('bob') },
        });
        return ((await answer.json()) as { records: { key: string; name: string }[] }).records;
      })
      .toEqual([
        { key: 'filed', name: 'Filed' },
        { key: 'approved', name: 'Approved' },
        { key: 'changes_requested', name: 'Needs changes' },
      ]);

    // Bob's dialog offers the new list.
    await bob.page.reload();
    await row.waitFor({ timeout: 20_000 });
    await row.getByRole('button', { name: `More actions for ${DRAFT}` }).click();
    await dialog(bob.page).getByRole('button', { name: 'Set status', exact: true }).click();
    await expect
      .poll(() => bob.page.getByTestId('file-status-form').locator('label').allTextContents())
      .toEqual(['Filed', 'Approved', 'Needs changes', 'Note (optional)']);
    await bob.page.keyboard.press('Escape');

    // The flag off: no "Set status" for bob, and the API refuses him.
    await setFlags('internalFileStatusUpdate');
    await bob.page.reload();
    await row.waitFor({ timeout: 20_000 });
    await row.getByRole('button', { name: `More actions for ${DRAFT}` }).click();
    await dialog(bob.page).getByRole('button', { name: 'Rename', exact: true }).waitFor();
    expect(await dialog(bob.page).getByRole('button', { name: 'Set status' }).count()).toBe(0);
    const { rows } = await server().db.query<{ id: string }>(
      `SELECT id FROM files WHERE title = $1 AND direction = 'published'`,
      [DRAFT],
    );
    const refused = await fetch(`${server().url}/t/acme/file-management/api/files/${rows[0]!.id}/status`, {
      method: 'PUT',
      headers: { authorization: await tokenOf('bob'), 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'approved' }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('settings.forbidden');

    expect(bob.errors).toEqual([]);
    expect(carol.errors).toEqual([]);
  });
});
