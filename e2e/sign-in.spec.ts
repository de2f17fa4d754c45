import { describe, expect, test } from 'vitest';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo-data.ts';
import { LOGIN_FAILED_MESSAGE } from '../apps/server/src/idp/login-page.ts';
import { buildAuthorizationRequest } from './support/authorization-request.ts';
import { expectNoSeriousA11yViolations, takeScreenshots } from './support/browser.ts';
import { useBrowser } from './support/browser-session.ts';
import { useServer } from './support/server.ts';

const server = useServer();
const browser = useBrowser();

/**
 * Opens the portal's sign-in redirect and records every request the browser makes to the callback. (Requests
 * reached through a redirect cannot be intercepted with `page.route`, so they are watched instead; whatever
 * the portal then does with the code is its own spec's business.)
 */
async function openLoginPage() {
  const { url, config } = server();
  const redirectUri = `${url}/login/callback`;
  const request = await buildAuthorizationRequest({
    issuer: `${url}/oidc`,
    clientId: config.oidcPortalClientId,
    redirectUri,
    scope: 'openid profile tenancy',
  });
  const tracked = await browser.open();
  const callbacks: URL[] = [];
  tracked.page.on('request', (sent) => {
    const target = new URL(sent.url());
    if (`${target.origin}${target.pathname}` === redirectUri) callbacks.push(target);
  });
  await tracked.page.goto(request.url);
  return { ...tracked, request, callbacks, redirectUri };
}

describe("the embedded provider's login page", () => {
  test('asks for a username and a password, is accessible, and fits both screen sizes', async () => {
    const { page, errors } = await openLoginPage();

    await page.getByLabel('Username').waitFor();
    expect(await page.getByLabel('Password').isVisible()).toBe(true);
    expect(await page.getByLabel('Password').getAttribute('type')).toBe('password');
    expect(await page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);

    await expectNoSeriousA11yViolations(page);
    await takeScreenshots(page, 'login');
    expect(errors).toEqual([]);
  });

  test('a wrong password shows an error and stays on the form', async () => {
    const { page, callbacks } = await openLoginPage();

    await page.getByLabel('Username').fill('bob');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();

    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).toBe(LOGIN_FAILED_MESSAGE);
    // Still the provider's form, with the username kept and the password to type again.
    expect(new URL(page.url()).pathname).toMatch(/^\/(idp|oidc)\//);
    expect(await page.getByLabel('Username').inputValue()).toBe('bob');
    expect(await page.getByLabel('Password').inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
    expect(callbacks).toEqual([]);

    await expectNoSeriousA11yViolations(page);
    await takeScreenshots(page, 'login-wrong-password');
  });

  test("bob's password returns to the portal's callback with a code and the request's state", async () => {
    const { page, request, callbacks } = await openLoginPage();

    await page.getByLabel('Username').fill('bob');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect.poll(() => callbacks.length, { timeout: 15_000 }).toBe(1);
    const callback = callbacks[0];
    expect(callback?.searchParams.get('code')).toMatch(/\S{10,}/);
    expect(callback?.searchParams.get('state')).toBe(request.state);
    expect(callback?.searchParams.get('error')).toBeNull();
  });
});
