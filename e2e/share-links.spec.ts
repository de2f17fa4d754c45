import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { tenantsOf } from '../apps/server/src/idp/accounts.ts';
import { startTestSmtpServer } from '../apps/server/src/testing/smtp.ts';
import { demoUserId, mintAccessToken } from '../apps/server/src/testing/tokens.ts';
import { useBrowser } from './support/browser-session.ts';
import { useServer } from './support/server.ts';
import { signInAs } from './support/sign-in.ts';

/**
 * E-mailing files and uploading from a link (issue 27 items 6 and 7) in real Chromium: carol e-mails a published
 * file from the control panel, the test reads the link from the mail its SMTP server caught, opens it signed out
 * and downloads the file; bob uploads a file from a link (a server of the test's) on Submitted Files.
 */
const smtp = await startTestSmtpServer();
afterAll(() => smtp.close());
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);
const web = createServer((request, response) => {
  if (request.url === '/Engagement%20terms.pdf')
    response.writeHead(200, { 'content-type': 'application/pdf', 'content-length': PDF.length }).end(PDF);
  else response.writeHead(404).end();
});
await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise((resolve) => web.close(resolve)));
const webPort = (web.address() as AddressInfo).port;

const server = useServer({
  SMTP_URL: smtp.url,
  MAIL_FROM: 'portal@acme.example',
  LOGIN_RATE_LIMIT: '100',
  URL_UPLOAD_ALLOW_HTTP: 'true',
  URL_UPLOAD_ALLOWED_HOSTS: `127.0.0.1:${webPort}`,
});
const browser = useBrowser();
const BOBS_SITE = "Bob's Bakery Ltd";

async function openSignedIn(path: string, username: string) {
  const tracked = await browser.open();
  await tracked.page.goto(`${server().url}${path}`);
  await signInAs(tracked.page, username);
  return tracked;
}

/** Carol turns a flag on for Bob's site through the API, as the settings page does. */
async function allow(flag: string) {
  const s = server();
  const sub = await demoUserId(s, 'carol');
  const token = await mintAccessToken(s, { sub, [s.config.tenantClaim]: await tenantsOf(s.db, sub) });
  const { rows } = await s.db.query<{ id: string }>("SELECT id FROM sites WHERE reference = 'ACME-1001'");
  const answer = await fetch(`${s.url}/t/acme/portal/api/staff/sites/${rows[0]!.id}/file-area-settings`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ [flag]: true }),
  });
  expect(answer.status).toBe(200);
}

const pickBobsSite = async (page: Page) => {
  const picker = page.getByRole('combobox', { name: 'Site' });
  await picker.click();
  await picker.fill('Bob');
  await page.locator(`.ant-select-item-option[title="${BOBS_SITE}"]`).click();
};

describe('share links and uploads from a link', { timeout: 60_000 }, () => {
  test('carol e-mails a file; the link in the mail opens signed out and downloads it', async () => {
    const { page, errors } = await openSignedIn('/control-panel/publish', 'carol');
    await page.getByRole('heading', { level: 1, name: 'Publish' }).waitFor({ timeout: 20_000 });
    await pickBobsSite(page);
    const table = page.getByTestId('published-files-table');
    await table.getByRole('checkbox', { name: 'Select Annual accounts 2025' }).check({ timeout: 20_000 });
    await page.getByRole('button', { name: 'E-mail 1' }).click();
    const dialog = page.getByTestId('email-files-dialog');
    await dialog.getByLabel('To').fill('auditor@example.net');
    await dialog.getByLabel('Message (optional)').fill('The accounts, as promised.');
    await dialog.getByLabel('Download limit (optional)').fill('3');
    await dialog.getByTestId('email-send').click();
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });

    const [mail] = await smtp.waitForMails(1, 20_000);
    expect(mail!.to).toEqual(['auditor@example.net']);
    expect(mail!.parsed.subject).toBe('Carol Chen of Acme Accounting sent you a file');
    const link = /(http\S+\/s\/sl_[\w-]{43})/.exec(mail!.parsed.text ?? '')![1]!;

    // Signed out: a fresh browser with no session at all.
    const visitor = await browser.open();
    await visitor.page.goto(link);
    await visitor.page.getByRole('heading', { name: 'A file for you' }).waitFor();
    expect(await visitor.page.textContent('body')).toContain('The accounts, as promised.');
    const [download] = await Promise.all([
      visitor.page.waitForEvent('download'),
      visitor.page.getByRole('link', { name: 'Annual accounts 2025' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Annual accounts 2025.pdf');
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // The staff's Share links page lists it, with the download counted.
    await page.goto(`${server().url}/control-panel/share-links`);
    const row = page
      .getByTestId('share-links-table')
      .getByRole('row')
      .filter({ hasText: 'auditor@example.net' });
    await row.getByText('1 of 3 downloads').waitFor({ timeout: 20_000 });

    // Revoked there, the link answers a page that says so.
    await row.getByRole('button', { name: 'Revoke the link sent to auditor@example.net' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke', exact: true }).click();
    await row.waitFor({ state: 'detached', timeout: 20_000 });
    const gone = await visitor.page.goto(link);
    expect(gone?.status()).toBe(410);
    await visitor.page.getByRole('heading', { name: 'This link was withdrawn' }).waitFor();
    expect(errors).toEqual([]);
  });

  test('bob uploads a file from a link on Submitted Files; it is fetched and saved', async () => {
    await allow('urlFileUpload');
    const { page, errors } = await openSignedIn('/submittedFiles', 'bob');
    const form = page.getByTestId('url-upload');
    await form.getByLabel('Upload from a link').fill(`http://127.0.0.1:${webPort}/Engagement%20terms.pdf`);
    await form.getByRole('button', { name: 'Upload from a link' }).click();
    await page.getByTestId('url-upload-done').waitFor({ timeout: 20_000 });
    await page
      .getByTestId('submitted-files-table')
      .getByText('Engagement terms.pdf')
      .first()
      .waitFor({ timeout: 20_000 });
    expect(errors).toEqual([]);
  });
});
