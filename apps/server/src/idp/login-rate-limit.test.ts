import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openLoginPage, submitLogin } from '../testing/sign-in.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

describe('the login form with LOGIN_RATE_LIMIT=3', { timeout: 30_000 }, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ LOGIN_RATE_LIMIT: '3' });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  test('answers 429 with a readable page after 3 attempts a minute, even to the right password', async () => {
    const page = await openLoginPage(server.url);
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
    expect((await openLoginPage(server.url)).status).toBe(200);
  });
});
