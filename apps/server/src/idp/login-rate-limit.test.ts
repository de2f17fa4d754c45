import { describe, expect, test } from 'vitest';
import { useTestApi } from '../testing/api.ts';
import { openLoginPage, submitLogin } from '../testing/sign-in.ts';

describe('the login form with LOGIN_RATE_LIMIT=3', { timeout: 30_000 }, () => {
  const api = useTestApi({ env: { LOGIN_RATE_LIMIT: '3' } });

  test('answers 429 with a readable page after 3 attempts a minute, even to the right password', async () => {
    const page = await openLoginPage(api.url);
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await submitLogin(page, 'alice', `guess ${attempt}`)).status).toBe(401);
    }
    const blocked = await submitLogin(page, 'alice', 'portico');
    expect(blocked.status).toBe(429);
    expect(blocked.response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(Number(blocked.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.html).toContain('<title>Too many attempts · Portico</title>');
    expect(blocked.html).toContain('Too many sign-in attempts');
    expect(blocked.html).toContain(`href="${new URL(page.url).pathname}"`);

    // Only the form is limited: the page itself and the provider still answer.
    expect((await openLoginPage(api.url)).status).toBe(200);
  });

  test('the forgot-password and set-password forms have the same limit, each its own count', async () => {
    const post = (path: string, body: Record<string, string>) =>
      fetch(`${api.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body).toString(),
      });
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await post('/idp/password/forgot', { email: `guess${attempt}@example.com` })).status).toBe(200);
    }
    const blocked = await post('/idp/password/forgot', { email: 'bob@example.com' });
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain('Too many sign-in attempts');
    for (let attempt = 1; attempt <= 3; attempt++) {
      const guess = { secret: 'x'.repeat(43), password: 'a long password', confirmation: 'a long password' };
      expect((await post('/idp/password', guess)).status).toBe(400);
    }
    expect((await post('/idp/password', { secret: 'y'.repeat(43) })).status).toBe(429);
  });

  test('a client cannot get a fresh allowance by claiming another address (TRUST_PROXY unset)', async () => {
    const page = await openLoginPage(api.url);
    const spoofed = await submitLogin(page, 'alice', 'portico', { 'x-forwarded-for': '198.51.100.7' });
    expect(spoofed.status).toBe(429);
  });
});

describe('the login form behind a trusted proxy (TRUST_PROXY=127.0.0.1, LOGIN_RATE_LIMIT=2)', {
  timeout: 30_000,
}, () => {
  const api = useTestApi({ env: { LOGIN_RATE_LIMIT: '2', TRUST_PROXY: '127.0.0.1' } });

  test('counts attempts per client address the proxy reports, not per proxy', async () => {
    const page = await openLoginPage(api.url);
    const from = (address: string) => ({ 'x-forwarded-for': address });
    for (let attempt = 1; attempt <= 2; attempt++) {
      expect((await submitLogin(page, 'alice', `guess ${attempt}`, from('203.0.113.1'))).status).toBe(401);
    }
    expect((await submitLogin(page, 'alice', 'guess 3', from('203.0.113.1'))).status).toBe(429);
    // Another client behind the same proxy still has its own allowance.
    expect((await submitLogin(page, 'alice', 'guess 1', from('203.0.113.2'))).status).toBe(401);
  });
});
