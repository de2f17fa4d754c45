import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo-data.ts';
import { type ReceivedMail, startTestSmtpServer } from '../apps/server/src/testing/smtp.ts';
import { expectNoSeriousA11yViolations, takeScreenshots } from './support/browser.ts';
import { useBrowser } from './support/browser-session.ts';
import { useServer } from './support/server.ts';

/**
 * Invitations and password resets (issue 14, part 3) in real Chromium, against the real server sending through a
 * real SMTP server in this process: carol adds a client by e-mail, the invitation arrives, its link sets a
 * password and the client lands signed in on the portal; later the client forgets the password and resets it.
 * The tests run in order on one server.
 */
const smtp = await startTestSmtpServer();
afterAll(() => smtp.close());
const server = useServer({ SMTP_URL: smtp.url, NOTIFY_BATCH_SECONDS: '0', LOGIN_RATE_LIMIT: '100' });
const browser = useBrowser();

const CLIENT = { email: 'olivia@client.example', name: 'Olivia Oak' };
const FIRST_PASSWORD = 'olivia first password';
const SECOND_PASSWORD = 'olivia second password';
const OPENED = 'Engagement letter 2026';
const ATTACKER_EMAIL = 'bob@example.com';
const LINK = /https?:\/\/[^\s"<>]+\/idp\/password#[A-Za-z0-9_-]{43}/;

/**
 * The `index`-th mail to `address` about invitations and passwords; the account's alerts (a sign-in from a new
 * browser, issue 28) arrive between them and are not counted.
 */
async function mailTo(address: string, index: number): Promise<ReceivedMail> {
  const mails = () =>
    smtp.mails.filter((m) => m.to.includes(address) && !/new sign-in/i.test(m.parsed.subject ?? ''));
  await expect.poll(() => mails().length, { timeout: 30_000 }).toBeGreaterThan(index);
  return mails()[index]!;
}

const linkOf = (mail: ReceivedMail) => mail.parsed.text!.match(LINK)![0];

async function signIn(page: Page, username: string, password: string) {
  const usernameField = page.getByLabel('Username');
  await usernameField.waitFor({ timeout: 20_000 });
  await usernameField.fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens a link from a mail in a fresh browser and sets the password on the page it shows. */
async function followLinkAndSetPassword(link: string, password: string, screenshot?: string) {
  const tracked = await browser.open();
  const { page } = tracked;
  await page.goto(link);
  await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
  // The script took the secret out of the address bar and the history.
  await expect.poll(() => new URL(page.url()).hash).toBe('');
  expect(await page.locator('#secret').inputValue()).toMatch(/^[A-Za-z0-9_-]{43}$/);
  if (screenshot) {
    await expectNoSeriousA11yViolations(page);
    await takeScreenshots(page, screenshot);
  }
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Repeat the password').fill(password);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  return tracked;
}

/** The portal, signed in: the selected site's name shows. */
async function expectInPortal(page: Page) {
  await expect
    .poll(() => page.getByTestId('selected-site-name').textContent(), { timeout: 30_000 })
    .toBe("Bob's Bakery Ltd");
}

describe('invitations and password resets', () => {
  test('carol adds a new client by e-mail; the mail arrives; its link sets a password and signs the client in', async () => {
    const carol = await browser.open();
    await carol.page.goto(`${server().url}/control-panel/sites`);
    await signIn(carol.page, 'carol', DEMO_PASSWORD);
    await carol.page.getByRole('heading', { level: 1, name: 'Sites' }).waitFor({ timeout: 20_000 });
    await carol.page.getByRole('button', { name: "Members of Bob's Bakery Ltd" }).click();
    const drawer = carol.page.getByRole('dialog', { name: "Members of Bob's Bakery Ltd" });
    await drawer.getByLabel('E-mail address').fill(CLIENT.email);
    await drawer.getByLabel('Name').fill(CLIENT.name);
    await drawer.getByRole('button', { name: 'Add member' }).click();
    await drawer.getByText(CLIENT.email, { exact: true }).waitFor();
    await drawer.getByText('Invitation pending').waitFor();
    expect(
      await drawer.getByRole('button', { name: `Resend invitation to ${CLIENT.name}` }).isVisible(),
    ).toBe(true);
    await takeScreenshots(carol.page, 'invitation-pending');
    expect(carol.errors).toEqual([]);

    const mail = await mailTo(CLIENT.email, 0);
    expect(mail.parsed.subject).toBe('Acme Accounting invited you to Portico');
    const client = await followLinkAndSetPassword(linkOf(mail), FIRST_PASSWORD, 'set-password');
    // No second password prompt: the provider signs her in and the portal opens on her site.
    await expectInPortal(client.page);
    expect(new URL(client.page.url()).pathname).toBe('/submittedFiles');
    // Nothing of Bob's Bakery was opened by her yet: the landing page says how many documents are new.
    const notice = client.page.getByTestId('new-documents-notice');
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.textContent()).toMatch(/^\d+ new documents? in Published Files$/);
    const before = Number((await notice.textContent())!.match(/^\d+/)![0]);
    await notice.getByRole('link', { name: 'in Published Files' }).click();
    await client.page.waitForURL(/\/publishedFiles$/);
    // She opens one: the firm will see it (next test), and one document fewer is new.
    const [download] = await Promise.all([
      client.page.waitForEvent('download', { timeout: 20_000 }),
      client.page.getByRole('button', { name: `Download ${OPENED}` }).click(),
    ]);
    expect(await download.failure()).toBeNull();
    await client.page.goto(`${server().url}/submittedFiles`);
    const after = client.page.getByTestId('new-documents-notice');
    if (before > 1) {
      await expect
        .poll(() => after.textContent(), { timeout: 20_000 })
        .toMatch(new RegExp(`^${before - 1} new`));
    } else {
      await client.page.getByTestId('selected-site-name').waitFor();
      expect(await after.count()).toBe(0);
    }
    expect(client.errors).toEqual([]);

    // The same link a second time is refused with a readable page, at once (issue 30).
    const again = await browser.open();
    await again.page.goto(linkOf(mail));
    await again.page.getByRole('heading', { name: 'This link no longer works' }).waitFor();

    // In the console her invitation is no longer pending.
    await carol.page.reload();
    await carol.page.getByRole('button', { name: "Members of Bob's Bakery Ltd" }).click();
    const reopened = carol.page.getByRole('dialog', { name: "Members of Bob's Bakery Ltd" });
    await reopened.getByText(CLIENT.email, { exact: true }).waitFor();
    expect(await reopened.getByText('Invitation pending').count()).toBe(0);
    await reopened.getByRole('button', { name: 'Close' }).click();

    // Carol invites a colleague from the Staff drawer, then sends the invitation again: two mails, one link each.
    await carol.page.getByRole('button', { name: 'Staff' }).click();
    const staff = carol.page.getByRole('dialog', { name: 'Staff of the firm' });
    await staff.getByLabel('E-mail address').fill('pat@acme.example');
    await staff.getByLabel('Name').fill('Pat Partner');
    await staff.getByRole('button', { name: 'Invite' }).click();
    await staff.getByText('pat@acme.example', { exact: true }).waitFor();
    await staff.getByText('Invitation pending').waitFor();
    await staff.getByRole('button', { name: 'Resend invitation to Pat Partner' }).click();
    await carol.page.getByText('Invitation sent').waitFor();
    await expectNoSeriousA11yViolations(carol.page);
    await takeScreenshots(carol.page, 'staff-drawer');
    const [first, second] = [await mailTo('pat@acme.example', 0), await mailTo('pat@acme.example', 1)];
    expect(first.parsed.text).toContain('invited you to see the control panel of Acme Accounting');
    expect(linkOf(first)).not.toBe(linkOf(second));
    expect(carol.errors).toEqual([]);
  });

  test('carol sees who opened each published file: Olivia opened the engagement letter', async () => {
    const { page, errors } = await browser.open();
    await page.goto(`${server().url}/control-panel/`);
    await signIn(page, 'carol', DEMO_PASSWORD);
    await page.getByRole('heading', { level: 1, name: 'Sites' }).waitFor({ timeout: 20_000 });
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Publish' }).click();
    await page.getByRole('heading', { level: 1, name: 'Publish' }).waitFor({ timeout: 20_000 });
    const picker = page.getByRole('combobox', { name: 'Site' });
    await picker.click();
    await picker.fill("Bob's");
    await page.locator(`.ant-select-item-option[title="Bob's Bakery Ltd"]`).click();
    const table = page.getByTestId('published-files-table');
    const opened = table.getByRole('button', { name: new RegExp(`clients opened ${OPENED}$`) });
    await expect.poll(() => opened.textContent(), { timeout: 20_000 }).toMatch(/^[12] of 2$/);
    await opened.click();
    const drawer = page.getByRole('dialog', { name: `Who opened ${OPENED}` });
    const olivia = drawer.getByRole('row').filter({ hasText: CLIENT.email });
    await olivia.waitFor();
    expect(await olivia.textContent()).toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(await olivia.getByText('Not opened').count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    await takeScreenshots(page, 'file-reads');
    expect(errors).toEqual([]);
  });

  test('the client signs in with her address and password on the login form', async () => {
    const { page, errors } = await browser.open();
    await page.goto(`${server().url}/`);
    await signIn(page, CLIENT.email, FIRST_PASSWORD);
    await expectInPortal(page);
    expect(errors).toEqual([]);
  });

  test('forgot password: the login page links to it, the mail arrives, the new password works', async () => {
    const { page, errors } = await browser.open();
    await page.goto(`${server().url}/`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click({ timeout: 20_000 });
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await takeScreenshots(page, 'forgot-password');
    await page.getByLabel('E-mail address').fill(CLIENT.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    expect(errors).toEqual([]);

    const mail = await mailTo(CLIENT.email, 1);
    expect(mail.parsed.subject).toBe('Reset your Portico password');
    const reset = await followLinkAndSetPassword(linkOf(mail), SECOND_PASSWORD);
    await expectInPortal(reset.page);

    // The old password no longer opens the account; the new one does.
    const old = await browser.open();
    await old.page.goto(`${server().url}/`);
    await signIn(old.page, CLIENT.email, FIRST_PASSWORD);
    await old.page.getByRole('alert').waitFor();
    const fresh = await browser.open();
    await fresh.page.goto(`${server().url}/`);
    await signIn(fresh.page, CLIENT.email, SECOND_PASSWORD);
    await expectInPortal(fresh.page);
  });

  test("a page on another port that posts someone's own reset link cannot sign this browser in (login CSRF)", async () => {
    // The attacker asks for a reset of their own account (Bob's here) and takes the link's secret.
    const asked = await fetch(`${server().url}/idp/password/forgot`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: ATTACKER_EMAIL }).toString(),
    });
    expect(asked.status).toBe(200);
    const secret = linkOf(await mailTo(ATTACKER_EMAIL, 0)).split('#')[1]!;
    // Their page, on another loopback port, posts the set-password form as soon as it opens.
    const attackerPage = `<!doctype html><title>Win a prize</title>
<form method="post" action="${server().url}/idp/password">
<input type="hidden" name="secret" value="${secret}">
<input type="hidden" name="password" value="attacker chosen password">
<input type="hidden" name="confirmation" value="attacker chosen password"></form>
<script>document.forms[0].submit()</script>`;
    const attacker = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(attackerPage);
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    try {
      const { page } = await browser.open();
      await page.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`);
      await page.getByRole('heading', { name: 'This form came from another site' }).waitFor();
      // The victim then opens the portal: still signed out, the sign-in form shows.
      await page.goto(`${server().url}/`);
      await page.getByLabel('Username').waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('selected-site-name').count()).toBe(0);
    } finally {
      await new Promise((resolve) => attacker.close(resolve));
    }
    // Nothing was set: the attacker's password does not open the account.
    const check = await browser.open();
    await check.page.goto(`${server().url}/`);
    await signIn(check.page, ATTACKER_EMAIL, 'attacker chosen password');
    await check.page.getByRole('alert').waitFor();
  });
});
