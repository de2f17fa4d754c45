import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { createJwtVerifier } from '../auth/jwt-verifier.ts';
import { runtimeConfigOf } from '../http/front-ends.ts';
import { type DemoUsername, useTestApi } from '../testing/api.ts';
import {
  browserFetch,
  CookieJar,
  loginFormOf,
  openLoginPage,
  redeemCallback,
  refreshTokens,
  signIn,
  submitLogin,
} from '../testing/sign-in.ts';

const PASSWORD = 'portico';
const DEMO_TENANTS: [DemoUsername, string[]][] = [
  ['alice', ['acme', 'globex']],
  ['bob', ['acme']],
  ['carol', ['acme']],
  ['dave', ['globex']],
];

// Observed, not replaced: oidc-provider prints its configuration warnings and notices to the console.
const consoleWarn = vi.spyOn(console, 'warn');
const consoleInfo = vi.spyOn(console, 'info');

// Each test signs in over HTTP, with a password hash or two; on two busy cores that can take seconds.
describe('the embedded OpenID provider', { timeout: 30_000 }, () => {
  const logLines: string[] = [];
  const api = useTestApi({
    logger: { level: 'info', stream: { write: (line: string) => logLines.push(line) } },
  });
  let issuer: string;
  beforeAll(() => {
    issuer = `${api.url}/oidc`;
  });

  const jwks = () => createRemoteJWKSet(new URL(`${issuer}/jwks`));
  const portal = () => runtimeConfigOf(api.server.config).portal;

  test('publishes a discovery document with its issuer, S256 PKCE and its endpoints', async () => {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      userinfo_endpoint: `${issuer}/me`,
      end_session_endpoint: `${issuer}/session/end`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
    });
    expect(metadata.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token']),
    );
    expect(metadata.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'profile', 'email', 'tenancy', 'offline_access']),
    );
    expect(metadata.claims_supported).toEqual(expect.arrayContaining(['sub', 'name', 'email', 'tid']));
  });

  test.each(DEMO_TENANTS)(
    '%s signs in and gets a JWT access token for the API listing %j',
    async (user, tids) => {
      const tokens = await signIn(api.url, user, PASSWORD);
      expect(decodeProtectedHeader(tokens.accessToken)).toMatchObject({ typ: 'at+jwt', alg: 'RS256' });
      const { payload } = await jwtVerify(tokens.accessToken, jwks(), {
        issuer,
        audience: api.server.config.oidcAudience,
        typ: 'at+jwt',
      });
      expect(payload.sub).toBe(await api.userId(user));
      expect(payload.client_id).toBe(api.server.config.oidcPortalClientId);
      expect(payload.tid).toEqual(tids);
      // About 15 minutes, as the token endpoint also says.
      expect(tokens.expiresIn).toBe(900);
      expect(payload.exp! - payload.iat!).toBe(900);
      expect(tokens.refreshToken).toEqual(expect.any(String));
    },
  );

  test('the API verifier accepts the access token and reads its tenants', async () => {
    const tokens = await signIn(api.url, 'alice', PASSWORD);
    const verifier = createJwtVerifier({
      issuer,
      audience: api.server.config.oidcAudience,
      tenantClaim: api.server.config.tenantClaim,
    });
    const principal = await verifier.verify(tokens.accessToken);
    expect(principal).toMatchObject({
      issuer,
      subject: await api.userId('alice'),
      tenants: ['acme', 'globex'],
    });
    // An ID token is never taken for an access token.
    await expect(verifier.verify(tokens.idToken)).rejects.toMatchObject({ code: 'auth.token_invalid' });
  });

  test('the ID token names the user: name, email, email_verified and the tenant list', async () => {
    const tokens = await signIn(api.url, 'carol', PASSWORD);
    const { payload } = await jwtVerify(tokens.idToken, jwks(), {
      issuer,
      audience: api.server.config.oidcPortalClientId,
    });
    expect(payload).toMatchObject({
      sub: await api.userId('carol'),
      name: 'Carol Chen',
      email: 'carol@acme.example',
      email_verified: true,
      tid: ['acme'],
    });
  });

  test('userinfo refuses the access token, which is for the API only; the ID token carries the claims instead', async () => {
    // With resource indicators every access token has the API as audience, and oidc-provider serves userinfo
    // only to tokens without one. The front ends read the profile from the ID token (web-shell's
    // oidc-session.ts), so nothing needs userinfo; what matters is that the API token is not accepted there by accident.
    const tokens = await signIn(api.url, 'bob', PASSWORD);
    const response = await fetch(`${issuer}/me`, {
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('invalid_token');
    expect(decodeJwt(tokens.idToken)).toMatchObject({ name: 'Bob Baker', email: 'bob@example.com' });
  });

  test('without the tenancy scope neither token carries the tenant claim', async () => {
    const tokens = await signIn(api.url, 'alice', PASSWORD, { scope: 'openid profile' });
    expect(decodeJwt(tokens.accessToken).tid).toBeUndefined();
    expect(decodeJwt(tokens.idToken).tid).toBeUndefined();
    expect(decodeJwt(tokens.idToken).name).toBe('Alice Smith');
  });

  test('the control panel signs in with its own client id and redirect URI', async () => {
    const controlPanel = runtimeConfigOf(api.server.config).controlPanel;
    const tokens = await signIn(api.url, 'dave', PASSWORD, {
      clientId: controlPanel.clientId,
      redirectUri: controlPanel.redirectUri,
    });
    const { payload } = await jwtVerify(tokens.accessToken, jwks(), {
      issuer,
      audience: api.server.config.oidcAudience,
    });
    expect(payload).toMatchObject({ client_id: api.server.config.oidcControlPanelClientId, tid: ['globex'] });
  });

  test('a refresh returns a new access token and rotates the refresh token; replaying the old one revokes all', async () => {
    const first = await signIn(api.url, 'alice', PASSWORD);
    const second = await refreshTokens(api.url, first.refreshToken!);
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.refreshToken).toEqual(expect.any(String));
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const { payload } = await jwtVerify(second.accessToken, jwks(), {
      issuer,
      audience: api.server.config.oidcAudience,
      typ: 'at+jwt',
    });
    expect(payload.tid).toEqual(['acme', 'globex']);

    await expect(refreshTokens(api.url, first.refreshToken!)).rejects.toThrow(/invalid_grant/);
    // Reuse of a rotated token means it leaked: the provider revokes the grant, the thief's and the user's copy.
    await expect(refreshTokens(api.url, second.refreshToken!)).rejects.toThrow(/invalid_grant/);
  });

  test('a refresh token of one client is no use to the other', async () => {
    const tokens = await signIn(api.url, 'bob', PASSWORD);
    await expect(
      refreshTokens(api.url, tokens.refreshToken!, { clientId: api.server.config.oidcControlPanelClientId }),
    ).rejects.toThrow(/invalid_grant/);
  });

  test('an authorization request without a PKCE code challenge is refused', async () => {
    const url = new URL(`${issuer}/auth`);
    url.search = new URLSearchParams({
      client_id: portal().clientId,
      redirect_uri: portal().redirectUri,
      response_type: 'code',
      scope: 'openid',
      state: 'abc',
    }).toString();
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(portal().redirectUri);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/PKCE/);
    expect(location.searchParams.get('code')).toBeNull();
  });

  test('a code is only redeemed with its own PKCE verifier', async () => {
    const page = await openLoginPage(api.url);
    const login = await submitLogin(page, 'bob', PASSWORD);
    const jar = page.flow.jar;
    let location = login.location!;
    while (!location.startsWith(page.flow.redirectUri)) {
      const response = await browserFetch(page.flow, location);
      location = new URL(response.headers.get('location')!, location).href;
    }
    expect(jar.names()).toContain('_session');
    await expect(redeemCallback({ ...page.flow, codeVerifier: 'x'.repeat(43) }, location)).rejects.toThrow(
      /invalid_grant/,
    );
  });

  test('an unknown redirect_uri is refused on the provider page, never redirected to', async () => {
    const url = new URL(`${issuer}/auth`);
    url.search = new URLSearchParams({
      client_id: portal().clientId,
      redirect_uri: 'https://attacker.example/callback',
      response_type: 'code',
      scope: 'openid',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    }).toString();
    const response = await fetch(url, { redirect: 'manual', headers: { accept: 'text/html' } });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    const html = await response.text();
    expect(html).toContain('redirect_uri');
    expect(html).toContain('<html lang="en">');
    expect(html).not.toContain('attacker.example');
  });

  test('a live session signs the other front end in without showing the form again', async () => {
    const jar = new CookieJar();
    await signIn(api.url, 'alice', PASSWORD, { jar });
    const controlPanel = runtimeConfigOf(api.server.config).controlPanel;
    const page = await openLoginPage(api.url, {
      jar,
      clientId: controlPanel.clientId,
      redirectUri: controlPanel.redirectUri,
    });
    expect(page.callbackUrl).toBeDefined();
    const tokens = await redeemCallback(page.flow, page.callbackUrl!);
    expect(decodeJwt(tokens.accessToken)).toMatchObject({ client_id: controlPanel.clientId });
  });

  test('logout ends the session: the next authorization request shows the login page again', async () => {
    const jar = new CookieJar();
    const tokens = await signIn(api.url, 'alice', PASSWORD, { jar });
    const logoutUrl = new URL(`${issuer}/session/end`);
    logoutUrl.search = new URLSearchParams({
      id_token_hint: tokens.idToken,
      post_logout_redirect_uri: portal().postLogoutRedirectUri,
      state: 'bye',
    }).toString();
    const flow = { ...(await openLoginPage(api.url, { jar })).flow };

    const confirm = await browserFetch(flow, logoutUrl.href);
    expect(confirm.status).toBe(200);
    const html = await confirm.text();
    // Under script-src 'self' the page submits itself from a script file, and shows a button without scripts.
    expect(html).toContain('data-auto-submit="true"');
    expect(html).toContain('<script src="/idp/assets/logout.js" defer></script>');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(html).toMatch(/<button type="submit">Sign out<\/button>/);
    expect(confirm.headers.get('content-security-policy')).toMatch(/script-src 'self'(;|$)/);

    const form = loginFormOf({ url: logoutUrl.href, html });
    const done = await browserFetch(flow, form.action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form.fields).toString(),
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${portal().postLogoutRedirectUri}?state=bye`);

    const again = await openLoginPage(api.url, { jar });
    expect(again.callbackUrl).toBeUndefined();
    expect(again.html).toContain('<label for="username">Username</label>');
    // The grant is revoked with the session, so its refresh token is dead too.
    await expect(refreshTokens(api.url, tokens.refreshToken!)).rejects.toThrow(/invalid_grant/);
  });

  test("a bare logout link, or one with another user's ID token, asks before signing out", async () => {
    const jar = new CookieJar();
    await signIn(api.url, 'bob', PASSWORD, { jar });
    const flow = (await openLoginPage(api.url, { jar })).flow;
    const confirm = await browserFetch(flow, `${issuer}/session/end`);
    expect(confirm.status).toBe(200);
    const html = await confirm.text();
    expect(html).toContain('Sign out of Portico?');
    expect(html).not.toContain('data-auto-submit');

    // Nor does someone else's ID token: a link crafted with it must not sign Bob out behind his back.
    const alice = await signIn(api.url, 'alice', PASSWORD);
    const crafted = await browserFetch(
      flow,
      `${issuer}/session/end?${new URLSearchParams({ id_token_hint: alice.idToken })}`,
    );
    expect(crafted.status).toBe(200);
    expect(await crafted.text()).not.toContain('data-auto-submit');

    const script = await fetch(`${api.url}/idp/assets/logout.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain("getElementById('op.logoutForm')");
  });

  test('after signing out, the provider says so with a way back', async () => {
    const response = await fetch(`${issuer}/session/end/success`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('You have been signed out');
    expect(html).toContain(`href="${api.url}/"`);
  });

  test('its sessions, grants and refresh tokens are kept in the database', async () => {
    await signIn(api.url, 'dave', PASSWORD);
    const { rows } = await api.db.query<{ model: string }>('SELECT DISTINCT model FROM oidc_payloads');
    expect(rows.map((r) => r.model)).toEqual(expect.arrayContaining(['Session', 'Grant', 'RefreshToken']));
  });

  test('a CORS preflight to /oidc/token is answered for the front ends’ origin only, never echoing another', async () => {
    const preflight = (origin: string) =>
      api.server.app.inject({
        method: 'OPTIONS',
        url: '/oidc/token',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
    for (const origin of ['https://evil.example', 'http://localhost.evil.example', 'null']) {
      const refused = await preflight(origin);
      expect(refused.statusCode, origin).toBeLessThan(300);
      const cors = Object.keys(refused.headers).filter((name) => name.startsWith('access-control-'));
      expect(cors, origin).toEqual([]);
    }
    // The front ends are on the server's own origin (and need no CORS there); a preflight from it is still answered.
    const own = await preflight(new URL(api.url).origin);
    expect(own.headers['access-control-allow-origin']).toBe(new URL(api.url).origin);
    expect(own.headers['access-control-allow-methods']).toContain('POST');
  });

  test("the provider's refusals reach the server log", async () => {
    const response = await fetch(`${issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: 'forged',
        client_id: portal().clientId,
        redirect_uri: portal().redirectUri,
        code_verifier: 'x'.repeat(43),
      }).toString(),
    });
    expect(response.status).toBe(400);
    const logged = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    // On the request's own logger (its reqId), with the path as the browser sent it.
    expect(logged).toContainEqual(
      expect.objectContaining({
        event: 'grant.error',
        msg: expect.stringContaining('invalid_grant'),
        path: '/oidc/token',
        reqId: expect.any(String),
      }),
    );
  });

  test('oidc-provider printed no warning or notice about its configuration during all of the above', () => {
    const printed = [...consoleWarn.mock.calls, ...consoleInfo.mock.calls].map((args) => String(args[0]));
    expect(printed.filter((line) => line.includes('oidc-provider'))).toEqual([]);
  });
});
