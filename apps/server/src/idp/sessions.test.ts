import { describe, expect, test } from 'vitest';
import { createAccountLink } from '../invitations/account-links.repository.ts';
import { useTestApi } from '../testing/api.ts';
import {
  browserFetch,
  CookieJar,
  createSignInFlow,
  openLoginPage,
  postSetPassword,
  refreshTokens,
  signIn,
} from '../testing/sign-in.ts';

const api = useTestApi();
const PASSWORD = 'portico';

describe('sessions end everywhere', { timeout: 60_000 }, () => {
  test('"Sign out everywhere" ends every session and refresh token of the person, and only theirs', async () => {
    const here = new CookieJar();
    const there = new CookieJar();
    const first = await signIn(api.url, 'alice', PASSWORD, { jar: here });
    const second = await signIn(api.url, 'alice', PASSWORD, { jar: there });
    const someoneElse = await signIn(api.url, 'bob', PASSWORD);

    const flow = createSignInFlow(api.url, { jar: here });
    const done = await browserFetch(flow, `${api.url}/idp/account/security/sign-out-everywhere`, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You have been signed out');

    for (const tokens of [first, second]) {
      await expect(refreshTokens(api.url, tokens.refreshToken!)).rejects.toThrow(/invalid_grant/);
    }
    for (const jar of [here, there]) {
      const page = await openLoginPage(api.url, { jar });
      expect(page.callbackUrl).toBeUndefined();
      expect(page.html).toContain('<title>Sign in · Portico</title>');
    }
    expect((await refreshTokens(api.url, someoneElse.refreshToken!)).accessToken).toBeTruthy();
  });

  test('a password reset ends the sign-ins made with the old password', async () => {
    const jar = new CookieJar();
    const before = await signIn(api.url, 'carol', PASSWORD, { jar });
    const { secret } = await createAccountLink(api.db, {
      purpose: 'password_reset',
      userId: await api.userId('carol'),
    });
    const set = await postSetPassword(api.url, { secret, password: 'a brand new long password' });
    expect(set.response.status).toBe(303);
    await expect(refreshTokens(api.url, before.refreshToken!)).rejects.toThrow(/invalid_grant/);
    expect((await openLoginPage(api.url, { jar })).callbackUrl).toBeUndefined();
    // The browser that set it is carried into the portal as before (the sign-in link of its cookie).
    const landed = await openLoginPage(api.url, { jar: set.jar });
    expect(landed.callbackUrl).toBeDefined();
  });

  test("staff end a client's sign-ins, audited; never a staff member's, nor a stranger's", async () => {
    const jar = new CookieJar();
    const bobs = await signIn(api.url, 'bob', PASSWORD, { jar });
    const bobId = await api.userId('bob');
    expect((await api.as('bob').post(`/t/acme/portal/api/staff/people/${bobId}/end-sessions`)).status).toBe(
      403,
    );
    const ended = await api
      .as('carol')
      .post<{ ended: number }>(`/t/acme/portal/api/staff/people/${bobId}/end-sessions`);
    expect(ended.status).toBe(200);
    expect(ended.body.ended).toBeGreaterThanOrEqual(1);
    await expect(refreshTokens(api.url, bobs.refreshToken!)).rejects.toThrow(/invalid_grant/);
    expect((await openLoginPage(api.url, { jar })).callbackUrl).toBeUndefined();
    const audit = await api.db.query<{ detail: { clientUserId: string } }>(
      `SELECT detail FROM audit_events WHERE tenant_code = 'acme' AND action = 'member.sessions_end'`,
    );
    expect(audit.rows.map((r) => r.detail.clientUserId)).toEqual([bobId]);

    // Carol is staff, Dave is Globex's: neither is a client of Acme.
    for (const other of ['carol', 'dave'] as const) {
      const refused = await api
        .as('carol')
        .post(`/t/acme/portal/api/staff/people/${await api.userId(other)}/end-sessions`);
      expect(refused.status).toBe(404);
    }
  });
});
