import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from '../apps/server/src/cli/main.ts';
import { DEMO_REQUEST_TEMPLATE } from '../apps/server/src/db/seed/demo-data.ts';
import { type ReceivedMail, startTestSmtpServer } from '../apps/server/src/testing/smtp.ts';
import { windowsProgramBytes } from '../apps/server/src/testing/uploads.ts';
import { VIEWPORTS } from './support/browser.ts';
import { useBrowser } from './support/browser-session.ts';
import { useServer } from './support/server.ts';
import { signInAs } from './support/sign-in.ts';

/**
 * What a new user's trial found (issue 30, items 1 to 10), as the people of the trial did it, in real Chromium
 * against one real server that mails a real SMTP server in this process. The tests share the server and run in
 * order; each says which item it proves.
 */
const smtp = await startTestSmtpServer();
afterAll(() => smtp.close());
const server = useServer({
  SMTP_URL: smtp.url,
  // As most operators write it (issue 30, item 10).
  MAIL_FROM: 'Acme Portal <portal@acme.example>',
  NOTIFY_BATCH_SECONDS: '2',
  LOGIN_RATE_LIMIT: '100',
});
const browser = useBrowser();

const BOBS_SITE = "Bob's Bakery Ltd";
const NADIA = { email: 'nadia@client.example', name: 'Nadia Novak', password: 'nadia first password' };
const LINK = /https?:\/\/[^\s"<>]+\/idp\/password#[A-Za-z0-9_-]{43}/;

const mailsTo = (address: string, subject: RegExp) =>
  smtp.mails.filter((m) => m.to.includes(address) && subject.test(m.parsed.subject ?? ''));
async function waitForMail(address: string, subject: RegExp, timeout = 30_000): Promise<ReceivedMail> {
  await expect.poll(() => mailsTo(address, subject).length, { timeout, interval: 250 }).toBeGreaterThan(0);
  return mailsTo(address, subject)[0]!;
}

async function openSignedIn(path: string, username: string) {
  const tracked = await browser.open();
  await tracked.page.goto(`${server().url}${path}`);
  await signInAs(tracked.page, username);
  await tracked.page.getByRole('navigation', { name: 'Main menu' }).waitFor({ timeout: 30_000 });
  return tracked;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

describe('item 1: a new document request tells the client', () => {
  test('carol asks Bob’s Bakery for documents; bob gets one mail listing the items and the due date', async () => {
    const { page, errors } = await openSignedIn('/control-panel/requests', 'carol');
    await heading(page, 'Requests').waitFor({ timeout: 20_000 });
    await page.getByTestId('new-request').click();
    await page.getByRole('combobox', { name: 'Start from a template' }).click();
    await page.locator(`.ant-select-item-option[title="${DEMO_REQUEST_TEMPLATE.name}"]`).click();
    await expect.poll(() => page.getByTestId('request-title').inputValue()).toBe(DEMO_REQUEST_TEMPLATE.title);
    const sites = page.getByTestId('request-sites');
    await sites.click();
    await sites.locator('input').fill('Bob');
    await page.locator('.ant-select-item-option[title="Bob\'s Bakery Ltd · ACME-1001"]').click();
    await page.keyboard.press('Escape');
    await page.getByTestId('request-due-date').fill('2030-06-30');
    await page.getByTestId('create-request').click();
    await page
      .getByRole('button', { name: `Review ${DEMO_REQUEST_TEMPLATE.title} for ${BOBS_SITE}` })
      .waitFor({ timeout: 20_000 });

    const mail = await waitForMail('bob@example.com', /asks for documents/);
    expect(mail.parsed.subject).toBe(
      `Acme Accounting asks for documents: ${DEMO_REQUEST_TEMPLATE.title} (due 2030-06-30)`,
    );
    for (const item of DEMO_REQUEST_TEMPLATE.items) expect(mail.parsed.text).toContain(item.name);
    expect(mail.parsed.text).toContain('2030-06-30');
    expect(mail.parsed.text).toContain(BOBS_SITE);
    expect(mail.parsed.text).toMatch(/\/requestedDocuments\?site=/);
    // One mail for the request, however many items it has.
    expect(mailsTo('bob@example.com', /asks for documents/)).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});

describe('item 2: an invited client is shown by the name the firm gave', () => {
  test('carol adds Nadia by e-mail and name; after setting her password the header says “Nadia Novak”', async () => {
    const carol = await openSignedIn('/control-panel/sites', 'carol');
    await heading(carol.page, 'Sites').waitFor({ timeout: 20_000 });
    await carol.page.getByRole('button', { name: `Members of ${BOBS_SITE}` }).click();
    const drawer = carol.page.getByRole('dialog', { name: `Members of ${BOBS_SITE}` });
    await drawer.getByLabel('E-mail address').fill(NADIA.email);
    await drawer.getByLabel('Name').fill(NADIA.name);
    await drawer.getByRole('button', { name: 'Add member' }).click();
    await drawer.getByText('Invitation pending').waitFor();

    const mail = await waitForMail(NADIA.email, /invited you/);
    expect(mail.header('to')).toContain(NADIA.name);
    const client = await browser.open();
    await client.page.goto(mail.parsed.text!.match(LINK)![0]);
    await client.page.getByLabel('New password').fill(NADIA.password);
    await client.page.getByLabel('Repeat the password').fill(NADIA.password);
    await client.page.getByRole('button', { name: 'Set password and sign in' }).click();
    const userName = client.page.getByTestId('user-name');
    await expect.poll(() => userName.textContent(), { timeout: 30_000 }).toBe(NADIA.name);

    // Item 10: the same link again says at once that it no longer works, before any password is typed.
    const again = await browser.open();
    await again.page.goto(mail.parsed.text!.match(LINK)![0]);
    await again.page.getByRole('heading', { name: 'This link no longer works' }).waitFor({ timeout: 10_000 });
    expect(await again.page.getByLabel('New password').count()).toBe(0);
    expect(again.errors).toEqual([]);
    expect(client.errors).toEqual([]);
    expect(carol.errors).toEqual([]);
  });
});

describe('item 5: one status everywhere, and finished requests stay in view', () => {
  const TITLE = DEMO_REQUEST_TEMPLATE.title;
  const [P60, STATEMENTS, DONATIONS] = DEMO_REQUEST_TEMPLATE.items.map((i) => i.name) as [
    string,
    string,
    string,
  ];
  const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: randomBytes(20_000) });
  const checklistItem = (page: Page, name: string) =>
    page.locator(`[data-testid="request-item"][data-item-name="${name}"]`);
  const reviewItem = (page: Page, name: string) =>
    page.locator(`[data-testid="review-item"][data-item-name="${name}"]`);
  const fileRow = (page: Page, testId: string, name: string) =>
    page.getByTestId(testId).locator('tbody tr').filter({ hasText: name });

  test('the items carol accepts read “Accepted” in bob’s Submitted Files and in Submissions; the completed request stays under “Completed”', async () => {
    // Bob answers item 1's request: two files and one "not applicable".
    const bob = await openSignedIn('/requestedDocuments', 'bob');
    const bp = bob.page;
    await checklistItem(bp, P60).waitFor({ timeout: 30_000 });
    await checklistItem(bp, P60)
      .locator('input[type=file]')
      .setInputFiles([pdf('P60 trial.pdf')]);
    await expect
      .poll(() => checklistItem(bp, P60).getAttribute('data-status'), { timeout: 20_000 })
      .toBe('received');
    await checklistItem(bp, STATEMENTS)
      .locator('input[type=file]')
      .setInputFiles([pdf('Statements trial.pdf')]);
    await expect
      .poll(() => checklistItem(bp, STATEMENTS).getAttribute('data-status'), { timeout: 20_000 })
      .toBe('received');
    await checklistItem(bp, DONATIONS).getByTestId('item-not-applicable').click();
    await checklistItem(bp, DONATIONS).getByTestId('not-applicable-comment').fill('None this year.');
    await checklistItem(bp, DONATIONS).getByTestId('not-applicable-confirm').click();
    await expect
      .poll(() => checklistItem(bp, DONATIONS).getAttribute('data-status'), { timeout: 20_000 })
      .toBe('not_applicable');

    // Carol accepts both: the request completes.
    const carol = await openSignedIn('/control-panel/requests', 'carol');
    const cp = carol.page;
    await cp
      .getByRole('button', { name: `Review ${TITLE} for ${BOBS_SITE}` })
      .first()
      .click();
    await cp.getByTestId('review-drawer').waitFor({ timeout: 20_000 });
    for (const item of [P60, STATEMENTS]) {
      await reviewItem(cp, item).getByTestId('accept-item').click();
      await expect
        .poll(() => reviewItem(cp, item).getAttribute('data-status'), { timeout: 20_000 })
        .toBe('accepted');
    }
    await expect
      .poll(() => cp.getByTestId('review-drawer').getAttribute('data-request-status'), { timeout: 20_000 })
      .toBe('completed');

    // Submissions says what the review said.
    await cp.goto(`${server().url}/control-panel/submissions`);
    await heading(cp, 'Submissions').waitFor({ timeout: 20_000 });
    for (const name of ['P60 trial', 'Statements trial']) {
      const row = fileRow(cp, 'submissions-table', name);
      await row.first().waitFor({ timeout: 20_000 });
      expect(await row.first().getByTestId('submission-status').textContent()).toBe('Accepted');
    }

    // So does bob's Submitted Files.
    await bp.goto(`${server().url}/submittedFiles`);
    for (const name of ['P60 trial', 'Statements trial']) {
      const row = fileRow(bp, 'submitted-files-table', name);
      await row.first().waitFor({ timeout: 20_000 });
      expect(await row.first().getByTestId('submission-status').textContent()).toBe('Accepted');
    }

    // The request left the checklist, and is under "Completed" with its items as they ended.
    await bp.goto(`${server().url}/requestedDocuments`);
    await bp.getByText('Nothing is asked of you right now.').waitFor({ timeout: 30_000 });
    await bp.locator('.ant-segmented-item').filter({ hasText: 'Completed' }).click();
    const done = bp.locator(`[data-testid="document-request"][data-request-title="${TITLE}"]`);
    await done.waitFor({ timeout: 20_000 });
    expect(await done.getByTestId('request-status').textContent()).toMatch(/^Completed \d{4}-\d{2}-\d{2}$/);
    expect(await checklistItem(bp, P60).getByTestId('item-status').textContent()).toBe('Accepted');
    expect(await done.locator('input[type=file]').count()).toBe(0);
    expect(bob.errors).toEqual([]);
    expect(carol.errors).toEqual([]);
  });
});

describe('item 3: wide content keeps every row usable', () => {
  // Underscores: no place to break a line, as in the trial's file name.
  const LONG_NAME = `${'Quarterly_statement_'.repeat(10).slice(0, 196)}.pdf`;
  const LONG_TITLE = LONG_NAME.slice(0, -4);
  const NOTE = `${'The second page is missing and the totals do not match the ledger. '.repeat(30)}`.slice(
    0,
    2000,
  );
  const DATE = /\d{4}-\d{2}-\d{2}/g;

  /**
   * In the row: each named button wholly inside the viewport and its label not clipped; each date on one line;
   * the whole title shown inside the viewport.
   */
  async function rowProblems(page: Page, title: string, buttons: string[]) {
    const row = page
      .locator('tbody tr')
      .filter({ hasText: title.slice(0, 40) })
      .first();
    await row.waitFor({ timeout: 20_000 });
    const width = page.viewportSize()!.width;
    const problems: string[] = [];
    for (const name of buttons) {
      const button = row.getByRole('button', { name: `${name} ${title}`, exact: true });
      if (!(await button.isVisible())) {
        problems.push(`${name}: not visible`);
        continue;
      }
      const box = (await button.boundingBox())!;
      if (box.x < 0 || box.x + box.width > width) problems.push(`${name}: outside the viewport`);
      const clipped = await button.evaluate(
        (el: { scrollWidth: number; clientWidth: number }) => el.scrollWidth > el.clientWidth,
      );
      if (clipped) problems.push(`${name}: label clipped`);
    }
    const wrappedDates = await row.evaluate((tr, pattern) => {
      const { document } = globalThis as unknown as {
        document: {
          createTreeWalker(root: unknown, what: number): { nextNode(): { textContent: string } | null };
          createRange(): {
            setStart(node: unknown, offset: number): void;
            setEnd(node: unknown, offset: number): void;
            getClientRects(): ArrayLike<{ top: number; width: number }>;
          };
        };
      };
      const walker = document.createTreeWalker(tr, 4);
      const wrapped: string[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of node.textContent.matchAll(new RegExp(pattern, 'g'))) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set(
            Array.from(range.getClientRects())
              .filter((r) => r.width > 0)
              .map((r) => Math.round(r.top)),
          );
          if (tops.size > 1) wrapped.push(match[0]);
        }
      }
      return wrapped;
    }, DATE.source);
    for (const date of wrappedDates) problems.push(`date ${date} wraps`);
    const titleBox = await row.getByText(title).first().boundingBox({ timeout: 5_000 });
    if (!titleBox || titleBox.x + titleBox.width > width) problems.push('title: not wholly in view');
    return problems;
  }

  test('a 200-character file name and a 2,000-character note: Preview and Download stay in view at 1280 and 390 px', async () => {
    await server().db.query(
      `UPDATE files SET title = $1, file_name = $2, status = 'rejected', status_note = $3
       WHERE direction = 'submitted' AND file_name = 'Statements trial.pdf'`,
      [LONG_TITLE, LONG_NAME, NOTE],
    );
    const { rows } = await server().db.query<{ title: string }>(
      `SELECT title FROM files WHERE direction = 'submitted' AND file_name = 'P60 trial.pdf'`,
    );
    const shortTitle = rows[0]!.title;
    const bob = await openSignedIn('/submittedFiles', 'bob');
    const carol = await openSignedIn('/control-panel/submissions', 'carol');
    const found: Record<string, string[]> = {};
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
      for (const { page, path, buttons } of [
        { page: bob.page, path: '/submittedFiles', buttons: ['Preview', 'Download'] },
        {
          page: carol.page,
          path: '/control-panel/submissions',
          buttons: ['Preview', 'Download', 'Set the status of'],
        },
      ]) {
        await page.setViewportSize(viewport);
        await page.goto(`${server().url}${path}`);
        for (const title of [LONG_TITLE, shortTitle]) {
          const problems = await rowProblems(page, title, buttons);
          if (problems.length) found[`${path} ${viewport.width} px ${title.slice(0, 12)}`] = problems;
        }
      }
    }
    expect(found).toEqual({});
    expect(bob.errors).toEqual([]);
    expect(carol.errors).toEqual([]);
  });
});

describe('item 9: the operator’s command line', () => {
  /** One command line, as `npm run portico` runs it, on this server's database and data folder. */
  async function portico(argv: string[]) {
    let stdout = '';
    let stderr = '';
    const sink = (append: (text: string) => void) =>
      new Writable({
        write(chunk, _encoding, done) {
          append(String(chunk));
          done();
        },
      });
    const code = await runCli(argv, {
      stdout: sink((text) => {
        stdout += text;
      }),
      stderr: sink((text) => {
        stderr += text;
      }),
      stdin: Readable.from(['']),
      env: { DATA_DIR: server().config.dataDir, PUBLIC_URL: server().url },
      database: server().db,
    });
    return { code, stdout, stderr };
  }
  const AS = ['--as', 'carol@acme.example'];
  const OSCAR = { email: 'oscar@client.example', name: 'Oscar Olsen', password: 'oscar first password' };

  test('`client invite` mails the invitation; `publish` reports the refused file and the copy, publishes the rest, exits 1', async () => {
    const invite = (email: string, name: string, ...more: string[]) =>
      portico([
        'client',
        'invite',
        'acme',
        '--site',
        'ACME-1001',
        '--email',
        email,
        '--name',
        name,
        ...more,
        ...AS,
      ]);
    const invited = await invite(OSCAR.email, OSCAR.name);
    expect(invited).toMatchObject({ code: 0, stderr: '' });
    expect(invited.stdout).toContain(`An invitation was mailed to ${OSCAR.email}`);
    // `--no-mail` mails nobody.
    const quiet = await invite('quiet@client.example', 'Quinn Quiet', '--no-mail');
    expect(quiet.code).toBe(0);

    const folder = await mkdtemp(path.join(tmpdir(), 'portico-publish-'));
    await writeFile(path.join(folder, 'Letter 2026.txt'), 'Dear Oscar, welcome.\n');
    await writeFile(path.join(folder, 'Letter 2026 copy.txt'), 'Dear Oscar, welcome.\n');
    const program = windowsProgramBytes();
    await writeFile(path.join(folder, 'Invoice.pdf'), program);
    const publish = ['publish', folder, '--tenant', 'acme', '--site', 'ACME-1001', ...AS];
    for (const argv of [[...publish, '--dry-run'], publish]) {
      const run = await portico(argv);
      expect(run.code).toBe(1);
      expect(run.stdout).toContain('refuse   Invoice.pdf: This file is a Windows program');
      expect(run.stdout).toContain(
        'skip     Letter 2026.txt (the same content as Letter 2026 copy.txt, published once)',
      );
      expect(run.stdout).not.toContain('published already');
      expect(run.stderr).toBe(
        `portico: 1 file(s) refused, the others done: ${path.join(folder, 'Invoice.pdf')}\n`,
      );
    }
    await rm(folder, { recursive: true, force: true });

    // Oscar's mail arrives; its link sets his password and his portal shows the letter.
    const mail = await waitForMail(OSCAR.email, /invited you/);
    const client = await browser.open();
    await client.page.goto(mail.parsed.text!.match(LINK)![0]);
    await client.page.getByLabel('New password').fill(OSCAR.password);
    await client.page.getByLabel('Repeat the password').fill(OSCAR.password);
    await client.page.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect
      .poll(() => client.page.getByTestId('user-name').textContent(), { timeout: 30_000 })
      .toBe(OSCAR.name);
    await client.page.goto(`${server().url}/publishedFiles`);
    await client.page.getByText('Letter 2026 copy', { exact: false }).first().waitFor({ timeout: 20_000 });
    // Not in the list ("Invoice" is also a category the filters offer, outside the table).
    expect(
      await client.page.getByTestId('published-files-table').getByText('Invoice', { exact: false }).count(),
    ).toBe(0);
    expect(mailsTo('quiet@client.example', /./)).toHaveLength(0);
    expect(client.errors).toEqual([]);
  });
});

/** Whether two boxes of the page overlap. */
const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function setDefaults(page: Page, flags: Record<string, boolean>) {
  await page.goto(`${server().url}/control-panel/file-area-settings`);
  const form = page.getByTestId('tenant-settings-form');
  await form.waitFor({ timeout: 20_000 });
  for (const [key, on] of Object.entries(flags)) {
    const toggle = form.getByTestId(`setting-${key}`).getByRole('switch');
    if ((await toggle.getAttribute('aria-checked')) !== String(on)) await toggle.click();
  }
  await form.getByRole('button', { name: 'Save defaults' }).click();
  await page.getByText('Defaults saved').first().waitFor({ timeout: 20_000 });
}

describe('items 6 and 10: texts that match the switches, and the small things', () => {
  test('the settings say what they do; with uploads off the rejection notice says so; the audit log says what changed; toasts leave Log out free', async () => {
    const carol = await openSignedIn('/control-panel/file-area-settings', 'carol');
    const cp = carol.page;
    const form = cp.getByTestId('tenant-settings-form');
    await form.waitFor({ timeout: 20_000 });
    // "See files in the portal" hides submissions too; "View files" gates Preview, so it is in use.
    expect(await form.getByTestId('setting-portalFilesView').textContent()).toContain('those they submitted');
    expect(await form.getByTestId('settings-not-in-use').count()).toBe(0);
    expect(await form.getByTestId('setting-internalFilesView').textContent()).toContain('Preview');

    // Uploads off: the client's "Action needed" notice no longer points at an uploader that is not there.
    await setDefaults(cp, { internalFilesUpload: false });
    // The toast sits below the header: Log out stays uncovered.
    const toast = cp.locator('.portico-toast').first();
    const logOut = cp.getByRole('button', { name: 'Log out' });
    expect(overlaps((await toast.boundingBox())!, (await logOut.boundingBox())!)).toBe(false);

    const bob = await openSignedIn('/submittedFiles', 'bob');
    const notice = bob.page.getByTestId('action-needed');
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.textContent()).toContain('Uploads are turned off for this site');
    expect(await notice.textContent()).not.toContain('Upload a corrected file below');

    // The audit log says which setting went from what to what, and addresses break only between their parts.
    await cp.goto(`${server().url}/control-panel/audit-log`);
    const row = cp.locator('tbody tr').filter({ hasText: 'Changed settings' }).first();
    await row.waitFor({ timeout: 20_000 });
    expect(await row.textContent()).toContain('Upload files: on → off');
    expect(await row.locator('.portico-email').textContent()).toBe('carol@acme.example');
    await setDefaults(cp, { internalFilesUpload: true });

    // Collapsed, the side menu's count is still said to screen readers.
    await bob.page.getByRole('button', { name: 'Collapse side menu' }).click();
    const published = bob.page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', {
      name: /^Published Files/,
    });
    const shown = await published.locator('.portico-badge [aria-hidden]').textContent();
    expect(Number(shown)).toBeGreaterThan(0);
    expect(await published.evaluate((link: { innerText: string }) => link.innerText)).toContain(
      `${shown} files`,
    );

    // The due date reads YYYY-MM-DD, not the browser's mm/dd/yyyy.
    await cp.goto(`${server().url}/control-panel/requests`);
    await cp.getByTestId('new-request').click();
    const due = cp.getByTestId('request-due-date');
    expect(await due.getAttribute('type')).not.toBe('date');
    expect(await due.getAttribute('placeholder')).toBe('YYYY-MM-DD');

    // MAIL_FROM was given with a display name, as operators write it: the server started and mails from it.
    expect(smtp.mails.length).toBeGreaterThan(0);
    expect(smtp.mails.every((m) => m.from === 'portal@acme.example')).toBe(true);
    expect(carol.errors).toEqual([]);
    expect(bob.errors).toEqual([]);
  });
});

// These run inside the page; the e2e project compiles without the DOM library.
declare const localStorage: { getItem(key: string): string | null };
declare const document: { activeElement: { getAttribute(name: string): string | null } | null };
declare const window: { dispatchEvent(event: unknown): boolean };
declare const Event: new (type: string) => unknown;

describe('item 7: the keyboard', () => {
  test('the header’s firm switcher browses with the arrow keys and switches on Enter; focus stays on it', async () => {
    const tracked = await browser.open();
    const { page } = tracked;
    await page.goto(`${server().url}/publishedFiles`);
    await signInAs(page, 'alice');
    await page.getByRole('heading', { name: 'Select the tenant' }).waitFor({ timeout: 20_000 });
    await page.getByRole('combobox', { name: 'Tenant' }).selectOption({ label: 'Acme Accounting' });
    await page.getByRole('button', { name: 'Done' }).click();
    const firm = page.getByTestId('firm-name');
    await expect.poll(() => firm.textContent(), { timeout: 20_000 }).toBe('Acme Accounting');
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor({ timeout: 20_000 });

    const switcher = page.getByTestId('tenant-switcher');
    await switcher.focus();
    await page.keyboard.press('ArrowDown');
    // Browsing: the field shows the next firm, the workspace stays where it is.
    await page.waitForTimeout(1_000);
    expect(await firm.textContent()).toBe('Acme Accounting');
    expect(await page.evaluate(() => localStorage.getItem('portico.portal.tenant'))).toBe('acme');
    await page.keyboard.press('Enter');
    await expect.poll(() => firm.textContent(), { timeout: 20_000 }).toBe('Globex Legal');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('tenant-switcher');

    // Leaving the field while browsing goes back to the firm in use.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Tab');
    await page.waitForTimeout(500);
    expect(await firm.textContent()).toBe('Globex Legal');
    expect(await switcher.inputValue()).toBe('globex');
    expect(tracked.errors).toEqual([]);
  });
});

describe('item 4: pages do not go stale', () => {
  test('staff turn downloads off: a refused click says so and the page stops offering Download; another page follows on focus', async () => {
    const bob = await openSignedIn('/publishedFiles', 'bob');
    const other = await openSignedIn('/publishedFiles', 'bob');
    const downloads = (page: Page) => page.getByTestId('download-file');
    for (const page of [bob.page, other.page])
      await expect.poll(() => downloads(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);

    const carol = await openSignedIn('/control-panel/file-area-settings', 'carol');
    await setDefaults(carol.page, { internalFilesDownload: false });

    // A click on the page that still offers it: the refusal in words, and the buttons go without a reload.
    await downloads(bob.page).first().click();
    const toast = bob.page.locator('.portico-toast').filter({ hasText: 'Not allowed for this site' });
    await toast.waitFor({ timeout: 10_000 });
    await expect.poll(() => downloads(bob.page).count(), { timeout: 10_000 }).toBe(0);

    // The other page reads the settings again when its window gets the focus back.
    await other.page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(() => downloads(other.page).count(), { timeout: 10_000 }).toBe(0);

    await setDefaults(carol.page, { internalFilesDownload: true });
    await other.page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(() => downloads(other.page).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(bob.errors.filter((e) => !e.includes('status of 403'))).toEqual([]);
    expect(other.errors).toEqual([]);
    expect(carol.errors).toEqual([]);
  });
});
