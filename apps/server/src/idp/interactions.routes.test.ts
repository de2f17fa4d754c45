import { decodeJwt } from 'jose';
import { describe, expect, test } from 'vitest';
import { useTestApi } from '../testing/api.ts';
import { loginFormOf, openLoginPage, signIn, submitLogin } from '../testing/sign-in.ts';
import { LOGIN_FAILED_MESSAGE } from './login-page.ts';

const PASSWORD = 'portico';

describe("the embedded provider's login pages", { timeout: 30_000 }, () => {
  const api = useTestApi();

  test('the login page has labelled Username and Password fields, a Sign in button and no inline script', async () => {
    const page = await openLoginPage(api.url);
    expect(page.status).toBe(200);
    expect(page.url).toMatch(new RegExp(`^${api.url}/idp/interaction/[\\w-]+$`));
    const { html } = page;
    expect(html).toMatch(/^<!doctype html>\s*<html lang="en">/);
    expect(html).toContain('<title>Sign in · Portico</title>');
    expect(html).toContain('<label for="username">Username</label>');
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toMatch(/<input id="username"[^>]*autocomplete="username"[^>]*autofocus/);
    expect(html).toMatch(/<input id="password"[^>]*type="password"[^>]*autocomplete="current-password"/);
    expect(html).toMatch(/<button type="submit">Sign in<\/button>/);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(loginFormOf(page).action).toBe(`${page.url}/login`);
  });

  test('a wrong password re-renders the form: one message, status 401, no redirect, the username kept', async () => {
    const page = await openLoginPage(api.url);
    const result = await submitLogin(page, 'alice', 'not her password');
    expect(result.status).toBe(401);
    expect(result.location).toBeUndefined();
    expect(result.html).toContain(LOGIN_FAILED_MESSAGE);
    expect(result.html).toMatch(/role="alert"/);
    expect(result.html).toMatch(/<input id="username"[^>]*value="alice"/);
    expect(result.html).not.toMatch(/<input id="password"[^>]*value="[^"]/);

    // The same interaction still works with the right password.
    const retry = await submitLogin({ ...page, html: result.html }, 'alice', PASSWORD);
    expect(retry.status).toBe(303);
  });

  test('a login form posted from another site is refused before the password is checked', async () => {
    const page = await openLoginPage(api.url);
    const crossSite = await submitLogin(page, 'alice', PASSWORD, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect(crossSite.location).toBeUndefined();
    expect(crossSite.html).toContain('This form came from another site');
    const otherOrigin = await submitLogin(page, 'alice', PASSWORD, { origin: 'https://evil.example' });
    expect(otherOrigin.status).toBe(403);
    // From the page itself, the same interaction signs in.
    const own = await submitLogin(page, 'alice', PASSWORD, { 'sec-fetch-site': 'same-origin' });
    expect(own.status).toBe(303);
  });

  test('an unknown username gets exactly the same answer as a wrong password', async () => {
    const wrongPassword = await submitLogin(await openLoginPage(api.url), 'alice', 'nope');
    const unknownUser = await submitLogin(await openLoginPage(api.url), 'mallory', 'nope');
    expect(unknownUser.status).toBe(401);
    const message = (html: string) => html.match(/role="alert">([^<]*)</)?.[1];
    expect(message(unknownUser.html)).toBe(LOGIN_FAILED_MESSAGE);
    expect(message(unknownUser.html)).toBe(message(wrongPassword.html));
  });

  test('usernames are matched without regard to case or surrounding spaces', async () => {
    const tokens = await signIn(api.url, '  Alice ', PASSWORD);
    expect(decodeJwt(tokens.accessToken).sub).toBe(await api.userId('alice'));
  });

  test('what the user typed is escaped when the form comes back', async () => {
    const hostile = '"><script>alert(1)</script>';
    const result = await submitLogin(await openLoginPage(api.url), hostile, 'x');
    expect(result.status).toBe(401);
    expect(result.html).not.toContain('<script>alert(1)</script>');
    expect(result.html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  test('an unknown or expired sign-in page is a friendly page with a link back to the portal', async () => {
    const response = await fetch(`${api.url}/idp/interaction/no-such-interaction`, {
      headers: { accept: 'text/html' },
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('This sign-in page has expired');
    expect(html).toContain(`href="${api.url}/"`);
    expect(html).not.toMatch(/Error:|at .*\.ts:\d+/);

    const post = await fetch(`${api.url}/idp/interaction/no-such-interaction/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=alice&password=portico',
    });
    expect(post.status).toBe(400);
    expect(await post.text()).toContain('This sign-in page has expired');
  });
});
