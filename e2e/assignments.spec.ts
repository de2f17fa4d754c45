import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { tenantsOf } from '../apps/server/src/idp/accounts.ts';
import { startTestSmtpServer } from '../apps/server/src/testing/smtp.ts';
import { demoUserId, mintAccessToken } from '../apps/server/src/testing/tokens.ts';
import { expectNoSeriousA11yViolations } from './support/browser.ts';
import { useBrowser } from './support/browser-session.ts';
import { useServer } from './support/server.ts';
import { signInAs } from './support/sign-in.ts';

/**
 * Assignee and assignment (issue 27 item 2) in real Chromium: carol assigns two of Bob's files to Bob from the
 * control panel's selection bar with a note and a due date; the test's SMTP server catches Bob's mail; Bob sees
 * both on "Assigned to me" with the menu's count; the file's Assignments view lists the change. With the site's
 * flag off Bob's selection bar has no "Assign" and the API answers 403.
 */
const smtp = await startTestSmtpServer();
afterAll(() => smtp.close());
const server = useServer({ SMTP_URL: smtp.url, MAIL_FROM: 'portal@acme.example', LOGIN_RATE_LIMIT: '100' });
const browser = useBrowser();
const BOBS_SITE = "Bob's Bakery Ltd";
const FILES = ['Annual accounts 2025', 'VAT return Q3'];

async function openSignedIn(path: string, username: string) {
  const tracked = await browser.open();
  await tracked.page.goto(`${server().url}${path}`);
  await signInAs(tracked.page, username);
  return tracked;
}

async function tokenOf(username: 'bob' | 'carol') {
  const s = server();
  const sub = await demoUserId(s, username);
  return mintAccessToken(s, { sub, [s.config.tenantClaim]: await tenantsOf(s.db, sub) });
}

async function bobsSiteId() {
  const { rows } = await server().db.query<{ id: string }>(
    "SELECT id FROM sites WHERE reference = 'ACME-1001'",
  );
  return rows[0]!.id;
}

/** Carol sets a flag of Bob's site through the API, as the settings page does. */
async function setFlag(flag: string, value: boolean) {
  const answer = await fetch(
    `${server().url}/t/acme/portal/api/staff/sites/${await bobsSiteId()}/file-area-settings`,
    {
      method: 'PATCH',
      headers: { authorization: `Bearer ${await tokenOf('carol')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ [flag]: value }),
    },
  );
  expect(answer.status).toBe(200);
}

const pickBobsSite = async (page: Page) => {
  const picker = page.getByRole('combobox', { name: 'Site' });
  await picker.click();
  await picker.fill('Bob');
  await page.locator(`.ant-select-item-option[title="${BOBS_SITE}"]`).click();
};

describe('assignee and assignment', { timeout: 90_000 }, () => {
  test('carol assigns two files to bob with a note and due date; bob is mailed and sees them with the count', async () => {
    const carol = await openSignedIn('/control-panel/publish', 'carol');
    await carol.page.getByRole('heading', { level: 1, name: 'Publish' }).waitFor({ timeout: 20_000 });
    await pickBobsSite(carol.page);
    const table = carol.page.getByTestId('published-files-table');
    for (const title of FILES) {
      await table.getByRole('checkbox', { name: `Select ${title}` }).check({ timeout: 20_000 });
    }
    await carol.page.getByRole('button', { name: 'Assign 2' }).click();
    const dialog = carol.page.getByTestId('assign-files-dialog');
    await dialog.getByLabel('To').selectOption({ label: 'Bob Baker' });
    await expectNoSeriousA11yViolations(carol.page);
    await dialog.getByLabel('Note (optional)').fill('Please check these before our meeting.');
    // A date not written YYYY-MM-DD is refused on the page, readably.
    await dialog.getByLabel('Due date (optional)').fill('15/01/2031');
    await dialog.getByTestId('assign-send').click();
    expect(await dialog.getByTestId('assign-error').textContent()).toContain('YYYY-MM-DD');
    await dialog.getByLabel('Due date (optional)').fill('2031-01-15');
    await dialog.getByTestId('assign-send').click();
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });

    const [mail] = await smtp.waitForMails(1, 20_000);
    expect(mail!.to).toEqual(['bob@example.com']);
    expect(mail!.parsed.subject).toBe('Carol Chen assigned you 2 files, due 2031-01-15');
    for (const title of FILES) expect(mail!.parsed.text).toContain(title);
    expect(mail!.parsed.text).toContain('Please check these before our meeting.');

    // Bob: the menu's count and the page, soonest due first.
    const bob = await openSignedIn('/assignedToMe', 'bob');
    const menu = bob.page.getByRole('navigation', { name: 'Main menu' });
    const entry = menu.getByRole('link', { name: /Assigned to me/ });
    await expect.poll(() => entry.textContent(), { timeout: 20_000 }).toContain('2');
    const list = bob.page.getByTestId('assigned-list');
    await list.waitFor({ timeout: 20_000 });
    await expectNoSeriousA11yViolations(bob.page);
    const items = list.getByTestId('assigned-item');
    expect(await items.count()).toBe(2);
    for (const title of FILES) {
      const item = items.filter({ hasText: title });
      expect(await item.textContent()).toContain('Due 2031-01-15');
      expect(await item.textContent()).toContain(BOBS_SITE);
    }
    // Open its site: Published Files of Bob's site.
    await items.first().getByTestId('assigned-open-site').click();
    await bob.page.getByTestId('published-files-table').waitFor({ timeout: 20_000 });

    // The history lists the change (the control panel's details of the file).
    await table.getByRole('button', { name: `Details of ${FILES[0]}` }).click();
    const details = carol.page.getByRole('dialog', { name: FILES[0] });
    await details.getByRole('tab', { name: 'Assignments' }).click();
    const changes = details.getByTestId('file-assignments');
    await changes.waitFor({ timeout: 10_000 });
    const text = await changes.textContent();
    expect(text).toContain('Assigned to Bob Baker');
    expect(text).toContain('Carol Chen');
    expect(text).toContain('due 2031-01-15');
    expect(text).toContain('Please check these before our meeting.');
    expect(carol.errors).toEqual([]);
    expect(bob.errors).toEqual([]);
  });

  test('with the flag off bob’s selection has no Assign and the API answers 403; on, it has', async () => {
    await setFlag('internalFilesAssign', false);
    await setFlag('internalFileSetAssignee', false);
    const bob = await openSignedIn('/publishedFiles', 'bob');
    const table = bob.page.getByTestId('published-files-table');
    await table.getByRole('checkbox', { name: `Select ${FILES[0]}` }).check({ timeout: 20_000 });
    await bob.page.getByTestId('selection-count').getByText('1 selected').waitFor();
    expect(await bob.page.getByTestId('assign-files').count()).toBe(0);
    const { rows } = await server().db.query<{ id: string }>('SELECT id FROM files WHERE title = $1', [
      FILES[0],
    ]);
    const refused = await fetch(`${server().url}/t/acme/file-management/api/files/assign`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await tokenOf('bob')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fileIds: [rows[0]!.id], userId: await demoUserId(server(), 'carol') }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('settings.forbidden');

    await setFlag('internalFilesAssign', true);
    await setFlag('internalFileSetAssignee', true);
    await bob.page.reload();
    await table.getByRole('checkbox', { name: `Select ${FILES[0]}` }).check({ timeout: 20_000 });
    await bob.page.getByTestId('assign-files').waitFor({ timeout: 20_000 });

    // "Set assignee" in the file's More dialog: Bob hands the VAT return to Carol.
    await table.getByRole('button', { name: `More actions for ${FILES[1]}` }).click();
    const more = bob.page.getByTestId('file-actions-dialog');
    await more.getByTestId('file-action-assignee').click();
    await more.getByLabel('Assignee').selectOption({ label: 'Carol Chen' });
    await more.getByLabel('Note (optional)').fill('Over to you.');
    await more.getByTestId('assignee-save').click();
    await more.waitFor({ state: 'detached', timeout: 10_000 });
    const carolId = await demoUserId(server(), 'carol');
    await expect
      .poll(
        async () =>
          (
            await server().db.query<{ assignee_id: string | null }>(
              'SELECT assignee_id FROM files WHERE title = $1',
              [FILES[1]],
            )
          ).rows[0]!.assignee_id,
        { timeout: 10_000 },
      )
      .toBe(carolId);
    expect(bob.errors).toEqual([]);
  });
});
