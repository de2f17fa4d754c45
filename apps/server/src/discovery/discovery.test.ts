import {
  DOCUMENT_MANAGEMENT_ROLE,
  type GetTenantContextsResponse,
  SERVICE_TYPES,
  type ServiceEntry,
} from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../db/seed/demo-data.ts';
import { signIn, type Tokens } from '../testing/sign-in.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { demoUserId, mintAccessToken } from '../testing/tokens.ts';

let server: TestServer;
let alice: Tokens;
let bob: Tokens;

beforeAll(async () => {
  server = await startTestServer();
  alice = await signIn(server.url, 'alice', DEMO_PASSWORD);
  bob = await signIn(server.url, 'bob', DEMO_PASSWORD);
});
afterAll(() => server?.close());

interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

async function call<T = unknown>(
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.url}/discovery/api/DiscoveryContext/${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as T };
}

const discover = (token: string | undefined, TenantCode: string, RoleType = DOCUMENT_MANAGEMENT_ROLE) =>
  call<ServiceEntry[]>('POST', 'DiscoverServices', {
    ...(token ? { token } : {}),
    body: { TenantCode, RoleType },
  });

const contexts = (token: string | undefined, tenantCodes: string) =>
  call<GetTenantContextsResponse>(
    'GET',
    `GetTenantContexts?tenantCodes=${tenantCodes}`,
    token ? { token } : {},
  );

/** Status and stable error code of an answer, the two things a client branches on. */
const failure = (answer: Answer) => ({
  status: answer.status,
  code: (answer.body as { error?: { code?: string } }).error?.code,
});

const PNG_SIGNATURE = '89504e470d0a1a0a';

describe('where to sign in', () => {
  it('names the issuer without a token', async () => {
    const answer = await call('GET', 'OAuthEndpointAddress');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ serviceEndpoint: `${server.url}/oidc` });
  });

  it('names the issuer whose discovery document the sign-in uses', async () => {
    const { serviceEndpoint } = (await call<{ serviceEndpoint: string }>('GET', 'OAuthEndpointAddress')).body;
    const metadata = (await (await fetch(`${serviceEndpoint}/.well-known/openid-configuration`)).json()) as {
      issuer: string;
    };
    expect(metadata.issuer).toBe(serviceEndpoint);
  });
});

describe('tenant contexts', () => {
  it("gives alice both of her tenants' names and icons", async () => {
    const answer = await contexts(alice.accessToken, 'acme,globex');
    expect(answer.status).toBe(200);
    expect(
      answer.body.map(({ tenantCode, tenantDisplayName }) => ({ tenantCode, tenantDisplayName })),
    ).toEqual([
      { tenantCode: 'acme', tenantDisplayName: 'Acme Accounting' },
      { tenantCode: 'globex', tenantDisplayName: 'Globex Legal' },
    ]);
    for (const context of answer.body) {
      expect(context.tenantIcon).not.toMatch(/^data:/);
      expect(Buffer.from(context.tenantIcon, 'base64').subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE);
    }
  });

  it('answers in the order asked, once per tenant', async () => {
    const answer = await contexts(alice.accessToken, 'globex,acme,globex');
    expect(answer.body.map((c) => c.tenantCode)).toEqual(['globex', 'acme']);
  });

  it('refuses bob a tenant his token does not list', async () => {
    expect(failure(await contexts(bob.accessToken, 'globex'))).toEqual({
      status: 403,
      code: 'auth.tenant_forbidden',
    });
  });

  it('refuses the whole call when one of the tenants asked for is not in the token', async () => {
    expect(failure(await contexts(bob.accessToken, 'acme,globex'))).toEqual({
      status: 403,
      code: 'auth.tenant_forbidden',
    });
  });

  it('leaves out a tenant the token lists but the portal does not know', async () => {
    const token = await mintAccessToken(server, {
      sub: await demoUserId(server, 'alice'),
      tid: ['acme', 'nowhere'],
    });
    const answer = await contexts(token, 'acme,nowhere');
    expect(answer.status).toBe(200);
    expect(answer.body.map((c) => c.tenantCode)).toEqual(['acme']);
  });

  it('answers tenant.not_found when none of the tenants is known', async () => {
    const token = await mintAccessToken(server, { tid: ['nowhere'] });
    expect(failure(await contexts(token, 'nowhere'))).toEqual({ status: 404, code: 'tenant.not_found' });
  });

  it.each([
    ['upper case', 'ACME'],
    ['an empty code between commas', 'acme,,globex'],
    ['a trailing comma', 'acme,'],
    ['nothing', ''],
    ['a path', '..%2Fglobex'],
  ])('answers request.invalid for %s', async (_case, codes) => {
    expect(failure(await contexts(alice.accessToken, codes))).toEqual({
      status: 400,
      code: 'request.invalid',
    });
  });

  it('answers request.invalid without the tenantCodes parameter', async () => {
    const answer = await call('GET', 'GetTenantContexts', { token: alice.accessToken });
    expect(failure(answer)).toEqual({ status: 400, code: 'request.invalid' });
  });

  it('is not stored by caches, since it depends on the token', async () => {
    const answer = await contexts(alice.accessToken, 'acme');
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});

describe('service discovery', () => {
  it("gives bob acme's five services, each at an absolute address under /t/acme/", async () => {
    const answer = await discover(bob.accessToken, 'acme');
    expect(answer.status).toBe(200);
    expect(answer.body.map((s) => s.serviceType)).toEqual([...SERVICE_TYPES]);
    for (const service of answer.body) {
      expect(service.roleType).toBe(DOCUMENT_MANAGEMENT_ROLE);
      expect(service.clientEndpoints.map((c) => c.clientType).sort()).toEqual(['control-panel', 'portal']);
      for (const endpoint of service.clientEndpoints) {
        expect(endpoint.entrypointAddress).toBe(`${server.url}/t/acme/${service.serviceType}/`);
      }
    }
  });

  it("gives alice globex's services at globex's addresses", async () => {
    const answer = await discover(alice.accessToken, 'globex');
    expect(answer.status).toBe(200);
    const portal = answer.body.find((s) => s.serviceType === 'portal');
    expect(portal?.clientEndpoints).toContainEqual({
      clientType: 'portal',
      entrypointAddress: `${server.url}/t/globex/portal/`,
    });
  });

  it('refuses bob the services of a tenant his token does not list', async () => {
    expect(failure(await discover(bob.accessToken, 'globex'))).toEqual({
      status: 403,
      code: 'auth.tenant_forbidden',
    });
  });

  it('answers tenant.not_found for a tenant the token lists but the portal does not know', async () => {
    const token = await mintAccessToken(server, { tid: ['nowhere'] });
    expect(failure(await discover(token, 'nowhere'))).toEqual({ status: 404, code: 'tenant.not_found' });
  });

  it('answers discovery.role_unknown for a role the tenant has no services for', async () => {
    expect(failure(await discover(bob.accessToken, 'acme', 'AstrologyRole'))).toEqual({
      status: 404,
      code: 'discovery.role_unknown',
    });
  });

  it('answers request.invalid for a body outside the contract', async () => {
    expect(failure(await discover(bob.accessToken, 'Not A Code'))).toEqual({
      status: 400,
      code: 'request.invalid',
    });
    const extra = await call('POST', 'DiscoverServices', {
      token: bob.accessToken,
      body: { TenantCode: 'acme', RoleType: DOCUMENT_MANAGEMENT_ROLE, Sneaky: true },
    });
    expect(failure(extra)).toEqual({ status: 400, code: 'request.invalid' });
    const missing = await call('POST', 'DiscoverServices', {
      token: bob.accessToken,
      body: { TenantCode: 'acme' },
    });
    expect(failure(missing)).toEqual({ status: 400, code: 'request.invalid' });
  });

  it('places a service on another host when its address is absolute, and resolves the rest', async () => {
    await server.db.query(
      `INSERT INTO tenants (code, display_name, icon_png, logo, logo_content_type, primary_color, secondary_color, tertiary_color)
       VALUES ('umbrella', 'Umbrella Advisory', '\\x00', '\\x00', 'image/png', '111111', '222222', '333333')`,
    );
    await server.db.query(
      `INSERT INTO service_endpoints (tenant_code, service_type, role_type, client_type, address) VALUES
         ('umbrella', 'portal', $1, 'portal', '/t/umbrella/portal/'),
         ('umbrella', 'file-storage', $1, 'portal', 'https://files.umbrella.example/store/')`,
      [DOCUMENT_MANAGEMENT_ROLE],
    );
    const answer = await discover(await mintAccessToken(server, { tid: ['umbrella'] }), 'umbrella');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      {
        serviceType: 'portal',
        roleType: DOCUMENT_MANAGEMENT_ROLE,
        clientEndpoints: [{ clientType: 'portal', entrypointAddress: `${server.url}/t/umbrella/portal/` }],
      },
      {
        serviceType: 'file-storage',
        roleType: DOCUMENT_MANAGEMENT_ROLE,
        clientEndpoints: [
          { clientType: 'portal', entrypointAddress: 'https://files.umbrella.example/store/' },
        ],
      },
    ]);
  });
});

describe('who may call', () => {
  const bearerCalls = [
    ['DiscoverServices', (token?: string) => discover(token, 'acme')],
    ['GetTenantContexts', (token?: string) => contexts(token, 'acme')],
  ] as const;

  it.each(bearerCalls)('%s without a token answers auth.token_missing', async (_name, send) => {
    expect(failure(await send(undefined))).toEqual({ status: 401, code: 'auth.token_missing' });
  });

  it.each(bearerCalls)(
    '%s with a token that is not a JWT answers auth.token_invalid',
    async (_name, send) => {
      expect(failure(await send('not.a.token'))).toEqual({ status: 401, code: 'auth.token_invalid' });
    },
  );

  it.each(bearerCalls)('%s with an expired token answers auth.token_expired', async (_name, send) => {
    const token = await mintAccessToken(server, {}, { expiresIn: -60 });
    expect(failure(await send(token))).toEqual({ status: 401, code: 'auth.token_expired' });
  });

  it.each(bearerCalls)(
    '%s with a token signed by a foreign key answers auth.token_invalid',
    async (_name, send) => {
      const token = await mintAccessToken(server, {}, { key: 'foreign' });
      expect(failure(await send(token))).toEqual({ status: 401, code: 'auth.token_invalid' });
    },
  );

  it.each(bearerCalls)(
    '%s accepts a minted token for the same tenant (the control for the above)',
    async (_name, send) => {
      expect((await send(await mintAccessToken(server, { tid: ['acme'] }))).status).toBe(200);
    },
  );

  it('checks the token before the body: no token and a bad body answer 401, not 400', async () => {
    const answer = await call('POST', 'DiscoverServices', { body: { nonsense: true } });
    expect(failure(answer)).toEqual({ status: 401, code: 'auth.token_missing' });
  });
});

describe('the OpenAPI document', () => {
  it('documents the three calls with their schemas, errors and bearer security', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is read as untyped JSON.
    const doc: any = await (await fetch(`${server.url}/docs/json`)).json();
    const base = '/discovery/api/DiscoveryContext';
    const oauth = doc.paths[`${base}/OAuthEndpointAddress`].get;
    const discoverOp = doc.paths[`${base}/DiscoverServices`].post;
    const contextsOp = doc.paths[`${base}/GetTenantContexts`].get;
    expect(oauth.tags).toEqual(['discovery']);
    expect(oauth.security).toBeUndefined();
    for (const op of [discoverOp, contextsOp]) {
      expect(op.tags).toEqual(['discovery']);
      expect(op.summary).toBeTruthy();
      expect(op.security).toEqual([{ bearer: [] }]);
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404']));
    }
    expect(discoverOp.requestBody.content['application/json'].schema).toBeDefined();
    expect(contextsOp.parameters).toContainEqual(
      expect.objectContaining({ name: 'tenantCodes', in: 'query' }),
    );
  });
});
