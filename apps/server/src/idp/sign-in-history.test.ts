import type { SignInList } from '@portico/contracts';
import { describe, expect, test } from 'vitest';
import { useTestApi } from '../testing/api.ts';
import { browserFetch, CookieJar, createSignInFlow, signIn } from '../testing/sign-in.ts';
import { describeBrowser } from './sign-in-history.ts';

const api = useTestApi();
const PASSWORD = 'portico';

const newBrowserMails = async (email: string) =>
  (
    await api.db.query<{ data: { browser: string } }>(
      `SELECT data FROM mail_outbox WHERE template = 'new-browser-sign-in' AND recipient_email = $1`,
      [email],
    )
  ).rows;

describe('sign-in history', { timeout: 60_000 }, () => {
  test('each sign-in is recorded; a browser not seen before is mailed about, a known one is not', async () => {
    const laptop = new CookieJar();
    await signIn(api.url, 'bob', PASSWORD, { jar: laptop });
    // The first sign-in ever has nothing to compare with: no mail.
    expect(await newBrowserMails('bob@example.com')).toEqual([]);
    // Signed out (the session ends, the browser keeps its id), then in again from the same browser: no mail.
    await browserFetch(
      createSignInFlow(api.url, { jar: laptop }),
      `${api.url}/idp/account/security/sign-out-everywhere`,
      {
        method: 'POST',
        headers: { 'sec-fetch-site': 'same-origin' },
      },
    );
    await signIn(api.url, 'bob', PASSWORD, { jar: laptop });
    expect(await newBrowserMails('bob@example.com')).toEqual([]);
    // Another browser (no cookie of this provider): mailed.
    await signIn(api.url, 'bob', PASSWORD);
    expect(await newBrowserMails('bob@example.com')).toHaveLength(1);

    const page = await browserFetch(
      createSignInFlow(api.url, { jar: laptop }),
      `${api.url}/idp/account/security`,
    );
    const html = await page.text();
    expect(html).toContain('<h2>Recent sign-ins</h2>');
    expect(html.match(/<tr><td>\d{4}-\d\d-\d\d \d\d:\d\d UTC<\/td><td>Password<\/td>/g)).toHaveLength(3);
    expect(html).toContain('<td>127.0.0.1</td>');
  });

  test("staff see a client's sign-ins; not a staff member's, and a client sees none", async () => {
    const bobId = await api.userId('bob');
    const list = await api.as('carol').get<SignInList>(`/t/acme/portal/api/staff/people/${bobId}/sign-ins`);
    expect(list.status).toBe(200);
    expect(list.body.records).toHaveLength(3);
    expect(list.body.records[0]).toMatchObject({ method: 'password', address: '127.0.0.1' });
    const staff = await api
      .as('carol')
      .get(`/t/acme/portal/api/staff/people/${await api.userId('carol')}/sign-ins`);
    expect(staff.status).toBe(404);
    expect((await api.as('bob').get(`/t/acme/portal/api/staff/people/${bobId}/sign-ins`)).status).toBe(403);
  });

  test('a browser is described by its name and system only', () => {
    expect(
      describeBrowser(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0',
      ),
    ).toBe('Edge on Windows');
    expect(describeBrowser('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe(
      'Firefox on Linux',
    );
    expect(
      describeBrowser(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(describeBrowser(undefined)).toBe('A browser');
  });
});
