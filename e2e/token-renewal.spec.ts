import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useBrowser } from './support/browser-session.ts';
import { useServer } from './support/server.ts';
import { signInAs } from './support/sign-in.ts';

/**
 * The front ends' token renewal (web-shell's `oidc-session.ts`, decision 75) against the embedded provider: the
 * provider's access tokens last 15 minutes, so each test moves the stored user's `expires_at` instead of waiting.
 * What is checked is what the provider itself does: it rotates refresh tokens and revokes the grant when a rotated
 * one is replayed, so two tabs renewing at once would sign the person out.
 */
const server = useServer();
const browser = useBrowser();

/** The user record the session keeps in local storage (the fields these tests read or move). */
interface StoredUser {
  access_token: string;
  refresh_token?: string;
  expires_at: number;
  profile: { sub: string; name?: string };
  id_token?: string;
}
const PREFIX = 'portico.portal.auth.user:';

const readUser = (page: Page) =>
  page.evaluate((prefix) => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(prefix)) return JSON.parse(localStorage.getItem(key) ?? 'null');
    }
    return null;
  }, PREFIX) as Promise<StoredUser | null>;

const patchUser = (page: Page, patch: Partial<StoredUser> & { drop?: string[] }) =>
  page.evaluate(
    ({ prefix, patch }) => {
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i);
        if (!key?.startsWith(prefix)) continue;
        const user = { ...JSON.parse(localStorage.getItem(key) ?? '{}'), ...patch };
        for (const name of patch.drop ?? []) delete user[name];
        delete user.drop;
        localStorage.setItem(key, JSON.stringify(user));
      }
    },
    { prefix: PREFIX, patch },
  );

const nowS = () => Math.floor(Date.now() / 1000);

async function signedIn() {
  const tracked = await browser.open();
  const tokenGrants: string[] = [];
  tracked.page.on('request', (request) => {
    if (request.url().endsWith('/oidc/token') && request.method() === 'POST')
      tokenGrants.push(new URLSearchParams(request.postData() ?? '').get('grant_type') ?? '?');
  });
  await tracked.page.goto(`${server().url}/publishedFiles`);
  await signInAs(tracked.page, 'bob');
  await expect
    .poll(() => tracked.page.getByTestId('firm-name').textContent(), { timeout: 30_000 })
    .toBeTruthy();
  expect(new URL(tracked.page.url()).pathname).toBe('/publishedFiles');
  return { ...tracked, tokenGrants };
}

describe('renewal against the embedded provider', () => {
  test('a stored sign-in whose access token expired is renewed on load, without the provider page', async () => {
    const { page, tokenGrants, errors } = await signedIn();
    const before = (await readUser(page))!;
    expect(before.refresh_token).toBeTruthy();
    expect(tokenGrants).toEqual(['authorization_code']);
    await patchUser(page, { expires_at: nowS() - 10 });
    await page.reload();
    await expect.poll(() => page.getByTestId('firm-name').textContent(), { timeout: 30_000 }).toBeTruthy();
    expect(tokenGrants).toEqual(['authorization_code', 'refresh_token']);
    const after = (await readUser(page))!;
    expect(after.access_token).not.toBe(before.access_token);
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(after.profile.sub).toBe(before.profile.sub);
    expect(after.expires_at).toBeGreaterThan(nowS() + 800);
    expect(new URL(page.url()).pathname).toBe('/publishedFiles');
    expect(await page.getByLabel('Username').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  test('two tabs renew a minute before expiry with one refresh between them; the grant survives', async () => {
    const { page, context, tokenGrants, errors } = await signedIn();
    const second = await context.newPage();
    const secondGrants: string[] = [];
    second.on('request', (request) => {
      if (request.url().endsWith('/oidc/token') && request.method() === 'POST')
        secondGrants.push(new URLSearchParams(request.postData() ?? '').get('grant_type') ?? '?');
    });
    // Due in 10 s: both tabs are loaded and waiting when the timers fire, so they race for the renewal each time.
    await patchUser(page, { expires_at: nowS() + 70 });
    await page.reload();
    await second.goto(`${server().url}/publishedFiles`);
    await expect.poll(() => second.getByTestId('firm-name').textContent(), { timeout: 30_000 }).toBeTruthy();
    await expect.poll(() => page.getByTestId('firm-name').textContent(), { timeout: 30_000 }).toBeTruthy();
    const before = (await readUser(page))!;
    // Both tabs' timers fall due at the same moment (10 s from the patch).
    await expect
      .poll(async () => (await readUser(page))?.access_token !== before.access_token, { timeout: 20_000 })
      .toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const refreshes = [...tokenGrants, ...secondGrants].filter((grant) => grant === 'refresh_token');
    expect(refreshes).toHaveLength(1);
    // The rotated refresh token was not replayed: the grant still renews.
    await patchUser(page, { expires_at: nowS() - 10 });
    await second.reload();
    await expect.poll(() => second.getByTestId('firm-name').textContent(), { timeout: 30_000 }).toBeTruthy();
    expect(await second.getByLabel('Username').count()).toBe(0);
    expect([...tokenGrants, ...secondGrants].filter((grant) => grant === 'refresh_token')).toHaveLength(2);
    expect(errors).toEqual([]);
  });

  test('without a refresh token, expiry signs in again through the provider and comes back to the page', async () => {
    const { page, tokenGrants, errors } = await signedIn();
    await patchUser(page, { expires_at: nowS() + 4, drop: ['refresh_token'] });
    await page.reload();
    await expect.poll(() => page.getByTestId('firm-name').textContent(), { timeout: 30_000 }).toBeTruthy();
    // The provider's session is still there: it sends the browser straight back with a new code.
    await expect
      .poll(() => tokenGrants.filter((grant) => grant === 'authorization_code').length, { timeout: 30_000 })
      .toBe(2);
    await expect.poll(() => page.getByTestId('firm-name').textContent(), { timeout: 30_000 }).toBeTruthy();
    expect(new URL(page.url()).pathname).toBe('/publishedFiles');
    expect((await readUser(page))?.refresh_token).toBeTruthy();
    expect(errors).toEqual([]);
  });
});
