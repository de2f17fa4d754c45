import { PassThrough, Readable } from 'node:stream';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { runCli } from '../apps/server/src/cli/main.ts';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo-data.ts';
import { expectNoSeriousA11yViolations } from './support/browser.ts';
import { useBrowser } from './support/browser-session.ts';
import { useServer } from './support/server.ts';

/**
 * Two-step sign-in (issue 28) in real Chromium against the real server: bob sets up an authenticator app from
 * the user menu (codes computed with otplib from the key shown as text), signs out and in with a code; wrong and
 * reused codes are refused, a recovery code works once, five wrong codes lock even the right one; the operator's
 * reset removes it all; signing out in one tab signs out the other tabs; then the firm requires two-step sign-in
 * for clients and bob sets one up again before he sees any file. The tests run in order on one server.
 */
// The e2e project compiles without the DOM library; these run inside the page.
declare const location: { pathname: string };

const server = useServer({ LOGIN_RATE_LIMIT: '100' });
const browser = useBrowser();

let bobKey = '';
let bobEnrolmentCode = '';
let recoveryCodes: string[] = [];

/** The app's code `steps` 30-second periods from now (one step ahead is accepted, and later than one just used). */
const codeAt = (key: string, steps = 0) =>
  generate({ secret: key, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function passwordStep(page: Page, username: string) {
  const usernameField = page.getByLabel('Username');
  await usernameField.waitFor({ timeout: 20_000 });
  await usernameField.fill(username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function typeCode(page: Page, code: string) {
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
}

const alertText = (page: Page) => page.getByRole('alert').textContent();

/** The portal, signed in: the selected site's name shows. */
async function expectInPortal(page: Page) {
  await expect
    .poll(() => page.getByTestId('selected-site-name').textContent(), { timeout: 30_000 })
    .toMatch(/\w/);
}

/**
 * Reads the key shown as text, confirms it with a code, and answers the code it typed and the recovery codes
 * shown once.
 */
async function enrolOnPage(page: Page) {
  await page.getByRole('heading', { name: 'Set up an authenticator app' }).waitFor({ timeout: 20_000 });
  const key = (await page.locator('#totp-key').textContent())!.replace(/\s+/g, '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  const code = await codeAt(key);
  await page.getByLabel('Code from the app').fill(code);
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
  const codes = await page.locator('#recovery-codes code').allTextContents();
  expect(codes).toHaveLength(10);
  return { key, code, codes };
}

async function portico(...argv: string[]) {
  let stdout = '';
  const out = new PassThrough().setEncoding('utf8').on('data', (c: string) => (stdout += c));
  const code = await runCli(argv, {
    stdout: out,
    stderr: new PassThrough(),
    stdin: Readable.from([]),
    env: { DATA_DIR: server().config.dataDir },
    database: server().db,
  });
  return { code, stdout };
}

describe('two-step sign-in', { timeout: 180_000 }, () => {
  test('bob sets up an authenticator app from the user menu, signs out, and signs in with a code', async () => {
    const { page, errors } = await browser.open();
    await page.goto(`${server().url}/`);
    await passwordStep(page, 'bob');
    await expectInPortal(page);

    await page.getByTestId('user-menu-button').click();
    await page.getByRole('link', { name: 'Sign-in and security' }).click();
    await page.getByRole('heading', { name: 'Sign-in and security' }).waitFor();
    await page.getByRole('link', { name: 'Set up an authenticator app' }).click();
    await expectNoSeriousA11yViolations(page);
    ({ key: bobKey, code: bobEnrolmentCode, codes: recoveryCodes } = await enrolOnPage(page));
    await page.getByRole('button', { name: 'I have saved them' }).click();
    expect(await page.getByText('Authenticator app: on.').count()).toBe(1);

    await page.getByRole('link', { name: 'Back to Portico' }).click();
    await expectInPortal(page);
    await page.getByTestId('logout-button').click();
    await page.waitForURL(/\/logout/, { timeout: 30_000 });
    // The provider's end-session redirects land here last: navigating on before it shows races them.
    await page.getByText('You have been logged out !').waitFor({ timeout: 20_000 });

    await page.goto(`${server().url}/`);
    await passwordStep(page, 'bob');
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    await typeCode(page, '123456');
    expect(await alertText(page)).toContain('not right');
    // The code that confirmed the app counts as used. The very code typed then: the app's code of now may be the
    // next period's, which is right (a slow run crossed a 30-second boundary and signed in here).
    await typeCode(page, bobEnrolmentCode);
    expect(await alertText(page)).toContain('not right');
    await typeCode(page, await codeAt(bobKey, 1));
    await expectInPortal(page);
    // The refused codes were answered 401, as a wrong password is; nothing else went wrong.
    expect(errors.filter((e) => !/status of 401 .*\/two-step\]$/.test(e))).toEqual([]);
  });

  test('a recovery code works once; after five wrong codes even the right one is refused', async () => {
    const first = await browser.open();
    await first.page.goto(`${server().url}/`);
    await passwordStep(first.page, 'bob');
    await typeCode(first.page, recoveryCodes[0]!);
    await expectInPortal(first.page);

    const { page } = await browser.open();
    await page.goto(`${server().url}/`);
    await passwordStep(page, 'bob');
    await typeCode(page, recoveryCodes[0]!);
    expect(await alertText(page)).toContain('not right');
    for (let n = 0; n < 4; n++) await typeCode(page, '000000');
    expect(await alertText(page)).toMatch(/locked until \d\d:\d\d UTC/);
    // The form is gone while locked; posting the right code the way the form would is refused all the same.
    const answer = await page.evaluate(
      async (code) => {
        const response = await fetch(location.pathname, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ code }).toString(),
        });
        return { status: response.status, text: await response.text() };
      },
      await codeAt(bobKey, 1),
    );
    expect(answer.status).toBe(401);
    expect(answer.text).toContain('even the right code is refused');
  });

  test("the operator's reset removes bob's app, recovery codes and lock: he signs in with his password", async () => {
    const run = await portico('user', 'reset-two-step', 'bob');
    expect(run).toMatchObject({ code: 0 });
    expect(run.stdout).toContain('Two-step sign-in of bob@example.com removed');
    const { page } = await browser.open();
    await page.goto(`${server().url}/`);
    await passwordStep(page, 'bob');
    await expectInPortal(page);
  });

  test('signing out in one tab signs out a second tab of the browser before it fetches anything more', async () => {
    const { context, page } = await browser.open();
    await page.goto(`${server().url}/`);
    await passwordStep(page, 'bob');
    await expectInPortal(page);
    const second = await context.newPage();
    await second.goto(`${server().url}/`);
    await expectInPortal(second);
    // Its first screen has loaded everything it asks for; from here on it would only fetch on its own timers.
    await second.waitForLoadState('networkidle');

    let clickedAt = Number.POSITIVE_INFINITY;
    const fetchedAfter: string[] = [];
    second.on('request', (request) => {
      if (request.headers().authorization && Date.now() >= clickedAt) fetchedAfter.push(request.url());
    });
    clickedAt = Date.now();
    await page.getByTestId('logout-button').click();
    await second.waitForURL(/\/logout/, { timeout: 10_000 });
    expect(fetchedAfter).toEqual([]);
    // Its tokens are gone: opening the portal again asks to sign in.
    await second.goto(`${server().url}/`);
    await second.getByLabel('Username').waitFor({ timeout: 20_000 });
    expect(fetchedAfter).toEqual([]);
  });

  test('the firm requires two-step sign-in for clients: bob sets it up before seeing any file', async () => {
    const carol = await browser.open();
    // The tab in the address survives the sign-in on the way.
    await carol.page.goto(`${server().url}/control-panel/file-area-settings?tab=sign-in`);
    await passwordStep(carol.page, 'carol');
    const select = carol.page.getByLabel('Require two-step sign-in');
    await select.waitFor({ timeout: 30_000 });
    await select.selectOption('clients');
    await carol.page.getByText('Sign-in policy saved').waitFor();

    const { page, errors } = await browser.open();
    const fileRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/t\/[^/]+\/(portal|file-storage|file-management)\//.test(request.url()))
        fileRequests.push(request.url());
    });
    await page.goto(`${server().url}/`);
    await passwordStep(page, 'bob');
    await page.getByRole('heading', { name: 'Set up an authenticator app' }).waitFor({ timeout: 20_000 });
    expect(await page.getByText('Your firm requires a second step').count()).toBe(1);
    const { codes } = await enrolOnPage(page);
    expect(fileRequests).toEqual([]);
    expect(codes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await page.getByRole('button', { name: 'I have saved them: continue' }).click();
    await expectInPortal(page);
    expect(errors).toEqual([]);
  });
});
