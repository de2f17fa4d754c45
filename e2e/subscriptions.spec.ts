import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo-data.ts';
import { type ReceivedMail, startTestSmtpServer } from '../apps/server/src/testing/smtp.ts';
import { demoUserId, mintAccessToken } from '../apps/server/src/testing/tokens.ts';
import { expectNoSeriousA11yViolations, waitForAnimations } from './support/browser.ts';
import { useBrowser } from './support/browser-session.ts';
import { useServer } from './support/server.ts';

/**
 * Subscriptions (issue 27 item 8, decision 59) in real Chromium against the real server: bob follows a folder in
 * the portal, carol publishes into it, the mail the test's SMTP server catches names the folder and the file and
 * carries the unsubscribe link; the link, opened signed out, ends the subscription. Carol sees the follower in
 * the control panel; with the flag off the portal shows no toggle and the API answers 403.
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
const FOLDER = 'Year end 2025';
const TITLE = 'Trial balance 2025';
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

let siteId = '';
let folderId = '';
let carolToken = '';

const api = (path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
  fetch(`${server().url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${init.token ?? carolToken}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });

const setFlags = async (flags: Record<string, boolean>) => {
  const answer = await api(`/t/acme/portal/api/staff/sites/${siteId}/file-area-settings`, {
    method: 'PATCH',
    body: flags,
  });
  expect(answer.status).toBe(200);
};

beforeAll(async () => {
  const s = server();
  const { rows } = await s.db.query<{ id: string }>("SELECT id FROM sites WHERE reference = 'ACME-1001'");
  siteId = rows[0]!.id;
  carolToken = await mintAccessToken(s, { sub: await demoUserId(s, 'carol') }, { expiresIn: 900 });
  await setFlags({
    portalFilesView: true,
    fileAreaFolderStructure: true,
    fileAreaManageEmailSubscription: true,
  });
  const folder = await api('/t/acme/file-management/api/folders', {
    method: 'POST',
    body: { siteId, name: FOLDER },
  });
  expect(folder.status).toBe(201);
  folderId = ((await folder.json()) as { id: string }).id;
});

/** Carol publishes a file into the folder: an upload, then the publish call, as the control panel makes them. */
async function publishIntoFolder(title: string) {
  const form = new FormData();
  form.append('siteId', siteId);
  form.append('file', new File([PDF], `${title}.pdf`, { type: 'application/pdf' }));
  const uploaded = await fetch(`${server().url}/t/acme/file-storage/api/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${carolToken}` },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  const { files } = (await uploaded.json()) as { files: { referenceNumber: string }[] };
  const published = await api('/t/acme/file-management/api/staff/published-files', {
    method: 'POST',
    body: { siteId, folderId, files: [{ referenceNumber: files[0]!.referenceNumber, title }] },
  });
  expect(published.status).toBe(201);
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

async function mailFor(text: string, timeoutMs = 30_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = smtp.mails.find((m) => m.to.includes('bob@example.com') && m.parsed.text?.includes(text));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail with "${text}"`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const followFolder = (page: Page) => page.getByRole('switch', { name: 'Follow this folder' });

// Runs inside the page; the e2e project compiles without the DOM library.
declare const document: { documentElement: { scrollWidth: number } };

describe('subscriptions', { timeout: 120_000 }, () => {
  test('bob follows a folder, carol publishes into it, the mail comes with a link that unsubscribes him signed out', async () => {
    const bob = await openSignedIn(`/publishedFiles?folderId=${folderId}`, 'bob');
    const { page } = bob;
    await page.getByTestId('follow-toggles').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => followFolder(page).getAttribute('aria-checked'), { timeout: 20_000 })
      .toBe('false');
    // With the keyboard: focus the switch and press Space.
    await followFolder(page).focus();
    await page.keyboard.press('Space');
    await expect
      .poll(() => followFolder(page).getAttribute('aria-checked'), { timeout: 20_000 })
      .toBe('true');
    expect(await page.getByRole('switch', { name: 'Follow this site' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    // A 360 px phone scrolls only vertically.
    await page.setViewportSize({ width: 360, height: 780 });
    await waitForAnimations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The Notifications page lists it, with Unfollow.
    await page.goto(`${server().url}/notifications`);
    const followed = page.getByTestId('followed-place');
    await followed.first().waitFor({ timeout: 20_000 });
    expect(await followed.count()).toBe(1);
    expect(await followed.first().textContent()).toContain(FOLDER);
    expect(await followed.first().textContent()).toContain(BOBS_SITE);

    // Carol sees who follows what on the site's member view.
    const carol = await openSignedIn('/control-panel/sites', 'carol');
    await carol.page.getByRole('heading', { level: 1, name: 'Sites' }).waitFor({ timeout: 20_000 });
    await carol.page.getByRole('button', { name: `Members of ${BOBS_SITE}` }).click();
    const drawer = carol.page.getByRole('dialog', { name: `Members of ${BOBS_SITE}` });
    const follower = drawer.getByTestId('site-follower');
    await follower.waitFor({ timeout: 20_000 });
    expect(await follower.textContent()).toContain('Bob Baker');
    expect(await follower.textContent()).toContain(`Folder: ${FOLDER}`);

    await publishIntoFolder(TITLE);
    const mail = await mailFor(TITLE);
    expect(mail.parsed.subject).toContain(FOLDER);
    expect(mail.parsed.text).toContain(`You follow the folder ${FOLDER} of ${BOBS_SITE}`);
    expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const link = mail.header('list-unsubscribe')!.replace(/^<|>$/g, '');
    expect(link).toContain('/mail/unfollow?');
    expect(mail.parsed.text).toContain(link);
    // One file, one mail: no per-kind "published" mail carried it as well.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(
      smtp.mails.filter((m) => m.to.includes('bob@example.com') && m.parsed.text?.includes(TITLE)),
    ).toHaveLength(1);

    // Signed out: a fresh browser, the link's page, its button.
    const visitor = await browser.open();
    await visitor.page.goto(link);
    await visitor.page.getByRole('heading', { name: 'Unsubscribe from Acme Accounting' }).waitFor();
    expect(await visitor.page.textContent('body')).toContain(FOLDER);
    await visitor.page.getByRole('button', { name: 'Unsubscribe' }).click();
    await visitor.page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();

    // The portal agrees: nothing followed any more.
    await page.reload();
    await page.getByTestId('followed-empty').waitFor({ timeout: 20_000 });
    await page.goto(`${server().url}/publishedFiles?folderId=${folderId}`);
    await expect
      .poll(() => followFolder(page).getAttribute('aria-checked'), { timeout: 20_000 })
      .toBe('false');
    // A link changed in any part does nothing.
    const forged = new URL(link);
    forged.searchParams.set('subscription', '00000000-0000-4000-8000-000000000000');
    const refused = await fetch(forged, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(refused.status).toBe(404);
    expect([...bob.errors, ...carol.errors, ...visitor.errors]).toEqual([]);
  });

  test('with the flag off the portal shows no toggle and the API answers 403', async () => {
    await setFlags({ fileAreaManageEmailSubscription: false });
    const bob = await openSignedIn(`/publishedFiles?folderId=${folderId}`, 'bob');
    const { page } = bob;
    await page.getByRole('navigation', { name: 'Folder path' }).waitFor({ timeout: 30_000 });
    await page.getByTestId('published-files-table').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('follow-toggles').count()).toBe(0);
    expect(await page.getByRole('switch', { name: 'Follow this folder' }).count()).toBe(0);
    const bobToken = await mintAccessToken(server(), { sub: await demoUserId(server(), 'bob') });
    const answer = await api(`/t/acme/file-management/api/subscriptions?siteId=${siteId}`, {
      method: 'PUT',
      token: bobToken,
      body: { wholeSite: true, folderIds: [] },
    });
    expect(answer.status).toBe(403);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('settings.forbidden');
    expect(bob.errors).toEqual([]);
  });
});
