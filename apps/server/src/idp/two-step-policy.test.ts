import { PassThrough, Readable } from 'node:stream';
import type { SignInPolicy } from '@portico/contracts';
import { generate } from 'otplib';
import { describe, expect, test } from 'vitest';
import { runCli } from '../cli/main.ts';
import { useTestApi } from '../testing/api.ts';
import {
  browserFetch,
  CookieJar,
  followRedirects,
  openLoginPage,
  redeemCallback,
  refreshTokens,
  signIn,
  submitLogin,
} from '../testing/sign-in.ts';

const api = useTestApi();
const PASSWORD = 'portico';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** The operators' command line against the test server's database; answers its exit code and output. */
async function portico(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const out = new PassThrough().setEncoding('utf8').on('data', (c: string) => (stdout += c));
  const err = new PassThrough().setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const code = await runCli(argv, {
    stdout: out,
    stderr: err,
    stdin: Readable.from([]),
    env: { DATA_DIR: api.server.config.dataDir },
    database: api.db,
  });
  return { code, stdout, stderr };
}

describe("the firm's two-step policy", { timeout: 120_000 }, () => {
  test('staff set "Require two-step sign-in"; clients may not; the change is audited', async () => {
    expect((await api.as('carol').get<SignInPolicy>('/t/acme/portal/api/staff/sign-in-policy')).body).toEqual(
      {
        twoStepRequired: 'off',
      },
    );
    expect(
      (await api.as('bob').put('/t/acme/portal/api/staff/sign-in-policy', { twoStepRequired: 'off' })).status,
    ).toBe(403);
    const bad = await api
      .as('carol')
      .put('/t/acme/portal/api/staff/sign-in-policy', { twoStepRequired: 'all' });
    expect(bad.status).toBe(400);
    const audit = await api.db.query(`SELECT 1 FROM audit_events WHERE action = 'policy.two_step'`);
    expect(audit.rows).toHaveLength(0);
  });

  test('with clients required, bob is taken through enrolment before any token; staff of another firm are not', async () => {
    // Before the policy: a refresh token from a password-only sign-in.
    const before = await signIn(api.url, 'bob', PASSWORD);

    const set = await api
      .as('carol')
      .put<SignInPolicy>('/t/acme/portal/api/staff/sign-in-policy', { twoStepRequired: 'clients' });
    expect(set.body).toEqual({ twoStepRequired: 'clients' });
    const audit = await api.db.query<{ detail: unknown }>(
      `SELECT detail FROM audit_events WHERE tenant_code = 'acme' AND action = 'policy.two_step'`,
    );
    expect(audit.rows).toEqual([{ detail: { from: 'off', to: 'clients' } }]);

    // The old refresh token no longer renews: bob must sign in, and pass a second step.
    await expect(refreshTokens(api.url, before.refreshToken!)).rejects.toThrow(/invalid_grant/);
    // Dave, staff of Globex, which requires nothing, signs in with his password as before.
    expect((await signIn(api.url, 'dave', PASSWORD)).accessToken).toBeTruthy();

    const page = await openLoginPage(api.url, { jar: new CookieJar() });
    const login = await submitLogin(page, 'bob', PASSWORD);
    expect(login.location).toMatch(/\/idp\/interaction\/[\w-]+\/enrol$/);
    const uid = login.location!.match(/interaction\/([\w-]+)\//)![1]!;
    const enrolPage = await browserFetch(page.flow, login.location!);
    const html = await enrolPage.text();
    expect(html).toContain('Your firm requires a second step');
    expect(html).toContain('<svg');
    const key = html.match(/<code id="totp-key" class="key">([A-Z2-7 ]+)<\/code>/)![1]!.replace(/ /g, '');

    // Nothing skips enrolment: "done" before a code, or the provider's resume address.
    const early = await browserFetch(page.flow, `${login.location}/done`, { method: 'POST', headers: FORM });
    expect(early.status).toBe(400);

    const confirmed = await browserFetch(page.flow, login.location!, {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({ code: await generate({ secret: key }) }).toString(),
    });
    expect(confirmed.status).toBe(200);
    expect((await confirmed.text()).match(/<li><code>/g)).toHaveLength(10);
    const done = await browserFetch(page.flow, `${api.url}/idp/interaction/${uid}/enrol/done`, {
      method: 'POST',
      headers: FORM,
    });
    expect(done.status).toBe(303);
    const landed = await followRedirects(page.flow, new URL(done.headers.get('location')!, api.url).href);
    const tokens = await redeemCallback(page.flow, landed.callbackUrl!);
    expect(tokens.accessToken).toBeTruthy();
    expect((await refreshTokens(api.url, tokens.refreshToken!)).accessToken).toBeTruthy();
  });

  test('a sign-in that skips straight to the resume address gets no code while enrolment is due', async () => {
    const page = await openLoginPage(api.url, { jar: new CookieJar() });
    const login = await submitLogin(page, 'alice', PASSWORD);
    // Alice is a client of an Acme site too: enrolment is due.
    expect(login.location).toMatch(/\/enrol$/);
    const uid = login.location!.match(/interaction\/([\w-]+)\//)![1]!;
    const resumed = await followRedirects(page.flow, `${api.url}/oidc/auth/${uid}`);
    expect(resumed.callbackUrl).toBeUndefined();
  });

  test('portico user reset-two-step removes the second step, is audited and mailed; bob enrols again', async () => {
    const bobId = await api.userId('bob');
    expect((await api.db.query('SELECT 1 FROM two_step_totp WHERE user_id = $1', [bobId])).rows).toHaveLength(
      1,
    );
    const run = await portico('user', 'reset-two-step', 'BOB@example.com');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain('Two-step sign-in of bob@example.com removed');
    expect((await api.db.query('SELECT 1 FROM two_step_totp WHERE user_id = $1', [bobId])).rows).toHaveLength(
      0,
    );
    expect(
      (await api.db.query('SELECT 1 FROM two_step_recovery_codes WHERE user_id = $1', [bobId])).rows,
    ).toHaveLength(0);
    const audit = await api.db.query<{ tenant_code: string; detail: Record<string, unknown> }>(
      `SELECT tenant_code, detail FROM audit_events WHERE action = 'account.two_step_reset'`,
    );
    expect(audit.rows).toEqual([
      { tenant_code: 'acme', detail: { via: 'cli', email: 'bob@example.com', removed: true } },
    ]);
    const mail = await api.db.query(
      `SELECT 1 FROM mail_outbox WHERE template = 'two-step-reset' AND recipient_email = 'bob@example.com'`,
    );
    expect(mail.rows).toHaveLength(1);

    // The policy still applies: his next sign-in takes him through enrolment again.
    const login = await submitLogin(await openLoginPage(api.url, { jar: new CookieJar() }), 'bob', PASSWORD);
    expect(login.location).toMatch(/\/enrol$/);

    const unknown = await portico('user', 'reset-two-step', 'nobody');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('portico: There is no account "nobody".');
  });
});
