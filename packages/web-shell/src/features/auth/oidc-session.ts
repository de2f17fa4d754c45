import { LIMITS } from '@portico/contracts';
import {
  type AuthorizationServer,
  allowInsecureRequests,
  authorizationCodeGrantRequest,
  type Client,
  calculatePKCECodeChallenge,
  discoveryRequest,
  generateRandomCodeVerifier,
  generateRandomState,
  getValidatedIdTokenClaims,
  type IDToken,
  None,
  processAuthorizationCodeResponse,
  processDiscoveryResponse,
  processRefreshTokenResponse,
  refreshTokenGrantRequest,
  type TokenEndpointResponse,
  validateAuthResponse,
} from 'oauth4webapi';
import type { RuntimeSetup } from '../../config/runtime-config.ts';
import { logger } from '../../lib/logger.ts';
import { type StorageKeys, safeStorage } from '../../lib/storage-keys.ts';

/**
 * The signed-in user as local storage keeps it (SPEC §3): the fields and the key that oidc-client-ts used before
 * this module, so a sign-in made before the change still holds after it.
 */
export interface OidcUser {
  id_token?: string | undefined;
  access_token: string;
  refresh_token?: string | undefined;
  token_type: string;
  scope?: string | undefined;
  /** When the access token expires, in seconds since the epoch. */
  expires_at?: number | undefined;
  /** The ID token's claims (the name shown in the header comes from here). */
  profile: IDToken;
  /** What the sign-in was started with: the path to come back to. */
  state?: unknown;
}

/** What React reads of the session (`useAuth`). A new object on every change, the same one otherwise. */
export interface AuthSnapshot {
  user: OidcUser | null;
  /** A callback being completed, or a stored sign-in being renewed, before the app may decide anything. */
  isLoading: boolean;
  isAuthenticated: boolean;
  error?: Error | undefined;
  /** Set while the browser is being sent to the provider. */
  activeNavigator?: 'signinRedirect' | undefined;
}

/** One app's sign-in with the provider: Authorization Code with PKCE, tokens in local storage, renewal. */
export interface OidcSession {
  subscribe(listener: () => void): () => void;
  getSnapshot(): AuthSnapshot;
  /** Sends the browser to the provider's sign-in; `state` comes back as the user's `state`. */
  signinRedirect(args: { state: unknown }): Promise<void>;
  /** RP-initiated logout at the provider's end-session endpoint; forgets the user first. */
  signoutRedirect(args: { id_token_hint: string; post_logout_redirect_uri: string }): Promise<void>;
  getUser(): OidcUser | null;
  removeUser(): void;
  /** The `state` a sign-in in progress was started with, read from its stored transaction (`id` is its `state`). */
  signInData(id: string): unknown;
  events: {
    /** The access token expired and cannot be renewed (no refresh token, or renewal failed): sign in again. */
    addAccessTokenExpired(listener: () => void): () => void;
  };
}

/** A sign-in in progress, stored under its random `state` until the provider sends the browser back. */
interface Transaction {
  code_verifier: string;
  data: unknown;
  /** Seconds since the epoch. */
  created: number;
}

/** How long before the access token expires it is renewed (oidc-client-ts's default, kept). */
const RENEW_BEFORE_S = 60;
/** How long a tab whose refresh token another tab spent waits to see that tab's new user in local storage. */
const OTHER_TAB_WAIT_MS = 10_000;
/** setTimeout fires at once for any delay above 2^31 - 1 ms (24.8 days); a longer wait is taken in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const nowS = () => Math.floor(Date.now() / 1000);
const isExpired = (user: OidcUser) => user.expires_at !== undefined && user.expires_at <= nowS();

/** An error to show: the provider's own description when it sent one (`error_description`, `error`). */
function errorOf(thrown: unknown): Error {
  const { error, error_description } = (thrown ?? {}) as { error?: unknown; error_description?: unknown };
  if (typeof error === 'string')
    return new Error(typeof error_description === 'string' && error_description ? error_description : error);
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}

/**
 * The app's sign-in, created once per started app (web-shell.tsx). Authorization Code + PKCE (S256) against the
 * discovered issuer with the client of /config.json; the user is kept in local storage under the app's auth-token
 * key (SPEC §3); a sign-in transaction expires after 30 minutes (SPEC §9). It does its first work (the callback,
 * or renewing a stored sign-in) when React first subscribes, so creating it has no effect of its own.
 *
 * `navigate` is how the browser goes to the provider: `location.replace`, so the page that sends it gives its place
 * in the history to the provider's page, whose script gives it on to the app after sign-in: Back from the app
 * never lands on a sign-in page.
 */
export function createOidcSession(
  setup: RuntimeSetup,
  keys: StorageKeys,
  { navigate = (url: string) => window.location.replace(url) }: { navigate?: (url: string) => void } = {},
): OidcSession {
  const issuer = new URL(setup.issuer);
  const { clientId, redirectUri, scopes } = setup.client;
  const client: Client = { client_id: clientId };
  // A public client (a single-page app has no secret to keep).
  const clientAuth = None();
  // oauth4webapi refuses plain HTTP unless told. The embedded provider of development and of the tests is plain
  // http://localhost, so HTTP is allowed when, and only when, the configured issuer itself is HTTP; with an HTTPS
  // issuer every endpoint it names must be HTTPS too.
  const http = { [allowInsecureRequests]: issuer.protocol === 'http:' };
  const userKey = `${keys.authToken}user:${setup.issuer}:${clientId}`;
  const txPrefix = `${keys.authToken}tx.`;
  const txStaleS = LIMITS.sharedTransactionStorageMs / 1000;

  const listeners = new Set<() => void>();
  const expiredListeners = new Set<() => void>();
  let discovery: Promise<AuthorizationServer> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let renewFailed = false;
  let started = false;

  const readUser = () => {
    const user = safeStorage.getJson<OidcUser>(userKey);
    return typeof user?.access_token === 'string' && user.profile ? user : null;
  };
  const readTransaction = (id: string) => {
    const tx = safeStorage.getJson<Partial<Transaction>>(txPrefix + id);
    return tx?.code_verifier && (tx.created ?? 0) > nowS() - txStaleS ? (tx as Transaction) : undefined;
  };

  const params = new URLSearchParams(window.location.search);
  // Only the redirect URI finishes a sign-in; a `code` parameter elsewhere is none of its business.
  const isCallback =
    window.location.pathname === new URL(redirectUri).pathname &&
    (params.has('code') || params.has('error')) &&
    params.has('state');
  const stored = isCallback ? null : readUser();
  let snapshot: AuthSnapshot = {
    user: stored,
    isAuthenticated: !!stored && !isExpired(stored),
    isLoading: isCallback || (!!stored?.refresh_token && isExpired(stored)),
  };

  const update = (patch: Partial<AuthSnapshot>) => {
    snapshot = { ...snapshot, ...patch };
    for (const listener of listeners) listener();
  };

  /** The provider's metadata, asked for once per page; a failure is asked again next time. */
  const metadata = () =>
    (discovery ??= discoveryRequest(issuer, http)
      .then((response) => processDiscoveryResponse(issuer, response))
      .catch((error: unknown) => {
        discovery = undefined;
        throw error;
      }));

  /** Renews shortly before the access token expires, or says it expired when it cannot be renewed. */
  const schedule = () => {
    clearTimeout(timer);
    const user = snapshot.user;
    if (!user?.expires_at) return;
    const renew = !!user.refresh_token && !renewFailed;
    const dueMs = (user.expires_at - (renew ? RENEW_BEFORE_S : 0)) * 1000;
    timer = setTimeout(
      () => {
        if (Date.now() < dueMs) schedule();
        else if (renew) void renewUser();
        // Only a user the app let in is signed in again here; otherwise the login gate does it.
        else if (snapshot.isAuthenticated) for (const listener of expiredListeners) listener();
      },
      Math.min(Math.max(dueMs - Date.now(), 0), MAX_TIMER_MS),
    );
  };

  const setUser = (user: OidcUser | null, patch: Partial<AuthSnapshot> = {}) => {
    if (user) safeStorage.setJson(userKey, user);
    else safeStorage.remove(userKey);
    update({ ...patch, user, isAuthenticated: !!user && !isExpired(user) });
    schedule();
  };

  /**
   * The user from a token response. The ID token came straight from the token endpoint over the connection the
   * browser checked, so its claims (iss, aud, exp, iat, azp, checked by oauth4webapi) are validated without its
   * signature: what OpenID Connect Core §3.1.3.7 allows, and what oidc-client-ts did. A renewal without a new ID
   * token or refresh token keeps the previous ones.
   */
  const userOf = (tokens: TokenEndpointResponse, previous: Partial<OidcUser>): OidcUser => {
    const profile = getValidatedIdTokenClaims(tokens) ?? previous.profile;
    if (!profile) throw new Error('The identity provider sent no ID token.');
    // OpenID Connect Core §12.2: a renewed ID token is about the same person.
    if (previous.profile && profile.sub !== previous.profile.sub)
      throw new Error('The renewed ID token is about another user.');
    return {
      id_token: tokens.id_token ?? previous.id_token,
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token ?? previous.refresh_token,
      token_type: tokens.token_type,
      scope: tokens.scope ?? previous.scope,
      expires_at: tokens.expires_in === undefined ? undefined : nowS() + tokens.expires_in,
      profile,
      state: previous.state,
    };
  };

  /** The provider sent the browser back to the redirect URI: the code becomes tokens, or the error is shown. */
  const completeSignIn = async () => {
    const id = params.get('state') ?? '';
    try {
      const tx = readTransaction(id);
      // oidc-client-ts's words for it, which people may already have reported.
      if (!tx) throw new Error('No matching state found in storage');
      const as = await metadata();
      const callback = validateAuthResponse(as, client, params, id);
      const response = await authorizationCodeGrantRequest(
        as,
        client,
        clientAuth,
        callback,
        redirectUri,
        tx.code_verifier,
        http,
      );
      const tokens = await processAuthorizationCodeResponse(as, client, response, { requireIdToken: true });
      renewFailed = false;
      setUser(userOf(tokens, { state: tx.data }), { isLoading: false });
    } catch (error) {
      logger.warn('sign-in did not complete', error);
      update({ isLoading: false, error: errorOf(error) });
    } finally {
      // A code is good for one exchange, so its transaction is too.
      safeStorage.remove(txPrefix + id);
    }
  };

  /**
   * Renews with the refresh token. The tabs of one app share the stored user, and the provider rotates refresh
   * tokens (a replayed one revokes the whole grant): one tab at a time renews (Web Locks, where the browser has
   * them), and a tab that finds a renewed user stored by another takes it instead of renewing again. Local storage
   * may show a tab the old user for a while after another tab stored the new one, so the renewing tab also notes
   * the token it spent where every tab reads the same (spent-refresh-tokens.ts), and a tab that finds its token
   * spent waits for the new user to reach its local storage (decision 85).
   */
  const renewUser = async () => {
    const current = snapshot.user;
    const refreshToken = current?.refresh_token;
    if (!current || !refreshToken) return;
    /** The user another tab renewed, when local storage here shows it already. */
    const renewedByAnotherTab = () => {
      const latest = readUser();
      return latest &&
        latest.access_token !== current.access_token &&
        latest.profile.sub === current.profile.sub &&
        (latest.expires_at ?? Infinity) > nowS() + RENEW_BEFORE_S
        ? latest
        : null;
    };
    const arrivalFromAnotherTab = () =>
      new Promise<OidcUser>((resolve, reject) => {
        const stop = () => {
          clearTimeout(timeout);
          window.removeEventListener('storage', look);
        };
        const look = () => {
          const latest = renewedByAnotherTab();
          if (!latest) return;
          stop();
          resolve(latest);
        };
        const timeout = setTimeout(() => {
          stop();
          reject(new Error('Another tab renewed the sign-in, and its new tokens did not reach this tab.'));
        }, OTHER_TAB_WAIT_MS);
        window.addEventListener('storage', look);
        look();
      });
    const renew = async () => {
      const latest = renewedByAnotherTab();
      if (latest) return setUser(latest, { isLoading: false });
      const spent = await import('./spent-refresh-tokens.ts');
      if (await spent.wasSpent(userKey, refreshToken))
        return setUser(await arrivalFromAnotherTab(), { isLoading: false });
      const as = await metadata();
      const response = await refreshTokenGrantRequest(as, client, clientAuth, refreshToken, http);
      setUser(userOf(await processRefreshTokenResponse(as, client, response), current), { isLoading: false });
      // Before the lock is let go, so that the tab waiting for it knows.
      await spent.markSpent(userKey, refreshToken);
    };
    try {
      await ('locks' in navigator ? navigator.locks.request(userKey, renew) : renew());
    } catch (error) {
      logger.warn('renewing the access token failed', error);
      renewFailed = true;
      update({ isLoading: false });
      schedule();
    }
  };

  const start = () => {
    if (started) return;
    started = true;
    if (isCallback) void completeSignIn();
    else if (snapshot.isLoading) void renewUser();
    else schedule();
  };

  return {
    subscribe(listener) {
      start();
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    async signinRedirect({ state }) {
      update({ activeNavigator: 'signinRedirect', error: undefined });
      try {
        const as = await metadata();
        if (!as.authorization_endpoint)
          throw new Error('The identity provider has no authorization endpoint.');
        const verifier = generateRandomCodeVerifier();
        const id = generateRandomState();
        const url = new URL(as.authorization_endpoint);
        for (const [name, value] of Object.entries({
          client_id: clientId,
          redirect_uri: redirectUri,
          response_type: 'code',
          scope: scopes.join(' '),
          state: id,
          code_challenge: await calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
        }))
          url.searchParams.set(name, value);
        // Sign-ins abandoned at the provider leave their transactions behind: those past 30 minutes go now.
        try {
          for (const key of Object.keys(localStorage))
            if (key.startsWith(txPrefix) && !readTransaction(key.slice(txPrefix.length)))
              safeStorage.remove(key);
        } catch {
          // Storage disabled: there is nothing stored to clean up.
        }
        const tx: Transaction = { code_verifier: verifier, data: state, created: nowS() };
        safeStorage.setJson(txPrefix + id, tx);
        navigate(url.href);
      } catch (error) {
        update({ activeNavigator: undefined, error: errorOf(error) });
        throw error;
      }
    },
    async signoutRedirect({ id_token_hint, post_logout_redirect_uri }) {
      const as = await metadata();
      if (!as.end_session_endpoint) throw new Error('The identity provider has no end-session endpoint.');
      const url = new URL(as.end_session_endpoint);
      url.searchParams.set('id_token_hint', id_token_hint);
      url.searchParams.set('post_logout_redirect_uri', post_logout_redirect_uri);
      url.searchParams.set('client_id', clientId);
      setUser(null);
      navigate(url.href);
    },
    getUser: () => snapshot.user,
    removeUser: () => setUser(null),
    signInData: (id) => readTransaction(id)?.data,
    events: {
      addAccessTokenExpired(listener) {
        expiredListeners.add(listener);
        return () => expiredListeners.delete(listener);
      },
    },
  };
}
