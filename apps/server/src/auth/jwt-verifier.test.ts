import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyRequest } from 'fastify';
import {
  type CryptoKey,
  createLocalJWKSet,
  exportJWK,
  exportSPKI,
  generateKeyPair,
  type JWK,
  SignJWT,
} from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error.ts';
import { hmacToken, unsignedToken, withPayload } from '../testing/tokens.ts';
import { bearerTokenOf, bindToTenant } from './authenticate.ts';
import { createJwtVerifier } from './jwt-verifier.ts';
import type { AccessTokenVerifier, Principal } from './principal.ts';

const ISSUER = 'https://id.example.test/oidc';
const AUDIENCE = 'urn:portico:api';
const KID = 'test-key-1';

let privateKey: CryptoKey;
let publicKey: CryptoKey;
let publicPem: string;
let verifier: AccessTokenVerifier;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey;
  publicKey = pair.publicKey;
  publicPem = await exportSPKI(pair.publicKey);
  const publicJwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  verifier = createJwtVerifier({
    issuer: ISSUER,
    audience: AUDIENCE,
    tenantClaim: 'tid',
    keys: createLocalJWKSet({ keys: [publicJwk] }),
  });
});

const now = () => Math.floor(Date.now() / 1000);

const claims = (overrides: Record<string, unknown> = {}) => {
  const all: Record<string, unknown> = {
    iss: ISSUER,
    aud: AUDIENCE,
    sub: 'user-1',
    iat: now(),
    exp: now() + 300,
    tid: ['acme', 'globex'],
    ...overrides,
  };
  for (const [name, value] of Object.entries(all)) if (value === undefined) delete all[name];
  return all;
};

const sign = (payload: Record<string, unknown>, header: Record<string, unknown> = {}) =>
  new SignJWT(payload)
    .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'at+jwt', ...header } as { alg: string })
    .sign(privateKey);

/** The AppError code a rejected verification carries; fails the test if the token was accepted. */
async function rejectionOf(token: string): Promise<string> {
  const error = await verifier.verify(token).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'the token was accepted').toBeInstanceOf(AppError);
  return (error as AppError).code;
}

describe('the access-token verifier', () => {
  it('accepts a valid token and reads the tenant claim as a list', async () => {
    const principal = await verifier.verify(await sign(claims()));
    expect(principal).toMatchObject({ issuer: ISSUER, subject: 'user-1', tenants: ['acme', 'globex'] });
  });

  it('reads a tenant claim given as a string as a list of one', async () => {
    const principal = await verifier.verify(await sign(claims({ tid: 'acme' })));
    expect(principal.tenants).toEqual(['acme']);
  });

  it('accepts the media-type spelling of typ, application/at+jwt (RFC 9068 §2.1)', async () => {
    const principal = await verifier.verify(await sign(claims(), { typ: 'application/at+jwt' }));
    expect(principal.subject).toBe('user-1');
  });

  it('rejects alg none', async () => {
    expect(await rejectionOf(unsignedToken(claims(), { kid: KID }))).toBe('auth.token_invalid');
  });

  it('rejects HS256 signed with the public key as the shared secret (algorithm confusion)', async () => {
    expect(await rejectionOf(hmacToken(claims(), publicPem, { kid: KID }))).toBe('auth.token_invalid');
  });

  it('rejects a key id the key set does not hold', async () => {
    expect(await rejectionOf(await sign(claims(), { kid: 'someone-elses-key' }))).toBe('auth.token_invalid');
  });

  it('rejects a token signed by another key under the right key id', async () => {
    const other = await generateKeyPair('RS256');
    const token = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'at+jwt' })
      .sign(other.privateKey);
    expect(await rejectionOf(token)).toBe('auth.token_invalid');
  });

  it('rejects an expired token as expired', async () => {
    const token = await sign(claims({ iat: now() - 600, exp: now() - 60 }));
    expect(await rejectionOf(token)).toBe('auth.token_expired');
  });

  it('rejects a token that is not valid yet (nbf in the future)', async () => {
    expect(await rejectionOf(await sign(claims({ nbf: now() + 120 })))).toBe('auth.token_invalid');
  });

  it('rejects a token issued in the future (iat beyond the clock tolerance)', async () => {
    expect(await rejectionOf(await sign(claims({ iat: now() + 120 })))).toBe('auth.token_invalid');
    // Within the tolerance a provider's clock running a little ahead is no reason to refuse.
    await expect(verifier.verify(await sign(claims({ iat: now() + 2 })))).resolves.toMatchObject({
      subject: 'user-1',
    });
  });

  it('rejects a token of another issuer', async () => {
    const token = await sign(claims({ iss: 'https://evil.example.test/oidc' }));
    expect(await rejectionOf(token)).toBe('auth.token_invalid');
  });

  it('rejects a token for another audience, and says which check failed', async () => {
    const error = await verifier.verify(await sign(claims({ aud: 'urn:someone:else' }))).catch((e) => e);
    expect(error).toMatchObject({ code: 'auth.token_invalid', message: expect.stringContaining('"aud"') });
    expect(error.message).not.toContain('urn:someone:else');
  });

  it('rejects a valid signature over another payload (tampered claims)', async () => {
    const genuine = await sign(claims({ tid: ['acme'] }));
    const tampered = withPayload(genuine, claims({ tid: ['acme', 'globex'] }));
    expect(await rejectionOf(tampered)).toBe('auth.token_invalid');
  });

  it('rejects a token without the tenant claim', async () => {
    expect(await rejectionOf(await sign(claims({ tid: undefined })))).toBe('auth.tenant_claim_missing');
  });

  it('rejects a token whose tenant claim is empty', async () => {
    expect(await rejectionOf(await sign(claims({ tid: [] })))).toBe('auth.tenant_claim_missing');
    expect(await rejectionOf(await sign(claims({ tid: '' })))).toBe('auth.tenant_claim_missing');
  });

  it('rejects an ID token presented as an access token (typ JWT)', async () => {
    const idToken = await sign(claims({ nonce: randomUUID(), aud: AUDIENCE }), { typ: 'JWT' });
    expect(await rejectionOf(idToken)).toBe('auth.token_invalid');
  });

  it('rejects a token without typ', async () => {
    expect(await rejectionOf(await sign(claims(), { typ: undefined }))).toBe('auth.token_invalid');
  });

  it('rejects a token without a subject, or with one that is not a string', async () => {
    expect(await rejectionOf(await sign(claims({ sub: undefined })))).toBe('auth.token_invalid');
    expect(await rejectionOf(await sign(claims({ sub: 42 })))).toBe('auth.token_invalid');
  });

  it('rejects what is not a JWT at all', async () => {
    expect(await rejectionOf('not-a-token')).toBe('auth.token_invalid');
    expect(await rejectionOf('a.b.c')).toBe('auth.token_invalid');
  });

  it('answers 503, not 401, when the provider cannot be reached for its keys', async () => {
    // Port 1 on loopback refuses at once: the discovery document cannot be fetched.
    const offline = createJwtVerifier({
      issuer: 'http://127.0.0.1:1/oidc',
      audience: AUDIENCE,
      tenantClaim: 'tid',
    });
    const error = await offline.verify(await sign(claims())).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('server.unavailable');
  });

  it('answers 503 when the discovery document names a key set that cannot be fetched', async () => {
    const provider = createServer((request, response) => {
      const issuer = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/oidc`;
      if (request.url !== '/oidc/.well-known/openid-configuration') return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ issuer, jwks_uri: 'http://127.0.0.1:1/jwks' }));
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    try {
      const issuer = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/oidc`;
      const remote = createJwtVerifier({ issuer, audience: AUDIENCE, tenantClaim: 'tid' });
      const error = await remote.verify(await sign(claims({ iss: issuer }))).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'server.unavailable' });
    } finally {
      await new Promise((resolve) => provider.close(resolve));
    }
  });

  it('reads the tenant claim under the configured name', async () => {
    const renamed = createJwtVerifier({
      issuer: ISSUER,
      audience: AUDIENCE,
      tenantClaim: 'https://portico.example/tenants',
      keys: async () => publicKey,
    });
    const token = await sign(claims({ tid: ['acme'], 'https://portico.example/tenants': ['globex'] }));
    expect((await renamed.verify(token)).tenants).toEqual(['globex']);
  });
});

describe('the tenant guard', () => {
  const principal: Principal = { issuer: ISSUER, subject: 'user-1', tenants: ['acme'], claims: {} };

  it('binds a tenant the token lists', () => {
    expect(bindToTenant(principal, 'acme')).toMatchObject({ tenantCode: 'acme', tenants: ['acme'] });
  });

  it('refuses a tenant the token does not list', () => {
    expect(() => bindToTenant(principal, 'globex')).toThrowError(
      expect.objectContaining({ code: 'auth.tenant_forbidden', status: 403 }),
    );
  });

  it('refuses the empty tenant a path without one would give', () => {
    expect(() => bindToTenant(principal, '')).toThrowError(
      expect.objectContaining({ code: 'auth.tenant_forbidden' }),
    );
  });
});

describe('reading the bearer token', () => {
  const requestWith = (authorization?: string) =>
    ({ headers: authorization === undefined ? {} : { authorization } }) as FastifyRequest;

  it('takes the token after "Bearer", whatever the scheme case', () => {
    expect(bearerTokenOf(requestWith('Bearer abc.def.ghi'))).toBe('abc.def.ghi');
    expect(bearerTokenOf(requestWith('bearer abc.def.ghi'))).toBe('abc.def.ghi');
  });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['another scheme', 'Basic YWxpY2U6cG9ydGljbw=='],
    ['the scheme alone', 'Bearer'],
    ['the scheme and spaces', 'Bearer   '],
    ['two tokens', 'Bearer abc def'],
    ['characters no token has', 'Bearer abc<script>'],
  ])('answers auth.token_missing for %s', (_case, header) => {
    expect(() => bearerTokenOf(requestWith(header))).toThrowError(
      expect.objectContaining({ code: 'auth.token_missing', status: 401 }),
    );
  });
});
