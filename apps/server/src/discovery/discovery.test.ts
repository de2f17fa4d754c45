import {
  DOCUMENT_MANAGEMENT_ROLE,
  type GetTenantContextsResponse,
  SERVICE_TYPES,
  type ServiceEntry,
} from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { type ApiAnswer, type ApiClient, errorCode, useTestApi } from '../testing/api.ts';

const api = useTestApi();
const path = (call: string) => `/discovery/api/DiscoveryContext/${call}`;
const discover = (client: ApiClient, TenantCode: string, RoleType = DOCUMENT_MANAGEMENT_ROLE) =>
  client.post<ServiceEntry[]>(path('DiscoverServices'), { TenantCode, RoleType });
const contexts = (client: ApiClient, tenantCodes: string) =>
  client.get<GetTenantContextsResponse>(path(`GetTenantContexts?tenantCodes=${tenantCodes}`));

/** Status and stable error code of an answer, the two things a client branches on. */
const failure = (answer: ApiAnswer<unknown>) => ({ status: answer.status, code: errorCode(answer.body) });

const PNG_SIGNATURE = '89504e470d0a1a0a';

describe('where to sign in', () => {
  it('names the issuer without a token', async () => {
    const answer = await api.anonymous.get(path('OAuthEndpointAddress'));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ serviceEndpoint: `${api.url}/oidc` });
  });

  it('names the issuer whose discovery document the sign-in uses', async () => {
    const { serviceEndpoint } = (
      await api.anonymous.get<{ serviceEndpoint: string }>(path('OAuthEndpointAddress'))
    ).body;
    const metadata = (await (await fetch(`${serviceEndpoint}/.well-known/openid-configuration`)).json()) as {
      issuer: string;
    };
    expect(metadata.issuer).toBe(serviceEndpoint);
  });
});

describe('tenant contexts', () => {
  it("gives alice both of her tenants' names and icons", async () => {
    const answer = await contexts(api.as('alice'), 'acme,globex');
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
    const answer = await contexts(api.as('alice'), 'globex,acme,globex');
    expect(answer.body.map((c) => c.tenantCode)).toEqual(['globex', 'acme']);
  });

  it('refuses bob a tenant his token does not list', async () => {
    expect(failure(await contexts(api.as('bob'), 'globex'))).toEqual({
      status: 403,
      code: 'auth.tenant_forbidden',
    });
  });

  it('refuses the whole call when one of the tenants asked for is not in the token', async () => {
    expect(failure(await contexts(api.as('bob'), 'acme,globex'))).toEqual({
      status: 403,
      code: 'auth.tenant_forbidden',
    });
  });

  it('leaves out a tenant the token lists but the portal does not know', async () => {
    const answer = await contexts(api.as('alice', { tenants: ['acme', 'nowhere'] }), 'acme,nowhere');
    expect(answer.status).toBe(200);
    expect(answer.body.map((c) => c.tenantCode)).toEqual(['acme']);
  });

  it('answers tenant.not_found when none of the tenants is known', async () => {
    const token = api.minted({ tid: ['nowhere'] });
    expect(failure(await contexts(token, 'nowhere'))).toEqual({ status: 404, code: 'tenant.not_found' });
  });

  it.each([
    ['upper case', 'ACME'],
    ['an empty code between commas', 'acme,,globex'],
    ['a trailing comma', 'acme,'],
    ['nothing', ''],
    ['a path', '..%2Fglobex'],
  ])('answers request.invalid for %s', async (_case, codes) => {
    expect(failure(await contexts(api.as('alice'), codes))).toEqual({
      status: 400,
      code: 'request.invalid',
    });
  });

  it('answers request.invalid without the tenantCodes parameter', async () => {
    const answer = await api.as('alice').get(path('GetTenantContexts'));
    expect(failure(answer)).toEqual({ status: 400, code: 'request.invalid' });
  });

  it('is not stored by caches, since it depends on the token', async () => {
    const answer = await contexts(api.as('alice'), 'acme');
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});

describe('service discovery', () => {
  it("gives bob acme's five services, each at an absolute address under /t/acme/", async () => {
    const answer = await discover(api.as('bob'), 'acme');
    expect(answer.status).toBe(200);
    expect(answer.body.map((s) => s.serviceType)).toEqual([...SERVICE_TYPES]);
    for (const service of answer.body) {
      expect(service.roleType).toBe(DOCUMENT_MANAGEMENT_ROLE);
      expect(service.clientEndpoints.map((c) => c.clientType).sort()).toEqual(['control-panel', 'portal']);
      for (const endpoint of service.clientEndpoints) {
        expect(endpoint.entrypointAddress).toBe(`${api.url}/t/acme/${service.serviceType}/`);
      }
    }
  });

  it("gives alice globex's services at globex's addresses", async () => {
    const answer = await discover(api.as('alice'), 'globex');
    expect(answer.status).toBe(200);
    const portal = answer.body.find((s) => s.serviceType === 'portal');
    expect(portal?.clientEndpoints).toContainEqual({
      clientType: 'portal',
      entrypointAddress: `${api.url}/t/globex/portal/`,
    });
  });

  it('refuses bob the services of a tenant his token does not list', async () => {
    expect(failure(await discover(api.as('bob'), 'globex'))).toEqual({
      status: 403,
      code: 'auth.tenant_forbidden',
    });
  });

  it('answers tenant.not_found for a tenant the token lists but the portal does not know', async () => {
    const token = api.minted({ tid: ['nowhere'] });
    expect(failure(await discover(token, 'nowhere'))).toEqual({ status: 404, code: 'tenant.not_found' });
  });

  it('refuses a valid token whose subject has no account, as the tenant routes do (403 auth.forbidden)', async () => {
    const stranger = api.minted({ tid: ['acme'] });
    expect(failure(await discover(stranger, 'acme'))).toEqual({ status: 403, code: 'auth.forbidden' });
    // The tenant routes answer the same stranger the same way.
    expect(failure(await stranger.get('/t/acme/user/api/users/menu'))).toEqual({
      status: 403,
      code: 'auth.forbidden',
    });
  });

  it('refuses an account with no role in the tenant (dave is staff of globex only)', async () => {
    const dave = api.as('dave', { tenants: ['acme'] });
    expect(failure(await discover(dave, 'acme'))).toEqual({ status: 403, code: 'auth.forbidden' });
  });

  it('answers discovery.role_unknown for a role the tenant has no services for', async () => {
    expect(failure(await discover(api.as('bob'), 'acme', 'AstrologyRole'))).toEqual({
      status: 404,
      code: 'discovery.role_unknown',
    });
  });

  it('answers request.invalid for a body outside the contract', async () => {
    expect(failure(await discover(api.as('bob'), 'Not A Code'))).toEqual({
      status: 400,
      code: 'request.invalid',
    });
    const extra = await api.as('bob').post(path('DiscoverServices'), {
      TenantCode: 'acme',
      RoleType: DOCUMENT_MANAGEMENT_ROLE,
      Sneaky: true,
    });
    expect(failure(extra)).toEqual({ status: 400, code: 'request.invalid' });
    const missing = await api.as('bob').post(path('DiscoverServices'), { TenantCode: 'acme' });
    expect(failure(missing)).toEqual({ status: 400, code: 'request.invalid' });
  });

  it('places a service on another host when its address is absolute, and resolves the rest', async () => {
    await api.db.query(
      `INSERT INTO tenants (code, display_name, icon_png, logo, logo_content_type, primary_color, secondary_color, tertiary_color)
       VALUES ('umbrella', 'Umbrella Advisory', '\\x00', '\\x00', 'image/png', '111111', '222222', '333333')`,
    );
    await api.db.query(
      `INSERT INTO service_endpoints (tenant_code, service_type, role_type, client_type, address) VALUES
         ('umbrella', 'portal', $1, 'portal', '/t/umbrella/portal/'),
         ('umbrella', 'file-storage', $1, 'portal', 'https://files.umbrella.example/store/')`,
      [DOCUMENT_MANAGEMENT_ROLE],
    );
    await api.db.query(`INSERT INTO tenant_staff (tenant_code, user_id) VALUES ('umbrella', $1)`, [
      await api.userId('carol'),
    ]);
    const answer = await discover(api.as('carol', { tenants: ['umbrella'] }), 'umbrella');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      {
        serviceType: 'portal',
        roleType: DOCUMENT_MANAGEMENT_ROLE,
        clientEndpoints: [{ clientType: 'portal', entrypointAddress: `${api.url}/t/umbrella/portal/` }],
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
    ['DiscoverServices', (client: ApiClient) => discover(client, 'acme')],
    ['GetTenantContexts', (client: ApiClient) => contexts(client, 'acme')],
  ] as const;

  it.each(bearerCalls)('%s without a token answers auth.token_missing', async (_name, send) => {
    expect(failure(await send(api.anonymous))).toEqual({ status: 401, code: 'auth.token_missing' });
  });

  it.each(bearerCalls)(
    '%s with a token that is not a JWT answers auth.token_invalid',
    async (_name, send) => {
      expect(failure(await send(api.withToken('not.a.token')))).toEqual({
        status: 401,
        code: 'auth.token_invalid',
      });
    },
  );

  it.each(bearerCalls)('%s with an expired token answers auth.token_expired', async (_name, send) => {
    const token = api.minted({}, { expiresIn: -60 });
    expect(failure(await send(token))).toEqual({ status: 401, code: 'auth.token_expired' });
  });

  it.each(bearerCalls)(
    '%s with a token signed by a foreign key answers auth.token_invalid',
    async (_name, send) => {
      const token = api.minted({}, { key: 'foreign' });
      expect(failure(await send(token))).toEqual({ status: 401, code: 'auth.token_invalid' });
    },
  );

  it.each(bearerCalls)(
    '%s accepts a minted token for the same tenant (the control for the above)',
    async (_name, send) => {
      expect((await send(api.minted({ sub: await api.userId('bob'), tid: ['acme'] }))).status).toBe(200);
    },
  );

  it('checks the token before the body: no token and a bad body answer 401, not 400', async () => {
    const answer = await api.anonymous.post(path('DiscoverServices'), { nonsense: true });
    expect(failure(answer)).toEqual({ status: 401, code: 'auth.token_missing' });
  });
});

describe('the OpenAPI document', () => {
  it('documents the three calls with their schemas, errors and bearer security', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is read as untyped JSON.
    const { body: doc } = await api.anonymous.get<any>('/docs/json');
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
