import type { SiteMember } from '@portico/contracts';
import { decodeJwt } from 'jose';
import { describe, expect, test } from 'vitest';
import {
  createAccountLink,
  deleteOldAccountLinks,
  linkSecretHash,
} from '../invitations/account-links.repository.ts';
import { SET_PASSWORD_PATH } from '../invitations/invitations.usecases.ts';
import { useTestApi } from '../testing/api.ts';
import { captureLogs } from '../testing/log-capture.ts';
import { CookieJar, openLoginPage, postSetPassword, redeemCallback, signIn } from '../testing/sign-in.ts';
import { escapeHtml } from './html.ts';
import { SIGN_IN_COOKIE } from './password.routes.ts';
import { PASSWORD_RULE_MESSAGES } from './password-rule.ts';

/** Everything the server logs, at every level, to prove no secret ever reaches a log line. */
const logs = captureLogs();
const secretsUsed: string[] = [];

const api = useTestApi({ logger: { level: 'trace', stream: logs.stream } });
const PASSWORD = 'a long new password';

/** A person carol adds to Bob's Bakery by e-mail: they have no account yet. */
async function newClient(email: string): Promise<string> {
  const added = await api
    .as('carol')
    .post<SiteMember>(`/t/acme/portal/api/staff/sites/${api.siteId('ACME-1001')}/members`, {
      email,
      name: 'New Client',
    });
  expect(added.status).toBe(201);
  expect(added.body.hasAccount).toBe(false);
  return added.body.userId;
}

async function invitationFor(userId: string, tenantCode = 'acme'): Promise<string> {
  const { secret } = await createAccountLink(api.db, { purpose: 'invitation', userId, tenantCode });
  secretsUsed.push(secret);
  return secret;
}

/** Posts the set-password form as the browser does, with the secret the page's script took from the fragment. */
const setPassword = (secret: string, password = PASSWORD, confirmation = password) =>
  postSetPassword(api.url, { secret, password, confirmation });

describe('set-password links', { timeout: 60_000 }, () => {
  test('the page carries no secret of its own and takes it from the fragment by script', async () => {
    const page = await fetch(`${api.url}${SET_PASSWORD_PATH}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(html).toContain('<input type="hidden" id="secret" name="secret" value="">');
    expect(html).toContain('<script src="/idp/assets/link-secret.js" defer></script>');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
  });

  test('an invitation sets a password once, then the person lands signed in without typing it again', async () => {
    const userId = await newClient('first.client@example.net');
    const secret = await invitationFor(userId);
    const { response, jar } = await setPassword(secret);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${api.url}/`);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${SIGN_IN_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Path=\/idp\/interaction/);
    secretsUsed.push(cookie.split(';')[0]!.split('=')[1]!);

    // The portal's sign-in: the provider completes the login with the cookie, no form shown.
    const landed = await openLoginPage(api.url, { jar });
    expect(landed.callbackUrl).toBeDefined();
    const tokens = await redeemCallback(landed.flow, landed.callbackUrl!);
    expect(decodeJwt(tokens.accessToken).sub).toBe(userId);
    expect(decodeJwt(tokens.accessToken).tid).toEqual(['acme']);
    // The firm's name for them stays: the account has no name of its own to replace it.
    expect(decodeJwt(tokens.idToken).name).toBeUndefined();

    // The cookie was spent: a second sign-in shows the form (no session cookie in a new jar).
    const again = await openLoginPage(api.url, { jar: new CookieJar() });
    expect(again.status).toBe(200);

    // The link was spent too.
    const reused = await setPassword(secret, 'another long password');
    expect(reused.response.status).toBe(400);
    expect(reused.html).toContain('This link no longer works');

    // They sign in with their address (or their username, the address's first part) and the password.
    const byEmail = await signIn(api.url, 'First.Client@example.net', PASSWORD);
    expect(decodeJwt(byEmail.accessToken).sub).toBe(userId);
    const byUsername = await signIn(api.url, 'first.client', PASSWORD);
    expect(decodeJwt(byUsername.accessToken).sub).toBe(userId);

    const members = await api
      .as('carol')
      .get<{ records: SiteMember[] }>(`/t/acme/portal/api/staff/sites/${api.siteId('ACME-1001')}/members`);
    expect(members.body.records.find((m) => m.userId === userId)).toMatchObject({
      name: 'New Client',
      hasAccount: true,
    });
  });

  test('a refused password keeps the link for the next try', async () => {
    const userId = await newClient('second.client@example.net');
    const secret = await invitationFor(userId);
    const short = await setPassword(secret, 'short');
    expect(short.response.status).toBe(400);
    expect(short.html).toContain('at least 12 characters');
    // The one password rule: a common password, or the person's own address, is refused with the link kept.
    const common = await setPassword(secret, 'password1234');
    expect(common.html).toContain(PASSWORD_RULE_MESSAGES.common);
    const own = await setPassword(secret, 'second.client@example.net');
    expect(own.response.status).toBe(400);
    expect(own.html).toContain(escapeHtml(PASSWORD_RULE_MESSAGES.own));
    expect(own.html).toContain(`value="${secret}"`);
    const mismatch = await setPassword(secret, PASSWORD, 'not the same password');
    expect(mismatch.html).toContain('The two passwords are not the same.');
    // The page comes back with the secret, so only the passwords need typing again.
    expect(mismatch.html).toContain(`value="${secret}"`);
    expect((await setPassword(secret)).response.status).toBe(303);
  });

  test('a set-password form posted from another site is refused: no password set, no sign-in cookie, the link kept', async () => {
    const userId = await newClient('csrf.client@example.net');
    const secret = await invitationFor(userId);
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' } as Record<string, string>,
      { 'sec-fetch-site': 'same-site' },
      { origin: 'http://127.0.0.1:1' },
    ]) {
      const { response, html } = await postSetPassword(
        api.url,
        { secret, password: PASSWORD },
        undefined,
        headers,
      );
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(html).toContain('This form came from another site');
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    // The person's own page, on this origin, still sets it.
    const own = await postSetPassword(api.url, { secret, password: PASSWORD }, undefined, {
      'sec-fetch-site': 'same-origin',
    });
    expect(own.response.status).toBe(303);
  });

  test('the person’s own e-mail address is refused as the password, and the link kept', async () => {
    const userId = await newClient('Own.Address@example.net');
    const secret = await invitationFor(userId);
    const refused = await setPassword(secret, 'own.address@example.net');
    expect(refused.response.status).toBe(400);
    expect(refused.html).toContain('Your password cannot be your e-mail address or username.');
    expect(refused.response.headers.getSetCookie()).toEqual([]);
    expect((await setPassword(secret)).response.status).toBe(303);
  });

  test('an expired link does nothing', async () => {
    const userId = await newClient('late.client@example.net');
    const secret = await invitationFor(userId);
    await api.db.query(
      `UPDATE account_links SET created_at = now() - interval '8 days', expires_at = now() - interval '1 day'
       WHERE token_sha256 = $1`,
      [linkSecretHash(secret)],
    );
    const late = await setPassword(secret);
    expect(late.response.status).toBe(400);
    expect(late.html).toContain('This link no longer works');
    expect(late.response.headers.getSetCookie()).toEqual([]);
  });

  test('an invitation is bound to its firm: once the firm took the role back, the link is void', async () => {
    const userId = await newClient('removed.client@example.net');
    const secret = await invitationFor(userId);
    const removed = await api
      .as('carol')
      .delete(`/t/acme/portal/api/staff/sites/${api.siteId('ACME-1001')}/members/${userId}`);
    expect(removed.status).toBe(204);
    expect((await setPassword(secret)).response.status).toBe(400);
    // An invitation naming another firm, where the person has no role, is void just the same.
    const userId2 = await newClient('other.firm@example.net');
    expect((await setPassword(await invitationFor(userId2, 'globex'))).response.status).toBe(400);
  });

  test("a firm's staff, through the database's second wall, see only their firm's links", async () => {
    const userId = await newClient('walled.client@example.net');
    await invitationFor(userId);
    const count = (tenant: string) =>
      api.db.withTenant(tenant, async (tx) => {
        const { rows } = await tx.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM account_links WHERE user_id = $1',
          [userId],
        );
        return rows[0]!.n;
      });
    expect(await count('acme')).toBeGreaterThan(0);
    expect(await count('globex')).toBe(0);
    // Nor can they write one for another firm.
    await expect(
      api.db.withTenant('globex', (tx) =>
        createAccountLink(tx, { purpose: 'invitation', userId, tenantCode: 'acme' }),
      ),
    ).rejects.toThrow();
  });

  test('a sign-in link or a made-up secret cannot set a password', async () => {
    const userId = await newClient('wrong.kind@example.net');
    const { secret: signInSecret } = await createAccountLink(api.db, { purpose: 'sign_in', userId });
    secretsUsed.push(signInSecret);
    expect((await setPassword(signInSecret)).response.status).toBe(400);
    expect((await setPassword('x'.repeat(43))).response.status).toBe(400);
    expect((await setPassword('')).response.status).toBe(400);
  });

  test('no log line holds a secret, and the database holds only their hashes', async () => {
    expect(secretsUsed.length).toBeGreaterThan(5);
    const logged = logs.text();
    expect(logged).toContain('password set with a link');
    for (const secret of secretsUsed) {
      expect(logged).not.toContain(secret);
      const { rows } = await api.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM account_links WHERE token_sha256 = $1 OR token_sha256 = $2`,
        [secret, linkSecretHash(secret)],
      );
      expect(rows[0]!.n).toBeLessThanOrEqual(1);
      const raw = await api.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM account_links WHERE token_sha256 = $1`,
        [secret],
      );
      expect(raw.rows[0]!.n).toBe(0);
    }
  });
});

describe('forgot password', { timeout: 60_000 }, () => {
  test('the login page links to it; the answer is the same for a known and an unknown address', async () => {
    const login = await openLoginPage(api.url);
    expect(login.html).toContain('<a href="/idp/password/forgot">Forgot your password?</a>');
    const ask = (email: string, headers: Record<string, string> = {}) =>
      fetch(`${api.url}/idp/password/forgot`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({ email }).toString(),
      });
    const known = await ask('bob@example.com');
    const unknown = await ask('nobody@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const strip = (html: string) => html.replace(/\s+/g, ' ');
    expect(strip(await known.text())).toBe(strip(await unknown.text()));
    // A form posted from another site is refused.
    expect((await ask('bob@example.com', { origin: 'https://evil.example' })).status).toBe(403);
    expect((await ask('bob@example.com', { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await ask('bob@example.com', { 'sec-fetch-site': 'same-origin', origin: 'null' })).status).toBe(
      200,
    );
    expect((await ask('not an address')).status).toBe(400);
  });
});

describe('the reset request’s answer', { timeout: 60_000 }, () => {
  test('does not wait for the work a known address causes, so it takes as long as for an unknown one', async () => {
    // Whatever writes a link waits 3 s: an answer that waited for it would tell that the address has an account.
    await api.db.query(
      `CREATE FUNCTION slow_account_link() RETURNS trigger LANGUAGE plpgsql AS
       $$ BEGIN PERFORM pg_sleep(3); RETURN NEW; END $$`,
    );
    await api.db.query(
      'CREATE TRIGGER slow_account_link BEFORE INSERT ON account_links FOR EACH ROW EXECUTE FUNCTION slow_account_link()',
    );
    try {
      const userId = await api.userId('carol');
      const started = Date.now();
      const answer = await fetch(`${api.url}/idp/password/forgot`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: 'carol@acme.example' }).toString(),
      });
      expect(answer.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(2000);
      // The link is still made, after the answer.
      await expect
        .poll(
          async () =>
            (
              await api.db.query<{ n: number }>(
                "SELECT count(*)::int AS n FROM account_links WHERE user_id = $1 AND purpose = 'password_reset'",
                [userId],
              )
            ).rows[0]!.n,
          { timeout: 10_000 },
        )
        .toBe(1);
    } finally {
      await api.db.query('DROP TRIGGER slow_account_link ON account_links');
      await api.db.query('DROP FUNCTION slow_account_link()');
    }
  });
});

describe('the sweep', () => {
  test('removes links a day after they expired or were used, and keeps the rest', async () => {
    const userId = await api.userId('alice');
    const fresh = await createAccountLink(api.db, { purpose: 'sign_in', userId });
    const old = await createAccountLink(api.db, { purpose: 'sign_in', userId });
    await api.db.query(
      `UPDATE account_links SET created_at = now() - interval '3 days', expires_at = now() - interval '2 days'
       WHERE id = $1`,
      [old.id],
    );
    expect(await deleteOldAccountLinks(api.db)).toBeGreaterThanOrEqual(1);
    const { rows } = await api.db.query<{ id: string }>(
      'SELECT id FROM account_links WHERE id = ANY($1::uuid[])',
      [[fresh.id, old.id]],
    );
    expect(rows.map((r) => r.id)).toEqual([fresh.id]);
  });
});
