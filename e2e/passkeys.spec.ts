import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo-data.ts';
import { freePort } from '../apps/server/src/testing/test-server.ts';
import { expectNoSeriousA11yViolations } from './support/browser.ts';
import { useBrowser } from './support/browser-session.ts';
import { useServer } from './support/server.ts';

/**
 * Passkeys (issue 28 item 3, decision 51) in real Chromium through its DevTools virtual authenticator (CTAP2,
 * resident keys, user verification): bob adds a passkey on "Sign-in and security", signs out, signs in with it
 * alone (discoverable), then uses it as the second step after his password, and removes it with his password.
 * WebAuthn refuses an IP address as relying party, so this server's PUBLIC_URL is at localhost.
 */
const server = useServer(async (): Promise<Record<string, string>> => {
  if (process.env.E2E_CLUSTER === '1') return {};
  const port = await freePort();
  return { PORT: String(port), PUBLIC_URL: `http://localhost:${port}`, LOGIN_RATE_LIMIT: '100' };
});
const browser = useBrowser();

async function expectInPortal(page: Page) {
  await expect
    .poll(() => page.getByTestId('selected-site-name').textContent(), { timeout: 30_000 })
    .toMatch(/\w/);
}

async function signOut(page: Page) {
  await page.getByTestId('logout-button').click();
  await page.getByText('You have been logged out !').waitFor({ timeout: 20_000 });
}

async function openSecurityPage(page: Page) {
  await page.getByTestId('user-menu-button').click();
  await page.getByRole('link', { name: 'Sign-in and security' }).click();
  await page.getByRole('heading', { name: 'Sign-in and security' }).waitFor();
}

// Through the cluster (E2E_CLUSTER=1) the balancer's address is 127.0.0.1, which WebAuthn refuses as relying party.
describe.skipIf(process.env.E2E_CLUSTER === '1')('passkeys', { timeout: 60_000 }, () => {
  test('bob adds a passkey, signs in with it alone and as his second step, and removes it', async () => {
    const { page, context, errors } = await browser.open();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    await page.goto(`${server().url}/`);
    await page.getByLabel('Username').fill('bob');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expectInPortal(page);

    await openSecurityPage(page);
    await page.getByLabel('Name of the new passkey').fill('Chromium on the test machine');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText('Passkey added.').waitFor({ timeout: 20_000 });
    expect(await page.locator('#passkeys strong').allTextContents()).toEqual([
      'Chromium on the test machine',
    ]);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Back to Portico' }).click();
    await expectInPortal(page);
    await signOut(page);

    // Without a password: the authenticator offers its discoverable passkey for this site.
    await page.goto(`${server().url}/`);
    await page.getByText('Or sign in with a passkey').waitFor();
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expectInPortal(page);
    await signOut(page);

    // After the password, the passkey is the second step.
    await page.goto(`${server().url}/`);
    await page.getByLabel('Username').fill('bob');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expectInPortal(page);

    await openSecurityPage(page);
    const methods = await page.locator('#sign-ins tbody tr td:nth-child(2)').allTextContents();
    expect(methods.slice(0, 3)).toEqual(['Password and passkey', 'Passkey', 'Password']);
    await page.getByRole('link', { name: 'Remove Chromium on the test machine' }).click();
    await page.getByLabel('Your password').fill('not my password');
    await page.getByRole('button', { name: 'Remove the passkey' }).click();
    await page.getByRole('alert').waitFor();
    await page.getByLabel('Your password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Remove the passkey' }).click();
    await page.getByText('No passkeys yet.').waitFor();
    // The refused confirmation was answered 401, as a wrong password is; nothing else went wrong.
    expect(errors.filter((e) => !/status of 401 .*\/remove\]$/.test(e))).toEqual([]);
  });
});
