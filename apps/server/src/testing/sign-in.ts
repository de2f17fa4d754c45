import { createHash, randomBytes } from 'node:crypto';
import { parseConfig } from '../config.ts';
import { runtimeConfigOf } from '../http/front-ends.ts';

/**
 * Signs in the way a browser does, over real HTTP: authorization request with PKCE (S256), the embedded login
 * page, its form, the provider's redirects, the code at the redirect URI, then the token endpoint. Tests use it
 * to get real tokens; the lower-level steps are exported so a test can stop at any of them.
 */

export interface SignInOptions {
  /** Defaults to the portal's client id (`portico-portal` unless OIDC_CLIENT_ID says otherwise). */
  clientId?: string;
  /** Defaults to the portal's `${baseUrl}/login/callback`. */
  redirectUri?: string;
  scope?: string;
}

export interface Tokens {
  accessToken: string;
  idToken: string;
  refreshToken?: string;
  /** Seconds, as the token endpoint answered. */
  expiresIn: number;
}

export const DEFAULT_SCOPE = 'openid profile email tenancy offline_access';

/** Cookies by name and path, as a browser keeps them for one origin; enough for the provider's cookies. */
export class CookieJar {
  readonly #cookies = new Map<string, { name: string; value: string; path: string }>();

  store(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      if (eq < 1) continue;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let path = '/';
      let expired = value === '';
      for (const attribute of attributes) {
        const [key = '', val = ''] = attribute.split('=');
        if (key.toLowerCase() === 'path' && val) path = val;
        if (key.toLowerCase() === 'max-age' && Number(val) <= 0) expired = true;
        if (key.toLowerCase() === 'expires' && Date.parse(val) <= Date.now()) expired = true;
      }
      const key = `${name};${path}`;
      if (expired) this.#cookies.delete(key);
      else this.#cookies.set(key, { name, value, path });
    }
  }

  /** The Cookie header for a request to `url`, longest paths first as browsers send them. */
  headerFor(url: string): string {
    const { pathname } = new URL(url);
    return [...this.#cookies.values()]
      .filter((c) => pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .sort((a, b) => b.path.length - a.path.length)
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  names(): string[] {
    return [...new Set([...this.#cookies.values()].map((c) => c.name))];
  }
}

/** One authorization request and the browser state that goes with it. */
export interface SignInFlow {
  baseUrl: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  /** The full /oidc/auth URL the flow started at. */
  authorizationUrl: string;
  jar: CookieJar;
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

export function createSignInFlow(
  baseUrl: string,
  options: SignInOptions & { jar?: CookieJar } = {},
): SignInFlow {
  baseUrl = baseUrl.replace(/\/+$/, '');
  const portal = runtimeConfigOf(parseConfig({ PUBLIC_URL: baseUrl })).portal;
  const clientId = options.clientId ?? portal.clientId;
  const redirectUri = options.redirectUri ?? portal.redirectUri;
  const scope = options.scope ?? DEFAULT_SCOPE;
  const state = base64url(randomBytes(16));
  const nonce = base64url(randomBytes(16));
  const codeVerifier = base64url(randomBytes(32));
  const url = new URL(`${baseUrl}/oidc/auth`);
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope,
    state,
    nonce,
    code_challenge: base64url(createHash('sha256').update(codeVerifier).digest()),
    code_challenge_method: 'S256',
  }).toString();
  return {
    baseUrl,
    clientId,
    redirectUri,
    scope,
    state,
    nonce,
    codeVerifier,
    authorizationUrl: url.href,
    jar: options.jar ?? new CookieJar(),
  };
}

/** A fetch that keeps the flow's cookies and never follows redirects by itself. */
export async function browserFetch(flow: SignInFlow, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = flow.jar.headerFor(url);
  if (cookie) headers.set('cookie', cookie);
  if (!headers.has('accept')) headers.set('accept', 'text/html,application/xhtml+xml');
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  flow.jar.store(response);
  return response;
}

const isRedirect = (response: Response) => response.status >= 300 && response.status < 400;

/**
 * Follows redirects from `url` (GETs, as a browser does after 302/303) until a page answers or the next hop is
 * the client's redirect URI, which is returned instead of fetched: that is where the front end would take over.
 */
export async function followRedirects(
  flow: SignInFlow,
  url: string,
): Promise<{ response: Response; url: string; callbackUrl?: string }> {
  let current = url;
  for (let hop = 0; hop < 10; hop++) {
    if (current.startsWith(flow.redirectUri)) {
      return { response: new Response(null, { status: 303 }), url: current, callbackUrl: current };
    }
    const response = await browserFetch(flow, current);
    if (!isRedirect(response)) return { response, url: current };
    await response.body?.cancel();
    current = new URL(response.headers.get('location') ?? '', current).href;
  }
  throw new Error(`sign-in: more than 10 redirects, the last to ${current}`);
}

export interface LoginPage {
  flow: SignInFlow;
  /** Address of the page the authorization request ended at. */
  url: string;
  status: number;
  html: string;
  /**
   * Set when no page was shown because the provider answered the redirect URI straight away (a live session):
   * the callback URL with its `code`.
   */
  callbackUrl?: string;
}

/** Starts an authorization request and returns the page it lands on: normally the login form. */
export async function openLoginPage(
  baseUrl: string,
  options: SignInOptions & { jar?: CookieJar } = {},
): Promise<LoginPage> {
  const flow = createSignInFlow(baseUrl, options);
  const landed = await followRedirects(flow, flow.authorizationUrl);
  if (landed.callbackUrl)
    return { flow, url: landed.url, status: 303, html: '', callbackUrl: landed.callbackUrl };
  return { flow, url: landed.url, status: landed.response.status, html: await landed.response.text() };
}

export interface LoginForm {
  action: string;
  /** Every named input with its value, hidden ones included, so the POST carries what the page carries. */
  fields: Record<string, string>;
}

const attribute = (tag: string, name: string) => {
  const match = tag.match(new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, 'i'));
  return match ? decodeEntities(match[2] ?? match[3] ?? '') : undefined;
};

const decodeEntities = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The first POST form on a page, with its absolute action. */
export function loginFormOf(page: { url: string; html: string }): LoginForm {
  const form = page.html.match(/<form\b[^>]*>[\s\S]*?<\/form>/i)?.[0];
  if (!form) throw new Error(`sign-in: no form on ${page.url}: ${page.html.slice(0, 300)}`);
  const action = new URL(attribute(form.match(/<form\b[^>]*>/i)![0], 'action') ?? page.url, page.url).href;
  const fields: Record<string, string> = {};
  for (const input of form.match(/<input\b[^>]*>/gi) ?? []) {
    const name = attribute(input, 'name');
    if (name) fields[name] = attribute(input, 'value') ?? '';
  }
  return { action, fields };
}

export interface LoginResult {
  /** The login POST's own answer, not followed: 303 on success, 401 with the form again on failure. */
  response: Response;
  status: number;
  html: string;
  location?: string;
}

/** Fills in and posts the login form of `page`. */
export async function submitLogin(
  page: LoginPage,
  username: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<LoginResult> {
  const form = loginFormOf(page);
  const response = await browserFetch(page.flow, form.action, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...form.fields, username, password }).toString(),
  });
  const location = response.headers.get('location');
  return {
    response,
    status: response.status,
    html: await response.text(),
    ...(location ? { location: new URL(location, form.action).href } : {}),
  };
}

interface TokenEndpointAnswer {
  access_token?: string;
  id_token?: string;
  refresh_token?: string;
  expires_in?: number;
  error?: string;
  error_description?: string;
}

async function callTokenEndpoint(baseUrl: string, params: Record<string, string>): Promise<Tokens> {
  const response = await fetch(`${baseUrl}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(params).toString(),
  });
  const body = (await response.json()) as TokenEndpointAnswer;
  if (!response.ok || !body.access_token) {
    throw new Error(
      `sign-in: token endpoint answered ${response.status}: ${body.error ?? ''} ${body.error_description ?? ''}`,
    );
  }
  return {
    accessToken: body.access_token,
    idToken: body.id_token ?? '',
    ...(body.refresh_token ? { refreshToken: body.refresh_token } : {}),
    expiresIn: body.expires_in ?? 0,
  };
}

/** Takes the code from the callback URL (checking state and issuer) and redeems it with the PKCE verifier. */
export async function redeemCallback(flow: SignInFlow, callbackUrl: string): Promise<Tokens> {
  const params = new URL(callbackUrl).searchParams;
  const error = params.get('error');
  if (error)
    throw new Error(`sign-in: the provider answered ${error}: ${params.get('error_description') ?? ''}`);
  if (params.get('state') !== flow.state) throw new Error('sign-in: the callback carries another state');
  const iss = params.get('iss');
  if (iss && iss !== `${flow.baseUrl}/oidc`) throw new Error(`sign-in: the callback names issuer ${iss}`);
  const code = params.get('code');
  if (!code) throw new Error(`sign-in: no code in ${callbackUrl}`);
  return callTokenEndpoint(flow.baseUrl, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: flow.redirectUri,
    client_id: flow.clientId,
    code_verifier: flow.codeVerifier,
  });
}

/** After a successful login POST: follows the provider to the redirect URI and redeems the code. */
export async function completeSignIn(flow: SignInFlow, login: LoginResult): Promise<Tokens> {
  if (!login.location) {
    throw new Error(`sign-in: the login form answered ${login.status}: ${login.html.slice(0, 300)}`);
  }
  const landed = await followRedirects(flow, login.location);
  if (!landed.callbackUrl) {
    const text = await landed.response.text();
    throw new Error(`sign-in: stopped at ${landed.url} (${landed.response.status}): ${text.slice(0, 300)}`);
  }
  return redeemCallback(flow, landed.callbackUrl);
}

/** The whole authorization-code + PKCE sign-in of one user; throws with the step that failed. */
export async function signIn(
  baseUrl: string,
  username: string,
  password: string,
  options: SignInOptions & { jar?: CookieJar } = {},
): Promise<Tokens> {
  const page = await openLoginPage(baseUrl, options);
  if (page.callbackUrl) return redeemCallback(page.flow, page.callbackUrl);
  if (page.status !== 200) {
    throw new Error(`sign-in: ${page.url} answered ${page.status}: ${page.html.slice(0, 300)}`);
  }
  return completeSignIn(page.flow, await submitLogin(page, username, password));
}

/** The refresh-token grant of a public client. */
export async function refreshTokens(
  baseUrl: string,
  refreshToken: string,
  options: { clientId?: string } = {},
): Promise<Tokens> {
  return callTokenEndpoint(baseUrl.replace(/\/+$/, ''), {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: options.clientId ?? runtimeConfigOf(parseConfig({ PUBLIC_URL: baseUrl })).portal.clientId,
  });
}

/**
 * Posts the provider's set-password form as a browser does once the page's script took the link's secret from
 * the fragment; the jar keeps the sign-in cookie a success sets, for `openLoginPage(baseUrl, { jar })`.
 */
export async function postSetPassword(
  baseUrl: string,
  fields: { secret: string; password: string; confirmation?: string },
  jar = new CookieJar(),
  headers: Record<string, string> = {},
): Promise<{ response: Response; html: string; jar: CookieJar }> {
  const flow = createSignInFlow(baseUrl, { jar });
  const response = await browserFetch(flow, `${flow.baseUrl}/idp/password`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ confirmation: fields.password, ...fields }).toString(),
  });
  return { response, html: await response.text(), jar };
}
