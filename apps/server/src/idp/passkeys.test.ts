import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { generate } from 'otplib';
import { describe, expect, test } from 'vitest';
import { useTestApi } from '../testing/api.ts';
import { captureLogs } from '../testing/log-capture.ts';
import {
  browserFetch,
  CookieJar,
  createSignInFlow,
  followRedirects,
  openLoginPage,
  redeemCallback,
  refreshTokens,
  type SignInFlow,
  signIn,
  submitLogin,
} from '../testing/sign-in.ts';
import { SoftwareAuthenticator } from '../testing/software-authenticator.ts';
import { testDatabaseKind } from '../testing/test-database.ts';
import { startTestServer } from '../testing/test-server.ts';
import { findAccountByUsernameOrEmail } from './accounts.ts';
import { resetTwoStep } from './two-step.usecases.ts';

const logs = captureLogs();
const api = useTestApi({ logger: { level: 'trace', stream: logs.stream } });
const PASSWORD = 'portico';
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

const postJson = (
  flow: SignInFlow,
  path: string,
  body: unknown,
  headers: Record<string, string> = SAME_ORIGIN,
) =>
  browserFetch(flow, new URL(path, flow.baseUrl).href, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });

const postForm = (flow: SignInFlow, path: string, fields: Record<string, string>) =>
  browserFetch(flow, new URL(path, flow.baseUrl).href, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

/** A browser signed in with the password alone (no second step yet), on its security page. */
async function signedInFlow(username: string) {
  const jar = new CookieJar();
  await signIn(api.url, username, PASSWORD, { jar });
  return createSignInFlow(api.url, { jar });
}

/** Adds a passkey on the security page as the signed-in person: the two posts passkeys.js makes. */
async function addPasskey(flow: SignInFlow, authenticator: SoftwareAuthenticator, name: string) {
  const options = await postJson(flow, '/idp/account/security/passkeys/options', {});
  expect(options.status).toBe(200);
  const creation = (await options.json()) as PublicKeyCredentialCreationOptionsJSON;
  expect(creation.rp.id).toBe(new URL(api.url).hostname);
  expect(creation.authenticatorSelection?.residentKey).toBe('required');
  const added = await postJson(flow, '/idp/account/security/passkeys', {
    name,
    response: authenticator.create(creation),
  });
  return { status: added.status, body: (await added.json()) as { location?: string; message?: string } };
}

const uidOf = (url: string) => url.match(/\/idp\/interaction\/([^/]+)/)![1]!;

/** The login page's passkey sign-in, or the second step's "Use a passkey": options, then the answer. */
async function usePasskey(
  flow: SignInFlow,
  uid: string,
  authenticator: SoftwareAuthenticator,
  sign: Parameters<SoftwareAuthenticator['get']>[1] = {},
) {
  const path = `/idp/interaction/${uid}/passkey`;
  const options = await postJson(flow, `${path}/options`, {});
  expect(options.status).toBe(200);
  const request = (await options.json()) as PublicKeyCredentialRequestOptionsJSON;
  const response = authenticator.get(request, sign);
  const answer = await postJson(flow, path, { response });
  return { request, response, status: answer.status, body: (await answer.json()) as { location?: string } };
}

async function tokensAt(flow: SignInFlow, location: string) {
  const landed = await followRedirects(flow, new URL(location, api.url).href);
  expect(landed.callbackUrl).toBeDefined();
  return redeemCallback(flow, landed.callbackUrl!);
}

/** The `amr` the provider keeps with a refresh token: what every second-step check reads. */
const amrOf = async (refreshToken: string) =>
  (
    await api.db.query<{ amr: string[] }>(
      `SELECT payload->'amr' AS amr FROM oidc_payloads WHERE model = 'RefreshToken' AND id = $1`,
      [refreshToken],
    )
  ).rows[0]?.amr;

const lastSignIn = async (username: string) => {
  const { rows } = await api.db.query<{ method: string }>(
    `SELECT s.method FROM sign_ins s JOIN idp_accounts a ON a.user_id = s.user_id
      WHERE a.username = $1 ORDER BY s.id DESC LIMIT 1`,
    [username],
  );
  return rows[0]?.method;
};

describe('passkeys on the embedded provider', { timeout: 120_000 }, () => {
  // Made at first use: the server's address is known once it has started.
  const devices = new Map<string, SoftwareAuthenticator>();
  const device = (name: string) => {
    if (!devices.has(name)) devices.set(name, new SoftwareAuthenticator(api.url));
    return devices.get(name)!;
  };

  test('a person adds two passkeys on the security page, is mailed about each, and renames one', async () => {
    const flow = await signedInFlow('alice');
    expect(await addPasskey(flow, device('alice laptop'), 'Work laptop')).toEqual({
      status: 200,
      body: { location: `${api.url}/idp/account/security?added=1` },
    });
    expect((await addPasskey(flow, device('alice phone'), '  Phone <b>  ')).status).toBe(200);
    const page = await (await browserFetch(flow, `${api.url}/idp/account/security?added=1`)).text();
    expect(page).toContain('Passkey added.');
    expect(page).toContain('<strong>Work laptop</strong>');
    expect(page).toContain('<strong>Phone &lt;b&gt;</strong>');
    expect(page).toContain(`<script src="/idp/assets/webauthn.js" defer></script>`);

    const mails = await api.db.query<{ data: { name: string } }>(
      `SELECT data FROM mail_outbox WHERE template = 'passkey-added' ORDER BY id`,
    );
    expect(mails.rows.map((r) => r.data.name).sort()).toEqual(['Phone <b>', 'Work laptop']);

    const id = page.match(/passkeys\/([0-9a-f-]{36})\/rename/)![1]!;
    const renamed = await postForm(flow, `/idp/account/security/passkeys/${id}/rename`, {
      name: 'Old laptop',
    });
    expect(await renamed.text()).toContain('<strong>Old laptop</strong>');

    // The same registration posted again: its challenge was taken already.
    const options = (await (
      await postJson(flow, '/idp/account/security/passkeys/options', {})
    ).json()) as PublicKeyCredentialCreationOptionsJSON;
    expect(options.excludeCredentials).toHaveLength(2);
    const response = new SoftwareAuthenticator(api.url).create(options);
    expect((await postJson(flow, '/idp/account/security/passkeys', { name: 'x', response })).status).toBe(
      200,
    );
    expect((await postJson(flow, '/idp/account/security/passkeys', { name: 'x', response })).status).toBe(
      400,
    );
    // A cross-site post is refused before anything is read.
    const crossSite = await postJson(
      flow,
      '/idp/account/security/passkeys/options',
      {},
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.status).toBe(403);
  });

  test("the login page's passkey sign-in: a discoverable passkey signs in without a password, with mfa in amr", async () => {
    const login = await openLoginPage(api.url);
    expect(login.html).toContain('Or sign in with a passkey, without your password.');
    const used = await usePasskey(login.flow, uidOf(login.url), device('alice phone'));
    expect(used.request.allowCredentials ?? []).toEqual([]);
    expect(used.request.userVerification).toBe('required');
    expect(used.status).toBe(200);
    const tokens = await tokensAt(login.flow, used.body.location!);
    expect(await amrOf(tokens.refreshToken!)).toEqual(['hwk', 'user', 'mfa']);
    expect(await lastSignIn('alice')).toBe('passkey');
    // A passkey sign-in passed the second step: its refresh token works.
    expect((await refreshTokens(api.url, tokens.refreshToken!)).accessToken).toBeTruthy();
  });

  test('with a passkey, the password asks for the second step; the passkey ends it', async () => {
    const page = await openLoginPage(api.url);
    const afterPassword = await submitLogin(page, 'alice', PASSWORD);
    expect(afterPassword.location).toMatch(/\/two-step$/);
    const secondStep = await (await browserFetch(page.flow, afterPassword.location!)).text();
    expect(secondStep).toContain('Use a passkey');
    // No authenticator app: no code form.
    expect(secondStep).not.toContain('name="code"');
    const used = await usePasskey(page.flow, uidOf(afterPassword.location!), device('alice laptop'));
    expect(used.request.allowCredentials).toHaveLength(3);
    expect(used.status).toBe(200);
    const tokens = await tokensAt(page.flow, used.body.location!);
    expect(await amrOf(tokens.refreshToken!)).toEqual(['pwd', 'hwk', 'mfa']);
    expect(await lastSignIn('alice')).toBe('password_passkey');
  });

  test('refused: a replayed answer, an old counter, another origin, no user verification, an expired challenge, someone else', async () => {
    const refused = async (
      sign: Parameters<SoftwareAuthenticator['get']>[1],
      prepare?: () => Promise<unknown>,
    ) => {
      const login = await openLoginPage(api.url);
      await prepare?.();
      const used = await usePasskey(login.flow, uidOf(login.url), device('alice phone'), sign);
      return used.status;
    };
    expect(await refused({ counter: 1 })).toBe(401);
    expect(await refused({ origin: 'https://evil.example' })).toBe(401);
    expect(await refused({ userVerified: false })).toBe(401);

    // The right answer, posted twice: the second finds its challenge taken.
    const login = await openLoginPage(api.url);
    const uid = uidOf(login.url);
    const first = await usePasskey(login.flow, uid, device('alice phone'));
    expect(first.status).toBe(200);
    const again = await openLoginPage(api.url);
    const replay = await postJson(again.flow, `/idp/interaction/${uidOf(again.url)}/passkey`, {
      response: first.response,
    });
    expect(replay.status).toBe(401);

    // A challenge older than five minutes.
    const late = await openLoginPage(api.url);
    const options = await postJson(late.flow, `/idp/interaction/${uidOf(late.url)}/passkey/options`, {});
    const request = (await options.json()) as PublicKeyCredentialRequestOptionsJSON;
    await api.db.query(`UPDATE passkey_challenges SET expires_at = now() - interval '1 second'`);
    const expired = await postJson(late.flow, `/idp/interaction/${uidOf(late.url)}/passkey`, {
      response: device('alice phone').get(request),
    });
    expect(expired.status).toBe(401);

    // Bob's second step does not take Alice's passkey.
    const bob = new SoftwareAuthenticator(api.url);
    await addPasskey(await signedInFlow('bob'), bob, 'Bob’s key');
    const page = await openLoginPage(api.url);
    const afterPassword = await submitLogin(page, 'bob', PASSWORD);
    const bobUid = uidOf(afterPassword.location!);
    const bobOptions = await postJson(page.flow, `/idp/interaction/${bobUid}/passkey/options`, {});
    const bobRequest = (await bobOptions.json()) as PublicKeyCredentialRequestOptionsJSON;
    const alices = device('alice phone').get({ ...bobRequest, allowCredentials: [] });
    expect(
      (await postJson(page.flow, `/idp/interaction/${bobUid}/passkey`, { response: alices })).status,
    ).toBe(401);
    // Each refusal for its own reason (passkeys.usecases.ts), as logged.
    const reasons = [
      ...logs.text().matchAll(/"reason":"(\w+)"(?:,"detail":"([^"]*))?[^\n]*passkey refused/g),
    ].map((m) => `${m[1]}: ${m[2] ?? ''}`);
    expect(reasons).toEqual([
      expect.stringMatching(/^counter: /),
      expect.stringMatching(/^invalid: Unexpected authentication response origin/),
      expect.stringMatching(/^invalid: User verification required/),
      expect.stringMatching(/^challenge: /),
      expect.stringMatching(/^challenge: /),
      expect.stringMatching(/^unknown: /),
    ]);
  });

  test('removing a passkey asks for the password; the operator reset removes them all', async () => {
    const flow = await signedInFlow('carol');
    const carols = new SoftwareAuthenticator(api.url);
    await addPasskey(flow, carols, 'Desk');
    const page = await (await browserFetch(flow, `${api.url}/idp/account/security`)).text();
    const id = page.match(/passkeys\/([0-9a-f-]{36})\/remove/)![1]!;
    // The session's cookie now needs a second step; the page is still the one of the signed-in browser.
    const confirm = await (
      await browserFetch(flow, `${api.url}/idp/account/security/passkeys/${id}/remove`)
    ).text();
    expect(confirm).toContain('Remove the passkey');
    const wrong = await postForm(flow, `/idp/account/security/passkeys/${id}/remove`, {
      confirmation: 'not it',
    });
    expect(wrong.status).toBe(401);
    expect(await api.db.query(`SELECT 1 FROM passkeys WHERE id = $1`, [id])).toMatchObject({ rows: [{}] });
    const right = await postForm(flow, `/idp/account/security/passkeys/${id}/remove`, {
      confirmation: PASSWORD,
    });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain('The passkey &quot;Desk&quot; is removed.');
    expect((await api.db.query(`SELECT 1 FROM passkeys WHERE id = $1`, [id])).rows).toEqual([]);

    // Without a passkey left, the password alone signs carol in again.
    const login = await openLoginPage(api.url);
    expect((await submitLogin(login, 'carol', PASSWORD)).location).toMatch(/\/oidc\/auth\//);

    const alice = (await findAccountByUsernameOrEmail(api.db, 'alice'))!;
    expect(await resetTwoStep(api.db, { userId: alice.accountId, email: alice.email }, { via: 'test' })).toBe(
      true,
    );
    const left = await api.db.query(`SELECT 1 FROM passkeys WHERE user_id = $1`, [alice.accountId]);
    expect(left.rows).toEqual([]);
  });

  test('with an authenticator app, a code of it confirms a removal too; a cross-site removal is refused', async () => {
    // Alice's second step was reset above: her password alone signs her in.
    const flow = await signedInFlow('alice');
    const enrolment = await (await browserFetch(flow, `${api.url}/idp/account/security/totp`)).text();
    const key = enrolment
      .match(/<code id="totp-key" class="key">([A-Z2-7 ]+)<\/code>/)![1]!
      .replace(/ /g, '');
    const codeAt = (steps: number) =>
      generate({ secret: key, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
    const confirmation = await codeAt(0);
    expect((await postForm(flow, '/idp/account/security/totp', { code: confirmation })).status).toBe(200);
    await addPasskey(flow, new SoftwareAuthenticator(api.url), 'Tablet');
    const page = await (await browserFetch(flow, `${api.url}/idp/account/security`)).text();
    const id = page.match(/passkeys\/([0-9a-f-]{36})\/remove/)![1]!;
    const confirm = await (
      await browserFetch(flow, `${api.url}/idp/account/security/passkeys/${id}/remove`)
    ).text();
    expect(confirm).toContain('Your password, or a code from your authenticator app');

    const crossSite = await browserFetch(flow, `${api.url}/idp/account/security/passkeys/${id}/remove`, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ confirmation: PASSWORD }).toString(),
    });
    expect(crossSite.status).toBe(403);
    // The code that confirmed the app is used already (that very code: the app's code of now may be the next
    // period's); the next one is taken.
    const used = await postForm(flow, `/idp/account/security/passkeys/${id}/remove`, { confirmation });
    expect(used.status).toBe(401);
    const right = await postForm(flow, `/idp/account/security/passkeys/${id}/remove`, {
      confirmation: await codeAt(1),
    });
    expect(right.status).toBe(200);
    expect((await api.db.query('SELECT 1 FROM passkeys WHERE id = $1', [id])).rows).toEqual([]);
  });

  test('the public keys are stored, no private material; the pages never show a credential id', async () => {
    const { rows } = await api.db.query<{ credential_id: string }>('SELECT credential_id FROM passkeys');
    expect(rows.length).toBeGreaterThan(0);
    const flow = await signedInFlow('dave');
    const page = await (await browserFetch(flow, `${api.url}/idp/account/security`)).text();
    for (const row of rows) expect(page).not.toContain(row.credential_id);
  });
});

describe('a passkey at the enrolment a firm requires', { timeout: 120_000 }, () => {
  test('dave, staff of a firm that requires two-step sign-in, adds a passkey instead of an app and goes on', async () => {
    await api.db.query(`UPDATE tenants SET two_step_required = 'staff' WHERE code = 'globex'`);
    await api.db.query(`DELETE FROM passkeys WHERE user_id = $1`, [await api.userId('dave')]);
    try {
      const page = await openLoginPage(api.url);
      const afterPassword = await submitLogin(page, 'dave', PASSWORD);
      expect(afterPassword.location).toMatch(/\/enrol$/);
      const enrol = await (await browserFetch(page.flow, afterPassword.location!)).text();
      expect(enrol).toContain('Or add a passkey instead');
      const path = `${new URL(afterPassword.location!).pathname}/passkey`;
      const options = await postJson(page.flow, `${path}/options`, {});
      expect(options.status).toBe(200);
      const authenticator = new SoftwareAuthenticator(api.url);
      const creation = (await options.json()) as PublicKeyCredentialCreationOptionsJSON;
      const added = await postJson(page.flow, path, {
        name: 'Dave’s laptop',
        response: authenticator.create(creation),
      });
      expect(added.status).toBe(200);
      const tokens = await tokensAt(page.flow, ((await added.json()) as { location: string }).location);
      expect(await amrOf(tokens.refreshToken!)).toEqual(['pwd', 'hwk', 'mfa']);
      expect(await lastSignIn('dave')).toBe('password_passkey');

      // Now that he has one, the password leads to the second step, and the enrolment's passkey path is shut.
      const next = await openLoginPage(api.url);
      const again = await submitLogin(next, 'dave', PASSWORD);
      expect(again.location).toMatch(/\/two-step$/);
      const shut = await postJson(
        next.flow,
        `/idp/interaction/${uidOf(again.location!)}/enrol/passkey/options`,
        {},
      );
      expect(shut.status).toBe(400);
    } finally {
      await api.db.query(`UPDATE tenants SET two_step_required = 'off' WHERE code = 'globex'`);
    }
  });
});

describe('a passkey ceremony across two server processes on one database', { timeout: 120_000 }, () => {
  // PGlite is one process's database; two servers share PostgreSQL, as the cluster's three do.
  test.runIf(testDatabaseKind() === 'postgres')(
    'options from one process, the answer to the other: accepted once, then refused by either',
    async () => {
      const second = await startTestServer({}, { peerOf: api.server });
      try {
        // Carol has no passkey left (removed above), so her password alone signs her in to add one.
        const carols = new SoftwareAuthenticator(api.url);
        await addPasskey(await signedInFlow('carol'), carols, 'Carol’s key');
        const login = await openLoginPage(api.url);
        const path = `/idp/interaction/${uidOf(login.url)}/passkey`;
        const options = await postJson(login.flow, `${path}/options`, {});
        const response = carols.get((await options.json()) as PublicKeyCredentialRequestOptionsJSON);
        const atSecond = await postJson(login.flow, `${second.url}${path}`, { response });
        expect(atSecond.status).toBe(200);
        const { location } = (await atSecond.json()) as { location: string };
        const tokens = await tokensAt(login.flow, location);
        expect(await amrOf(tokens.refreshToken!)).toEqual(['hwk', 'user', 'mfa']);
        // The same answer again, at either process: its challenge is gone.
        const again = await openLoginPage(api.url);
        const replayPath = `/idp/interaction/${uidOf(again.url)}/passkey`;
        expect((await postJson(again.flow, replayPath, { response })).status).toBe(401);
        expect((await postJson(again.flow, `${second.url}${replayPath}`, { response })).status).toBe(401);
      } finally {
        await second.close();
      }
    },
  );
});
