import { generate } from 'otplib';
import { describe, expect, test } from 'vitest';
import { useTestApi } from '../testing/api.ts';
import { captureLogs } from '../testing/log-capture.ts';
import {
  browserFetch,
  CookieJar,
  createSignInFlow,
  followRedirects,
  type LoginPage,
  openLoginPage,
  redeemCallback,
  refreshTokens,
  type SignInFlow,
  signIn,
  submitLogin,
} from '../testing/sign-in.ts';
import { testDatabaseKind } from '../testing/test-database.ts';
import { startTestServer } from '../testing/test-server.ts';
import { LOCKOUT } from './two-step.usecases.ts';
import { WRONG_CODE_MESSAGE } from './two-step-pages.ts';

const logs = captureLogs();
const api = useTestApi({ logger: { level: 'trace', stream: logs.stream } });
const PASSWORD = 'portico';
/** Every secret a test saw: none may reach a log line, an answer other than its own page, or a table in clear. */
const secretsSeen: string[] = [];

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' };

const postForm = (flow: SignInFlow, url: string, fields: Record<string, string>) =>
  browserFetch(flow, new URL(url, flow.baseUrl).href, {
    method: 'POST',
    headers: SAME_ORIGIN,
    body: new URLSearchParams(fields).toString(),
  });

/** Signs in with the password only (no second step set up yet): a jar with the provider's session. */
async function signedInJar(username: string) {
  const jar = new CookieJar();
  await signIn(api.url, username, PASSWORD, { jar });
  return jar;
}

const keyOf = (html: string) => {
  const key = html.match(/<code id="totp-key" class="key">([A-Z2-7 ]+)<\/code>/)?.[1]?.replace(/ /g, '');
  if (!key) throw new Error(`no key on the page: ${html.slice(0, 400)}`);
  secretsSeen.push(key);
  return key;
};
const codesOf = (html: string) => {
  const codes = [...html.matchAll(/<li><code>([a-z2-9]{5}-[a-z2-9]{5})<\/code><\/li>/g)].map((m) => m[1]!);
  secretsSeen.push(...codes);
  return codes;
};
/** The app's code `steps` periods from now: +1 is accepted (one step of clock drift) and later than one just used. */
const codeAt = (key: string, steps = 0) =>
  generate({ secret: key, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/**
 * Sets up an authenticator app on the security page, as the signed-in person; answers the key, the code that
 * confirmed it and the recovery codes.
 */
async function enrol(username: string) {
  const flow = createSignInFlow(api.url, { jar: await signedInJar(username) });
  const page = await browserFetch(flow, `${api.url}/idp/account/security/totp`);
  expect(page.status).toBe(200);
  const key = keyOf(await page.text());
  const wrong = await postForm(flow, '/idp/account/security/totp', { code: '000000' });
  expect(wrong.status).toBe(400);
  expect(await wrong.text()).toContain(WRONG_CODE_MESSAGE);
  const confirmation = await codeAt(key);
  const confirmed = await postForm(flow, '/idp/account/security/totp', { code: confirmation });
  expect(confirmed.status).toBe(200);
  const codes = codesOf(await confirmed.text());
  expect(codes).toHaveLength(10);
  return { key, confirmation, codes, flow };
}

/** A new sign-in up to the page after the password. */
async function passwordStep(username: string, jar = new CookieJar()) {
  const page: LoginPage = await openLoginPage(api.url, { jar });
  const login = await submitLogin(page, username, PASSWORD);
  expect(login.status).toBe(303);
  return { flow: page.flow, next: login.location! };
}

async function sendCode(flow: SignInFlow, next: string, code: string) {
  const response = await postForm(flow, next, { code });
  return { response, html: response.status === 303 ? '' : await response.text() };
}

async function tokensAfter(flow: SignInFlow, response: Response) {
  const landed = await followRedirects(flow, new URL(response.headers.get('location')!, api.url).href);
  expect(landed.callbackUrl).toBeDefined();
  return redeemCallback(flow, landed.callbackUrl!);
}

describe('two-step sign-in on the embedded provider', { timeout: 120_000 }, () => {
  test('the security page needs the provider session and same-origin forms', async () => {
    const anonymous = await fetch(`${api.url}/idp/account/security`);
    expect(anonymous.status).toBe(401);
    const flow = createSignInFlow(api.url, { jar: await signedInJar('alice') });
    const crossSite = await browserFetch(flow, `${api.url}/idp/account/security/recovery-codes`, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
  });

  test('an authenticator app set up on the security page is asked for after the password; a code works once', async () => {
    const { key, confirmation } = await enrol('alice');
    const { flow, next } = await passwordStep('alice');
    expect(next).toMatch(/\/idp\/interaction\/[\w-]+\/two-step$/);
    expect((await browserFetch(flow, next)).status).toBe(200);

    const wrong = await sendCode(flow, next, '123456');
    expect(wrong.response.status).toBe(401);
    expect(wrong.html).toContain(WRONG_CODE_MESSAGE);
    // The code that confirmed the enrolment counts as used (that very code: the app's code of now may be the next
    // period's, and right).
    expect((await sendCode(flow, next, confirmation)).response.status).toBe(401);

    const code = await codeAt(key, 1);
    const right = await sendCode(flow, next, code);
    expect(right.response.status).toBe(303);
    const tokens = await tokensAfter(flow, right.response);
    expect(tokens.accessToken).toBeTruthy();

    // The same code again, in a new sign-in: refused.
    const again = await passwordStep('alice');
    expect((await sendCode(again.flow, again.next, code)).response.status).toBe(401);
    // The refreshed session keeps its second step: a refresh works.
    expect((await refreshTokens(api.url, tokens.refreshToken!)).accessToken).toBeTruthy();
  });

  test('the second step cannot be skipped: resuming the authorization, or an old session or refresh token', async () => {
    // Password only, before the app is set up: a session and a refresh token without a second step.
    const jar = new CookieJar();
    const before = await signIn(api.url, 'carol', PASSWORD, { jar });
    const { key } = await enrol('carol');

    // The old session no longer gets a code: the provider asks to sign in again.
    const silent = await openLoginPage(api.url, { jar });
    expect(silent.callbackUrl).toBeUndefined();
    expect(silent.html).toContain('<title>Sign in · Portico</title>');
    // Nor does the old refresh token get tokens.
    await expect(refreshTokens(api.url, before.refreshToken!)).rejects.toThrow(/invalid_grant/);

    // After the password, going straight to the provider's resume address finds no sign-in.
    const { flow, next } = await passwordStep('carol');
    const uid = next.match(/interaction\/([\w-]+)\/two-step/)![1]!;
    const resumed = await followRedirects(flow, `${api.url}/oidc/auth/${uid}`);
    expect(resumed.callbackUrl).toBeUndefined();
    expect(await resumed.response.text()).toContain('<title>Sign in · Portico</title>');
    // The pages of the second step of that sign-in are gone with it.
    expect((await sendCode(flow, next, await codeAt(key, 1))).response.status).toBe(400);
    // A made-up code at the token endpoint is refused as ever.
    const token = await fetch(`${api.url}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: 'made-up',
        client_id: flow.clientId,
        redirect_uri: flow.redirectUri,
        code_verifier: flow.codeVerifier,
      }),
    });
    expect(token.status).toBe(400);
  });

  test('five wrong codes lock the second step for fifteen minutes, the right code too, and mail the person', async () => {
    const { key } = await enrol('dave');
    const { flow, next } = await passwordStep('dave');
    for (let n = 1; n < LOCKOUT.limit; n++) {
      expect((await sendCode(flow, next, '000000')).html).toContain(WRONG_CODE_MESSAGE);
    }
    const fifth = await sendCode(flow, next, '000000');
    expect(fifth.html).toMatch(/locked until \d\d:\d\d UTC, and even the right code is refused/);
    const right = await sendCode(flow, next, await codeAt(key, 1));
    expect(right.response.status).toBe(401);
    expect(right.html).toMatch(/locked until/);
    const mails = await api.db.query<{ recipient_email: string }>(
      `SELECT recipient_email FROM mail_outbox WHERE template = 'two-step-locked'`,
    );
    expect(mails.rows).toEqual([{ recipient_email: 'dave@globex.example' }]);

    // Fifteen minutes later the right code works.
    await api.db.query(`UPDATE two_step_locks SET locked_until = now() - interval '1 second'`);
    expect((await sendCode(flow, next, await codeAt(key, 1))).response.status).toBe(303);
  });

  test('a recovery code signs in once, is mailed about, and new codes replace the old', async () => {
    const { codes, flow: account } = await enrol('bob');
    const first = await passwordStep('bob');
    const used = await sendCode(first.flow, first.next, codes[0]!.toUpperCase().replace('-', ' '));
    expect(used.response.status).toBe(303);
    await tokensAfter(first.flow, used.response);
    const again = await passwordStep('bob');
    expect((await sendCode(again.flow, again.next, codes[0]!)).response.status).toBe(401);
    const mails = await api.db.query<{ data: { left: number } }>(
      `SELECT data FROM mail_outbox WHERE template = 'recovery-code-used'`,
    );
    expect(mails.rows.map((r) => r.data.left)).toEqual([9]);

    const security = await browserFetch(account, `${api.url}/idp/account/security`);
    expect(await security.text()).toContain('9 unused recovery codes');
    const renewed = await postForm(account, '/idp/account/security/recovery-codes', {});
    expect(codesOf(await renewed.text())).toHaveLength(10);
    expect((await sendCode(again.flow, again.next, codes[1]!)).response.status).toBe(401);
  });

  test('secrets are never in the logs, in other answers or in the database in clear', async () => {
    expect(secretsSeen.length).toBeGreaterThan(20);
    const text = logs.text();
    const tables = await api.db.query<{ dump: string }>(
      `SELECT (SELECT coalesce(string_agg(sealed_secret, ' '), '') FROM two_step_totp) || ' ' ||
              (SELECT coalesce(string_agg(code_sha256, ' '), '') FROM two_step_recovery_codes) || ' ' ||
              (SELECT coalesce(string_agg(data::text, ' '), '') FROM mail_outbox) AS dump`,
    );
    const dump = tables.rows[0]!.dump;
    expect(dump).toMatch(/v1\./);
    for (const secret of secretsSeen) {
      expect(text).not.toContain(secret);
      expect(dump.toLowerCase()).not.toContain(secret.toLowerCase());
      expect(dump).not.toContain(secret.replace('-', ''));
    }
  });
});

describe('the lockout across two server processes on one database', { timeout: 120_000 }, () => {
  // PGlite is one process's database; two servers share PostgreSQL.
  test.runIf(testDatabaseKind() === 'postgres')(
    'wrong codes sent to either process count together',
    async () => {
      const second = await startTestServer({}, { peerOf: api.server });
      try {
        // Alice set up an app in the tests above: she starts again, as after `portico user reset-two-step`.
        await api.db.query('DELETE FROM two_step_totp WHERE user_id = $1', [await api.userId('alice')]);
        const { key } = await enrol('alice');
        const { flow, next } = await passwordStep('alice');
        const path = new URL(next).pathname;
        for (let n = 0; n < LOCKOUT.limit; n++) {
          const target = n % 2 ? `${second.url}${path}` : next;
          await sendCode(flow, target, '000000');
        }
        const right = await sendCode(flow, `${second.url}${path}`, await codeAt(key, 1));
        expect(right.html).toMatch(/locked until/);
      } finally {
        await second.close();
      }
    },
  );
});
