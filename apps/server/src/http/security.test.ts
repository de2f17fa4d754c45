import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { APP_VERSION, RuntimeConfigSchema } from '@portico/contracts';
import { Value } from 'typebox/value';
import { describe, expect, test } from 'vitest';
import { useTestApi } from '../testing/api.ts';
import { PDF_WORKER_POLICY } from './front-ends.ts';

const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const distIndex = (app: string) => new URL(`../../../${app}/dist/index.html`, import.meta.url).pathname;
const controlPanelBuilt = existsSync(distIndex('control-panel'));
const portalBuilt = existsSync(distIndex('portal'));

/** The Content-Security-Policy header as directive → sources. */
function cspOf(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header, 'content-security-policy header').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

describe('with the default setup (embedded provider, http)', () => {
  const api = useTestApi();

  const get = (url: string, headers: Record<string, string> = {}) =>
    api.server.app.inject({ method: 'GET', url, headers });

  test.each([
    ['a front-end page', '/control-panel/', HTML],
    ['a JSON answer', '/healthz', {}],
    ['a JSON error', '/t/acme/portal/api/nothing-here', {}],
  ])('%s carries the security headers', async (_what, url, headers) => {
    const response = await get(url, headers);
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'x-dns-prefetch-control': 'off',
      'x-permitted-cross-domain-policies': 'none',
    });
    expect(response.headers['x-powered-by']).toBeUndefined();
    // Over plain http, HSTS would only confuse browsers on localhost.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  test.each([
    ['a front-end page', '/control-panel/', HTML],
    ['a JSON answer', '/healthz', {}],
  ])('%s carries a CSP that runs scripts from this origin only', async (_what, url, headers) => {
    const csp = cspOf((await get(url, headers)).headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    // The embedded issuer lives on this origin; the directive names it explicitly all the same.
    expect(csp.get('connect-src')).toEqual(["'self'", api.server.url]);
    expect(csp.get('form-action')).toEqual(["'self'", api.server.url]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('worker-src')).toEqual(["'self'"]);
    for (const sources of csp.values()) expect(sources).not.toContain("'unsafe-eval'");
  });

  /** A published file of Bob's Bakery, as bob downloads it. */
  const bobsDownload = async () => {
    const siteId = api.siteId('ACME-1001');
    const list = await api
      .as('bob')
      .get<{ records: { id: string }[] }>('/t/acme/file-management/api/files/published-files', { siteId });
    const id = list.body.records[0]?.id;
    expect(id).toBeDefined();
    return `/t/acme/file-management/api/files/published-files/${id}`;
  };

  test('every kind of answer refuses framing, and X-Frame-Options says what frame-ancestors says', async () => {
    const answers: [string, Headers][] = [];
    const add = async (what: string, url: string, headers: Record<string, string> = {}) => {
      answers.push([what, (await api.as('bob').raw(url, { headers })).headers]);
    };
    await add('a front-end page', '/control-panel/', HTML);
    await add('a JSON answer', '/healthz');
    await add('a tenant API answer', '/t/acme/portal/api/sites?limit=1&offset=0');
    await add('a tenant API error', '/t/acme/portal/api/nothing-here');
    await add("the provider's discovery document", '/oidc/.well-known/openid-configuration');
    await add('a download', await bobsDownload());
    for (const [what, headers] of answers) {
      expect(headers.get('x-frame-options'), what).toBe('DENY');
      expect(cspOf(headers.get('content-security-policy') ?? undefined).get('frame-ancestors'), what).toEqual(
        ["'none'"],
      );
    }
  });

  test("tenant API answers, which carry people's data, are kept out of every cache", async () => {
    const bob = api.as('bob');
    const siteId = api.siteId('ACME-1001');
    for (const path of [
      '/t/acme/portal/api/sites?limit=10&offset=0',
      `/t/acme/portal/api/files/submitted?siteId=${siteId}`,
      '/t/acme/user/api/users/menu',
      '/t/acme/portal/api/nothing-here',
    ]) {
      const answer = await bob.raw(path);
      expect(answer.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(answer.headers.get('cache-control'), path).toMatch(/\bno-store\b/);
    }
    // Downloads too, with their ETag and ranges as before.
    const download = await bob.raw(await bobsDownload(), { headers: { range: 'bytes=0-9' } });
    expect(download.status).toBe(206);
    expect(download.headers.get('cache-control')).toMatch(/\bno-store\b/);
    expect(download.headers.get('etag')).toBeTruthy();
    // Public answers are not personal: the runtime config is only revalidated.
    expect((await get('/config.json')).headers['cache-control']).toBe('no-cache');
  });

  test.each([
    ['discovery', '/discovery/api/DiscoveryContext/NothingHere'],
    ['the API docs', '/docs/nothing-here'],
    ['health', '/healthz/deeper'],
    ['the runtime config', '/config.json/deeper'],
  ])('an unknown path under %s answers a JSON 404, even to a browser', async (_what, url) => {
    const response = await get(url, HTML);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      error: { code: 'request.not_found', message: `No route for GET ${url}` },
    });
  });

  test('a browser asking for an unknown tenant-service path gets a JSON error, never a front end', async () => {
    // Without a token the tenant services answer 401 before routing, so they do not reveal which paths exist.
    const response = await get('/t/acme/portal/api/nothing-here', HTML);
    expect([401, 404]).toContain(response.statusCode);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json().error.code).toMatch(/^(auth|request)\./);
  });

  test('a request that does not ask for HTML never gets a front end', async () => {
    for (const url of ['/publishedFiles', '/control-panel/assets/missing.js']) {
      const response = await get(url, { accept: '*/*' });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code, url).toBe('request.not_found');
    }
    const post = await api.server.app.inject({ method: 'POST', url: '/publishedFiles', headers: HTML });
    expect(post.statusCode).toBe(404);
    expect(post.json().error.code).toBe('request.not_found');
  });

  test.runIf(controlPanelBuilt)(
    "an unknown HTML path under /control-panel/ gets the control panel's index.html",
    async () => {
      const index = await readFile(distIndex('control-panel'), 'utf8');
      for (const url of ['/control-panel/', '/control-panel/settings/users?tab=2', '/control-panel']) {
        const response = await get(url, HTML);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
        expect(response.headers['cache-control'], url).toBe('no-cache');
        expect(response.body, url).toBe(index);
      }
    },
  );

  test.runIf(portalBuilt)("any other unknown HTML path gets the portal's index.html", async () => {
    const index = await readFile(distIndex('portal'), 'utf8');
    for (const url of ['/', '/publishedFiles', '/no/such/page', '/control-panelish']) {
      const response = await get(url, HTML);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(index);
    }
  });

  test.runIf(controlPanelBuilt)(
    'a build made while the server runs is served at once: its new assets, its new index, not its old files',
    async () => {
      const asset = `assets/built-while-running-${randomUUID()}.js`;
      const file = new URL(`../../../control-panel/dist/${asset}`, import.meta.url).pathname;
      const index = distIndex('control-panel');
      const before = await readFile(index);
      const { mtime } = await stat(index);
      try {
        await writeFile(file, 'export const built = true;\n');
        const added = await get(`/control-panel/${asset}`);
        expect(added.statusCode).toBe(200);
        expect(added.body).toBe('export const built = true;\n');
        await writeFile(index, Buffer.concat([before, Buffer.from('<!-- rebuilt -->\n')]));
        await utimes(index, new Date(), new Date(mtime.getTime() + 5_000));
        expect((await get('/control-panel/sites', HTML)).body).toContain('<!-- rebuilt -->');
        await rm(file);
        const gone = await get(`/control-panel/${asset}`, { accept: '*/*' });
        expect(gone.statusCode).toBe(404);
        expect(gone.json().error.code).toBe('request.not_found');
      } finally {
        await rm(file, { force: true });
        await writeFile(index, before);
        await utimes(index, mtime, mtime);
      }
    },
  );

  test.runIf(!controlPanelBuilt || !portalBuilt)(
    'a front end that is not built answers 503 saying how to build it',
    async () => {
      const response = await get(controlPanelBuilt ? '/publishedFiles' : '/control-panel/x', HTML);
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain('npm run build');
    },
  );

  test.runIf(controlPanelBuilt)(
    "the front end's hashed assets are cached for good, its index is not",
    async () => {
      const index = await readFile(distIndex('control-panel'), 'utf8');
      const asset = /src="(\/control-panel\/assets\/[^"]+\.js)"/.exec(index)?.[1];
      expect(asset).toBeDefined();
      const response = await get(asset ?? '');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // Sent compressed as the build wrote it, Brotli first, gzip otherwise, and exactly the same bytes.
      const plain = response.rawPayload;
      const br = await get(asset ?? '', { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.rawPayload.length).toBeLessThan(plain.length / 2);
      expect(brotliDecompressSync(br.rawPayload).equals(plain)).toBe(true);
      const gz = await get(asset ?? '', { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).equals(plain)).toBe(true);
      // What a script reads stays; what only a page reads goes (decision 69), and so do the validators of a
      // name that never changes, whichever encoding is sent.
      for (const answer of [response, br, gz]) {
        expect(answer.headers).toMatchObject({
          'x-content-type-options': 'nosniff',
          'cross-origin-resource-policy': 'same-origin',
        });
        for (const name of [
          'content-security-policy',
          'x-frame-options',
          'cross-origin-opener-policy',
          'referrer-policy',
          'etag',
          'last-modified',
        ])
          expect(answer.headers[name], name).toBeUndefined();
      }
      // The page keeps them all, and so does the icon beside it: an SVG opened alone is a document.
      for (const page of [await get('/control-panel/', HTML), await get('/control-panel/favicon.svg')]) {
        expect(page.headers['x-frame-options']).toBe('DENY');
        expect(cspOf(page.headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
      }
    },
  );

  test("/favicon.ico answers Portico's icon (pages that name none, like the sign-in page, get it too)", async () => {
    const response = await get('/favicon.ico');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/x-icon');
    // An ICO file: reserved 0, type 1, then its images (16, 32 and 48 px PNGs).
    expect([...response.rawPayload.subarray(0, 6)]).toEqual([0, 0, 1, 0, 3, 0]);
  });

  test.runIf(portalBuilt)(
    "the PDF viewer's worker alone may compile WebAssembly; its decoders are served as such",
    async () => {
      const assets = await readdir(new URL('../../../portal/dist/assets/', import.meta.url));
      const worker = assets.find((name) => /^pdf\.worker[\w.-]*\.mjs$/.test(name));
      const decoder = assets.find((name) => /^jbig2[\w.-]*\.wasm$/.test(name));
      expect([worker, decoder]).not.toContain(undefined);
      const script = await get(`/assets/${worker}`);
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-type']).toMatch(/javascript/);
      expect(script.headers['content-security-policy']).toBe(PDF_WORKER_POLICY);
      // …sent compressed too, with the same policy.
      const compressed = await get(`/assets/${worker}`, { 'accept-encoding': 'br' });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(compressed.headers['content-security-policy']).toBe(PDF_WORKER_POLICY);
      expect((await get(`/assets/${decoder}`)).headers['content-type']).toBe('application/wasm');
      // The pages keep the strict policy, and it rules their scripts; a script that is not a worker carries none.
      const policy = cspOf((await get('/', HTML)).headers['content-security-policy']);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      const index = await readFile(distIndex('portal'), 'utf8');
      const entry = /src="(\/assets\/[^"]+\.js)"/.exec(index)?.[1] ?? '';
      expect((await get(entry)).headers['content-security-policy']).toBeUndefined();
    },
  );

  test('/config.json tells the front ends where everything is, in the shape of its schema', async () => {
    const response = await get('/config.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const body = response.json();
    expect([...Value.Errors(RuntimeConfigSchema, body)]).toEqual([]);
    const { url } = api.server;
    expect(body).toEqual({
      version: APP_VERSION,
      discoveryUrl: `${url}/discovery/api/DiscoveryContext/`,
      tenantClaim: 'tid',
      logLevel: 'debug',
      portal: {
        clientId: 'portico-portal',
        redirectUri: `${url}/login/callback`,
        postLogoutRedirectUri: `${url}/logout`,
        scopes: ['openid', 'profile', 'tenancy'],
      },
      controlPanel: {
        clientId: 'portico-control-panel',
        redirectUri: `${url}/control-panel/login/callback`,
        postLogoutRedirectUri: `${url}/control-panel/logout`,
        scopes: ['openid', 'profile', 'tenancy'],
      },
    });
  });

  test('/docs serves the Swagger UI and /docs/json the OpenAPI document', async () => {
    const page = await get('/docs', HTML);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toMatch(/swagger-ui/i);
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);

    const doc = await get('/docs/json');
    expect(doc.statusCode).toBe(200);
    const openapi = doc.json();
    expect(openapi).toMatchObject({
      openapi: '3.1.0',
      info: { title: 'Portico API', version: APP_VERSION },
      servers: [{ url: api.server.url }],
    });
    expect(Object.keys(openapi.paths)).toEqual(expect.arrayContaining(['/healthz', '/config.json']));
  });
});

describe('behind https with an external issuer', () => {
  const api = useTestApi({
    env: {
      PUBLIC_URL: 'https://portal.example.com',
      OIDC_ISSUER: 'https://login.example.com/portico',
      // No such provider: start anyway, as these tests only read headers.
      OIDC_STARTUP_CHECK: 'retry',
    },
  });

  test('browsers are told to stay on https', async () => {
    const response = await api.server.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
  });

  test('the CSP lets the front ends reach the issuer and post its forms, and nothing else', async () => {
    const response = await api.server.app.inject({ method: 'GET', url: '/control-panel/', headers: HTML });
    const csp = cspOf(response.headers['content-security-policy']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://login.example.com']);
    expect(csp.get('form-action')).toEqual(["'self'", 'https://login.example.com']);
    expect(csp.get('frame-src')).toEqual(["'self'", 'https://login.example.com']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
  });

  test('the embedded provider is not mounted', async () => {
    const response = await api.server.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('request.not_found');
  });
});
