import { createHash } from 'node:crypto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { setLogLevel } from '../../lib/logger.ts';
import { storageKeysFor } from '../../lib/storage-keys.ts';
import { testSetup } from '../../testing/fixtures.ts';
import { createOidcSession, type OidcSession, type OidcUser } from './oidc-session.ts';
import { markSpent, wasSpent } from './spent-refresh-tokens.ts';

// A unit test of the session against a fake provider answering discovery and the token endpoint; the real
// provider is the browser specs' (e2e/sign-in.spec.ts, e2e/portal-shell.spec.ts).
const issuer = testSetup.issuer;
const clientId = testSetup.client.clientId;
const keys = storageKeysFor('test');
const userKey = `${keys.authToken}user:${issuer}:${clientId}`;
const txKey = (id: string) => `${keys.authToken}tx.${id}`;
const METADATA = {
  issuer,
  authorization_endpoint: `${issuer}/auth`,
  token_endpoint: `${issuer}/token`,
  end_session_endpoint: `${issuer}/session/end`,
  authorization_response_iss_parameter_supported: true,
};

const nowS = () => Math.floor(Date.now() / 1000);
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An ID token as the provider signs it; the session checks its claims, not its signature (it came over TLS). */
const idToken = (claims: Record<string, unknown> = {}) =>
  `${base64url({ alg: 'RS256', kid: 'k' })}.${base64url({
    iss: issuer,
    aud: clientId,
    sub: 'bob',
    name: 'Bob Example',
    iat: nowS(),
    exp: nowS() + 3600,
    ...claims,
  })}.c2lnbmF0dXJl`;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The token endpoint's requests, and what it answers next (set per test). */
let tokenRequests: URLSearchParams[];
let tokenAnswer: () => Response;

/** Node's Web Crypto, with the digest handed over as an ArrayBuffer of the test's realm (see below). */
const nodeDigest = crypto.subtle.digest.bind(crypto.subtle);

beforeEach(() => {
  // In Vitest's jsdom environment `ArrayBuffer` is jsdom's while Web Crypto is Node's, whose digest is an
  // ArrayBuffer of another realm: oauth4webapi's `instanceof ArrayBuffer` would not know it. Browsers have one realm.
  vi.spyOn(crypto.subtle, 'digest').mockImplementation(
    async (algorithm, data) => new Uint8Array(await nodeDigest(algorithm, data)).slice().buffer,
  );
  // The failures under test are logged as warnings; the test says what they are.
  setLogLevel('error');
  // jsdom has no IndexedDB; fake-indexeddb is one in memory, new for each test (the browser specs use Chromium's).
  vi.stubGlobal('indexedDB', new IDBFactory());
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  tokenRequests = [];
  tokenAnswer = () =>
    json({
      access_token: 'access-1',
      token_type: 'Bearer',
      expires_in: 900,
      refresh_token: 'refresh-1',
      scope: 'openid profile tenancy',
      id_token: idToken(),
    });
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url === `${issuer}/.well-known/openid-configuration`) return json(METADATA);
    if (url === METADATA.token_endpoint && init?.method === 'POST') {
      tokenRequests.push(new URLSearchParams(String(init.body)));
      return tokenAnswer();
    }
    return new Response('not found', { status: 404 });
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setLogLevel('debug');
});

/**
 * Fake timers and clock, leaving `setImmediate` real: fake-indexeddb (spent-refresh-tokens.ts) runs on it, so its
 * answers come in real time, as a browser's do, however far a test moves the clock.
 */
const useFakeTimers = () =>
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });

/** A session started as the app starts it: React subscribes. */
function started(navigate = vi.fn()) {
  const session = createOidcSession(testSetup, keys, { navigate });
  const unsubscribe = session.subscribe(() => undefined);
  return { session, navigate, unsubscribe };
}

/** Starts a sign-in and answers the `state` it sent and the URL the browser went to. */
async function startSignIn(data: unknown = { returnTo: '/publishedFiles' }) {
  const { session, navigate } = started();
  await session.signinRedirect({ state: data });
  const url = new URL(navigate.mock.calls[0]![0] as string);
  return { url, state: url.searchParams.get('state')! };
}

/** The provider sends the browser back to the redirect URI with `params`; the app starts there. */
async function comeBack(params: Record<string, string>) {
  window.history.replaceState(null, '', `/login/callback?${new URLSearchParams(params)}`);
  const session = createOidcSession(testSetup, keys, { navigate: vi.fn() });
  // Nothing is decided before the callback is done: the app waits instead of starting another sign-in.
  expect(session.getSnapshot().isLoading).toBe(true);
  session.subscribe(() => undefined);
  await vi.waitFor(() => expect(session.getSnapshot().isLoading).toBe(false));
  return session;
}

const storedUser = (user: Partial<OidcUser>) =>
  localStorage.setItem(
    userKey,
    JSON.stringify({
      id_token: idToken(),
      access_token: 'access-0',
      refresh_token: 'refresh-0',
      token_type: 'bearer',
      expires_at: nowS() + 900,
      profile: { iss: issuer, aud: clientId, sub: 'bob', iat: nowS(), exp: nowS() + 3600 },
      ...user,
    }),
  );

describe('signing in', () => {
  test('sends the browser to the provider with PKCE (S256) and keeps the transaction under its state', async () => {
    const { session, navigate } = started();
    await session.signinRedirect({ state: { returnTo: '/publishedFiles' } });

    expect(navigate).toHaveBeenCalledTimes(1);
    const url = new URL(navigate.mock.calls[0]![0] as string);
    expect(`${url.origin}${url.pathname}`).toBe(METADATA.authorization_endpoint);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      client_id: clientId,
      redirect_uri: testSetup.client.redirectUri,
      response_type: 'code',
      scope: 'openid profile tenancy',
      code_challenge_method: 'S256',
    });
    const tx = JSON.parse(localStorage.getItem(txKey(params.state!)) ?? 'null');
    expect(tx).toMatchObject({ data: { returnTo: '/publishedFiles' } });
    expect(tx.created).toBeCloseTo(nowS(), -1);
    expect(createHash('sha256').update(tx.code_verifier).digest('base64url')).toBe(params.code_challenge);
    expect(session.getSnapshot().activeNavigator).toBe('signinRedirect');
  });

  test('removes transactions older than 30 minutes and keeps the others', async () => {
    localStorage.setItem(
      txKey('old'),
      JSON.stringify({ code_verifier: 'v', data: {}, created: nowS() - 31 * 60 }),
    );
    localStorage.setItem(
      txKey('recent'),
      JSON.stringify({ code_verifier: 'v', data: {}, created: nowS() - 60 }),
    );
    localStorage.setItem('portico.other.auth.tx.old', 'kept: another app');
    await startSignIn();
    expect(localStorage.getItem(txKey('old'))).toBeNull();
    expect(localStorage.getItem(txKey('recent'))).not.toBeNull();
    expect(localStorage.getItem('portico.other.auth.tx.old')).not.toBeNull();
  });

  test('an unreachable provider is the error, and the redirect is not attempted', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const { session, navigate } = started();
    await expect(session.signinRedirect({ state: {} })).rejects.toThrow('Failed to fetch');
    expect(navigate).not.toHaveBeenCalled();
    expect(session.getSnapshot()).toMatchObject({
      activeNavigator: undefined,
      error: { message: 'Failed to fetch' },
    });
  });
});

describe('the callback', () => {
  test('exchanges the code, stores the user under oidc-client-ts’s key and removes the transaction', async () => {
    const { state } = await startSignIn({ returnTo: '/publishedFiles' });
    const tx = JSON.parse(localStorage.getItem(txKey(state)) ?? 'null');
    const session = await comeBack({ code: 'the-code', state, iss: issuer });

    expect(tokenRequests).toHaveLength(1);
    expect(Object.fromEntries(tokenRequests[0]!)).toMatchObject({
      grant_type: 'authorization_code',
      code: 'the-code',
      code_verifier: tx.code_verifier,
      redirect_uri: testSetup.client.redirectUri,
      client_id: clientId,
    });
    const snapshot = session.getSnapshot();
    expect(snapshot.isAuthenticated).toBe(true);
    expect(snapshot.error).toBeUndefined();
    const stored = JSON.parse(localStorage.getItem(userKey) ?? 'null');
    expect(stored).toEqual(snapshot.user);
    expect(stored).toMatchObject({
      access_token: 'access-1',
      refresh_token: 'refresh-1',
      token_type: 'bearer',
      scope: 'openid profile tenancy',
      profile: { sub: 'bob', name: 'Bob Example' },
      state: { returnTo: '/publishedFiles' },
    });
    expect(stored.expires_at).toBeCloseTo(nowS() + 900, -1);
    expect(localStorage.getItem(txKey(state))).toBeNull();
  });

  test('reads the transaction’s data before the exchange (the return page is prefetched meanwhile)', async () => {
    const { state } = await startSignIn({ returnTo: '/publishedFiles' });
    window.history.replaceState(null, '', `/login/callback?code=c&state=${state}&iss=${issuer}`);
    const { session } = started();
    expect(session.signInData(state)).toEqual({ returnTo: '/publishedFiles' });
    await vi.waitFor(() => expect(session.getSnapshot().isAuthenticated).toBe(true));
    expect(session.signInData(state)).toBeUndefined();
  });

  test('an unknown state is an error, and no code is exchanged', async () => {
    await startSignIn();
    const session = await comeBack({ code: 'c', state: 'someone-elses', iss: issuer });
    expect(session.getSnapshot()).toMatchObject({
      isAuthenticated: false,
      error: { message: 'No matching state found in storage' },
    });
    expect(tokenRequests).toEqual([]);
    expect(localStorage.getItem(userKey)).toBeNull();
  });

  test('a transaction older than 30 minutes is an error, and it is removed', async () => {
    const { state } = await startSignIn();
    const tx = JSON.parse(localStorage.getItem(txKey(state)) ?? 'null');
    localStorage.setItem(txKey(state), JSON.stringify({ ...tx, created: nowS() - 30 * 60 - 1 }));
    const session = await comeBack({ code: 'c', state, iss: issuer });
    expect(session.getSnapshot().error?.message).toBe('No matching state found in storage');
    expect(tokenRequests).toEqual([]);
    expect(localStorage.getItem(txKey(state))).toBeNull();
  });

  test("the provider's error is the session's error, in the provider's words", async () => {
    const { state } = await startSignIn();
    const session = await comeBack({
      error: 'access_denied',
      error_description: 'The user cancelled',
      state,
      iss: issuer,
    });
    expect(session.getSnapshot()).toMatchObject({
      isAuthenticated: false,
      error: { message: 'The user cancelled' },
    });
    expect(tokenRequests).toEqual([]);
    expect(localStorage.getItem(txKey(state))).toBeNull();
  });

  test("the token endpoint's refusal is the session's error", async () => {
    const { state } = await startSignIn();
    tokenAnswer = () => json({ error: 'invalid_grant', error_description: 'grant request is invalid' }, 400);
    const session = await comeBack({ code: 'c', state, iss: issuer });
    expect(session.getSnapshot().error?.message).toBe('grant request is invalid');
  });

  test('an ID token for another client is refused', async () => {
    const { state } = await startSignIn();
    tokenAnswer = () =>
      json({ access_token: 'a', token_type: 'bearer', id_token: idToken({ aud: 'other' }) });
    const session = await comeBack({ code: 'c', state, iss: issuer });
    expect(session.getSnapshot().isAuthenticated).toBe(false);
    expect(session.getSnapshot().error?.message).toMatch(/aud/);
    expect(localStorage.getItem(userKey)).toBeNull();
  });

  test('a code outside the redirect URI is none of its business', () => {
    window.history.replaceState(null, '', '/publishedFiles?code=c&state=s');
    const { session } = started();
    expect(session.getSnapshot()).toMatchObject({ isLoading: false, isAuthenticated: false });
    expect(tokenRequests).toEqual([]);
  });
});

describe('a stored sign-in', () => {
  test('is signed in at once while its access token lasts', () => {
    storedUser({});
    const { session } = started();
    expect(session.getSnapshot()).toMatchObject({ isLoading: false, isAuthenticated: true });
    expect(session.getUser()?.access_token).toBe('access-0');
  });

  test('is renewed with the refresh token a minute before the access token expires', async () => {
    useFakeTimers();
    storedUser({ expires_at: nowS() + 120 });
    const { session } = started();
    await vi.advanceTimersByTimeAsync(59_000);
    expect(tokenRequests).toEqual([]);

    await vi.advanceTimersByTimeAsync(2_000);
    await vi.waitFor(() => expect(session.getUser()?.access_token).toBe('access-1'));
    expect(Object.fromEntries(tokenRequests[0]!)).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-0',
      client_id: clientId,
    });
    expect(JSON.parse(localStorage.getItem(userKey) ?? 'null')).toMatchObject({
      access_token: 'access-1',
      refresh_token: 'refresh-1',
      profile: { sub: 'bob', name: 'Bob Example' },
    });
    expect(session.getSnapshot().isAuthenticated).toBe(true);
  });

  test('keeps the refresh token and ID token when a renewal brings none', async () => {
    useFakeTimers();
    storedUser({ expires_at: nowS() + 61, id_token: 'the-id-token' });
    tokenAnswer = () => json({ access_token: 'access-2', token_type: 'bearer', expires_in: 900 });
    const { session } = started();
    await vi.advanceTimersByTimeAsync(2_000);
    await vi.waitFor(() => expect(session.getUser()?.access_token).toBe('access-2'));
    expect(session.getUser()).toMatchObject({ refresh_token: 'refresh-0', id_token: 'the-id-token' });
  });

  test('takes the user another tab has just renewed instead of replaying a rotated refresh token', async () => {
    useFakeTimers();
    storedUser({ expires_at: nowS() + 61 });
    const { session } = started();
    storedUser({ access_token: 'from-the-other-tab', refresh_token: 'refresh-9', expires_at: nowS() + 900 });
    await vi.advanceTimersByTimeAsync(2_000);
    await vi.waitFor(() => expect(session.getUser()?.access_token).toBe('from-the-other-tab'));
    expect(tokenRequests).toEqual([]);
  });

  test('notes the refresh token it spent, for the other tabs', async () => {
    useFakeTimers();
    storedUser({ expires_at: nowS() + 61 });
    const { session } = started();
    await vi.advanceTimersByTimeAsync(2_000);
    await vi.waitFor(() => expect(session.getUser()?.access_token).toBe('access-1'));
    await vi.waitFor(async () => expect(await wasSpent(userKey, 'refresh-0')).toBe(true));
    expect(await wasSpent(userKey, 'refresh-1')).toBe(false);
  });

  test("whose refresh token another tab spent waits for that tab's user to reach local storage", async () => {
    // Another tab renewed; what it stored has not reached this tab's copy of local storage yet.
    await markSpent(userKey, 'refresh-0');
    useFakeTimers();
    storedUser({ expires_at: nowS() + 61 });
    const { session } = started();
    await vi.advanceTimersByTimeAsync(4_000);
    expect(session.getUser()?.access_token).toBe('access-0');
    storedUser({ access_token: 'from-the-other-tab', refresh_token: 'refresh-9', expires_at: nowS() + 900 });
    window.dispatchEvent(new StorageEvent('storage', { key: userKey }));
    await vi.waitFor(() => expect(session.getUser()?.access_token).toBe('from-the-other-tab'));
    expect(tokenRequests).toEqual([]);
    expect(session.getSnapshot().isAuthenticated).toBe(true);
  });

  test('whose refresh token another tab spent, and whose new user never comes, signs in again at expiry', async () => {
    // Another tab renewed; what it stored has not reached this tab's copy of local storage yet.
    await markSpent(userKey, 'refresh-0');
    useFakeTimers();
    storedUser({ expires_at: nowS() + 61 });
    const { session } = started();
    const expired = vi.fn();
    session.events.addAccessTokenExpired(expired);
    await vi.advanceTimersByTimeAsync(12_000);
    expect(expired).not.toHaveBeenCalled();
    // In steps: IndexedDB answers in real time, so the 10 s wait may start after the clock has moved on.
    await vi.waitFor(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
      expect(expired).toHaveBeenCalledTimes(1);
    });
    expect(tokenRequests).toEqual([]);
  });

  test('an expired one with a refresh token is renewed before the app decides anything', async () => {
    storedUser({ expires_at: nowS() - 10 });
    const { session } = started();
    expect(session.getSnapshot()).toMatchObject({ isLoading: true, isAuthenticated: false });
    await vi.waitFor(() =>
      expect(session.getSnapshot()).toMatchObject({ isLoading: false, isAuthenticated: true }),
    );
    expect(tokenRequests).toHaveLength(1);
  });

  test('without a refresh token, says the access token expired when it does', async () => {
    useFakeTimers();
    storedUser({ expires_at: nowS() + 30, refresh_token: undefined });
    const { session } = started();
    const expired = vi.fn();
    session.events.addAccessTokenExpired(expired);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(expired).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(tokenRequests).toEqual([]);
  });

  test('when renewal fails, says the access token expired when it does', async () => {
    useFakeTimers();
    storedUser({ expires_at: nowS() + 90 });
    tokenAnswer = () => json({ error: 'invalid_grant' }, 400);
    const { session } = started();
    const expired = vi.fn();
    session.events.addAccessTokenExpired(expired);
    await vi.advanceTimersByTimeAsync(31_000);
    await vi.waitFor(() => expect(tokenRequests).toHaveLength(1));
    expect(expired).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(session.getUser()?.access_token).toBe('access-0');
  });
});

describe('signing out', () => {
  let session: OidcSession;
  let navigate: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    storedUser({ id_token: 'the-id-token' });
    ({ session, navigate } = started());
  });

  test("sends the browser to the provider's end-session endpoint with the ID token as hint", async () => {
    await session.signoutRedirect({
      id_token_hint: 'the-id-token',
      post_logout_redirect_uri: testSetup.client.postLogoutRedirectUri,
    });
    const url = new URL(navigate.mock.calls[0]![0] as string);
    expect(`${url.origin}${url.pathname}`).toBe(METADATA.end_session_endpoint);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      id_token_hint: 'the-id-token',
      post_logout_redirect_uri: testSetup.client.postLogoutRedirectUri,
      client_id: clientId,
    });
    expect(localStorage.getItem(userKey)).toBeNull();
    expect(session.getSnapshot()).toMatchObject({ user: null, isAuthenticated: false });
  });

  test('removeUser forgets the user and tells the subscribers', () => {
    const listener = vi.fn();
    session.subscribe(listener);
    session.removeUser();
    expect(listener).toHaveBeenCalled();
    expect(session.getUser()).toBeNull();
    expect(localStorage.getItem(userKey)).toBeNull();
  });
});
