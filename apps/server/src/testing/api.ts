import type { ErrorBody, UploadResponse } from '@portico/contracts';
import { afterAll, beforeAll } from 'vitest';
import type { DEMO_USERS } from '../db/seed/demo-data.ts';
import { tenantsOf } from '../idp/accounts.ts';
import { startTestServer, type TestServer, type TestServerOptions } from './test-server.ts';
import { demoUserId, type MintOptions, mintAccessToken } from './tokens.ts';
import type { TestFile } from './uploads.ts';

/**
 * The API as tests speak to it: one seeded server and a typed client per demo user, whose access token is minted
 * (signed with the provider's real key, the user's real id and tenants) instead of signed in for, since a sign-in
 * is a dozen round trips. Tests of sign-in itself use `signIn` from `sign-in.ts` and `withToken`.
 *
 *   const api = useTestApi();
 *   const sites = await api.as('bob').get<SiteList>('/t/acme/portal/api/sites', { limit: 5 });
 */

/** The demo seed's usernames: `as('bobb')` does not compile. */
export type DemoUsername = (typeof DEMO_USERS)[number]['username'];

// Starting a server migrates, seeds and renders the demo PDFs, and stopping one drops its database: both are slow
// on a busy 2-core runner.
const SERVER_TIMEOUT_MS = 60_000;

/** An answer of the API: `body` is parsed JSON for a JSON type, the text otherwise, `null` when empty. */
export interface ApiAnswer<T> {
  status: number;
  type: string | null;
  headers: Headers;
  body: T;
}

/** An answer read as bytes, whatever its type. */
export type BytesAnswer = ApiAnswer<Buffer>;

export type Query = Record<string, string | number | boolean | undefined>;
type ExtraHeaders = Record<string, string>;

/** Calls as one caller: a demo user, a given token, or nobody. Paths are whole, tenant included (`/t/acme/…`). */
export interface ApiClient {
  /** The bearer token sent, `undefined` for the anonymous client. */
  token(): Promise<string | undefined>;
  get<T = unknown>(path: string, query?: Query): Promise<ApiAnswer<T & ErrorBody>>;
  /** `headers` are sent besides the token and the JSON content type (e.g. an `Idempotency-Key`). */
  post<T = unknown>(path: string, body?: unknown, headers?: ExtraHeaders): Promise<ApiAnswer<T & ErrorBody>>;
  put<T = unknown>(path: string, body?: unknown, headers?: ExtraHeaders): Promise<ApiAnswer<T & ErrorBody>>;
  patch<T = unknown>(path: string, body?: unknown, headers?: ExtraHeaders): Promise<ApiAnswer<T & ErrorBody>>;
  delete<T = unknown>(
    path: string,
    body?: unknown,
    headers?: ExtraHeaders,
  ): Promise<ApiAnswer<T & ErrorBody>>;
  /** Any method, for tables of endpoints. */
  request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers?: ExtraHeaders,
  ): Promise<ApiAnswer<T & ErrorBody>>;
  /** The answer's bytes (downloads, zips, CSV); `init.body` other than a string or bytes is sent as JSON. */
  bytes(path: string, init?: CallInit): Promise<BytesAnswer>;
  /** The bare fetch, with the bearer token added: for streams, aborted reads and anything else by hand. */
  raw(path: string, init?: RequestInit): Promise<Response>;
  /** `POST /t/{tenant}/file-storage/api/files` with the files as a browser's FormData sends them. */
  upload(
    siteId: string,
    files: readonly TestFile[],
    tenant?: string,
  ): Promise<ApiAnswer<UploadResponse & ErrorBody>>;
  /** The upload endpoint with a body exactly as given (see `rawMultipart` in `uploads.ts`). */
  uploadRaw(
    contentType: string,
    body: Uint8Array,
    tenant?: string,
  ): Promise<ApiAnswer<UploadResponse & ErrorBody>>;
}

export interface CallInit {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface AsOptions {
  /** The tenant claim's list instead of the user's own tenants (e.g. one the user has no role in). */
  tenants?: string[];
}

export interface TestApi {
  server: TestServer;
  url: string;
  db: TestServer['db'];
  /** A demo user, with a minted token that lists their tenants (or `options.tenants`). */
  as(user: DemoUsername, options?: AsOptions): ApiClient;
  /** A client that sends this token (signed in for, or crafted); `undefined` sends none. */
  withToken(token: string | undefined): ApiClient;
  /** A token minted from `claims` (by default of a user nobody knows, in acme: see `accessTokenClaims`). */
  minted(claims?: Record<string, unknown>, options?: MintOptions): ApiClient;
  /** Sends no token. */
  anonymous: ApiClient;
  /** A demo user's id (their `sub`). */
  userId(user: DemoUsername): Promise<string>;
  /** A demo site's id by its reference, e.g. `ACME-1001` (Bob's Bakery). */
  siteId(reference: string): string;
  close(): Promise<void>;
}

export interface TestApiOptions extends TestServerOptions {
  /** Environment variables for the server, as `startTestServer` takes them. */
  env?: Record<string, string>;
}

const isJson = (type: string | null) => type !== null && /[/+]json\b/.test(type);

async function answerOf<T>(response: Response): Promise<ApiAnswer<T>> {
  const type = response.headers.get('content-type');
  const text = await response.text();
  const body = (text === '' ? null : isJson(type) ? JSON.parse(text) : text) as T;
  return { status: response.status, type, headers: response.headers, body };
}

export function clientOf(url: string, token: () => Promise<string | undefined>): ApiClient {
  const raw = async (path: string, init: RequestInit = {}) => {
    const bearer = await token();
    const headers = new Headers(init.headers);
    if (bearer && !headers.has('authorization')) headers.set('authorization', `Bearer ${bearer}`);
    return fetch(`${url}${path}`, { ...init, headers });
  };
  const send = (method: string, path: string, init: CallInit = {}) => {
    const { body } = init;
    const json = body !== undefined && typeof body !== 'string' && !(body instanceof Uint8Array);
    return raw(path, {
      method,
      headers: { ...(json ? { 'content-type': 'application/json' } : {}), ...init.headers },
      ...(body === undefined ? {} : { body: json ? JSON.stringify(body) : (body as RequestInit['body']) }),
    });
  };
  const request = async <T>(method: string, path: string, body?: unknown, headers?: ExtraHeaders) =>
    answerOf<T & ErrorBody>(await send(method, path, { body, ...(headers ? { headers } : {}) }));
  return {
    token,
    async get(path, query) {
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(query ?? {})) {
        if (value !== undefined) search.set(name, String(value));
      }
      const suffix = search.size ? `${path.includes('?') ? '&' : '?'}${search}` : '';
      return request('GET', `${path}${suffix}`);
    },
    post: (path, body, headers) => request('POST', path, body, headers),
    put: (path, body, headers) => request('PUT', path, body, headers),
    patch: (path, body, headers) => request('PATCH', path, body, headers),
    delete: (path, body, headers) => request('DELETE', path, body, headers),
    request,
    async bytes(path, init = {}) {
      const response = await send(init.method ?? 'GET', path, init);
      const body = Buffer.from(await response.arrayBuffer());
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        headers: response.headers,
        body,
      };
    },
    raw,
    async upload(siteId, files, tenant = 'acme') {
      const form = new FormData();
      form.append('siteId', siteId);
      for (const f of files) form.append('file', new File([f.bytes], f.name, { type: f.type ?? '' }));
      return answerOf(await raw(`/t/${tenant}/file-storage/api/files`, { method: 'POST', body: form }));
    },
    async uploadRaw(contentType, body, tenant = 'acme') {
      const headers = { 'content-type': contentType };
      return answerOf(await raw(`/t/${tenant}/file-storage/api/files`, { method: 'POST', headers, body }));
    },
  };
}

/** The seeded server (`startTestServer(env, options)`) and its demo users' clients. */
export async function startTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const { env, ...serverOptions } = options;
  const server = await startTestServer(env, serverOptions);
  try {
    const { rows } = await server.db.query<{ id: string; reference: string }>(
      'SELECT id, reference FROM sites',
    );
    const siteIds = new Map(rows.map((r) => [r.reference, r.id]));
    const tokens = new Map<string, Promise<string>>();
    const mint = async (user: DemoUsername, options: AsOptions) => {
      const sub = await demoUserId(server, user);
      return mintAccessToken(
        server,
        {
          sub,
          [server.config.tenantClaim]: options.tenants ?? (await tenantsOf(server.db, sub)),
        },
        // A test file can outlast the default five minutes on a busy runner.
        { expiresIn: 3600 },
      );
    };
    const api: TestApi = {
      server,
      url: server.url,
      db: server.db,
      as(user, options = {}) {
        const key = JSON.stringify([user, options]);
        return clientOf(server.url, () => {
          let token = tokens.get(key);
          if (!token) {
            token = mint(user, options);
            tokens.set(key, token);
          }
          return token;
        });
      },
      withToken: (token) => clientOf(server.url, async () => token),
      minted(claims, options) {
        let token: Promise<string> | undefined;
        return clientOf(server.url, () => (token ??= mintAccessToken(server, claims, options)));
      },
      anonymous: clientOf(server.url, async () => undefined),
      userId: (user) => demoUserId(server, user),
      siteId(reference) {
        const id = siteIds.get(reference);
        if (!id) throw new Error(`no demo site "${reference}"`);
        return id;
      },
      close: () => server.close(),
    };
    return api;
  } catch (error) {
    await server.close();
    throw error;
  }
}

/**
 * `startTestApi` for a test file or `describe`: started before its tests, closed after them. The handle answers
 * once the tests run.
 */
export function useTestApi(options: TestApiOptions = {}): TestApi {
  let started: TestApi | undefined;
  beforeAll(async () => {
    started = await startTestApi(options);
  }, SERVER_TIMEOUT_MS);
  afterAll(() => started?.close(), SERVER_TIMEOUT_MS);
  const api = (): TestApi => {
    if (!started) throw new Error('the test API starts in beforeAll');
    return started;
  };
  return {
    get server() {
      return api().server;
    },
    get url() {
      return api().url;
    },
    get db() {
      return api().db;
    },
    get anonymous() {
      return api().anonymous;
    },
    as: (user, options) => api().as(user, options),
    withToken: (token) => api().withToken(token),
    minted: (claims, options) => api().minted(claims, options),
    userId: (user) => api().userId(user),
    siteId: (reference) => api().siteId(reference),
    close: () => api().close(),
  };
}

/** The error code of an answer's body (parsed JSON, or the bytes of `bytes()`), if it is an error body. */
export const errorCode = (body: unknown) => {
  const parsed = Buffer.isBuffer(body) ? JSON.parse(body.toString() || 'null') : body;
  return (parsed as ErrorBody | null)?.error?.code;
};

/** An answer as `[status, error code]`, to compare refusals in one line. */
export const statusAndCode = (answer: { status: number; body: unknown }) =>
  [answer.status, errorCode(answer.body)] as const;
