import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CryptoKey, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AppError } from '../http/app-error.ts';
import { createJwtVerifier } from './jwt-verifier.ts';

/**
 * OIDC_ACCEPT_JWT_TYP: Keycloak and Entra ID type their access tokens `JWT`, not RFC 9068's `at+jwt`. Against a
 * real HTTP provider (discovery document and JWKS served on loopback), tokens shaped as each of them issues them
 * are accepted through the setting, and everything else is still refused: ID tokens, other types, and every
 * failure of `iss`, `aud`, `exp`, the signature and the tenant claim.
 */
const AUDIENCE = 'api://portico';
const KID = 'kc-1';

let server: Server;
let issuer: string;
let key: CryptoKey;
let otherKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  key = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  server = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url === '/realms/portico/.well-known/openid-configuration') {
      response.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/protocol/openid-connect/certs` }));
    } else if (request.url === '/realms/portico/protocol/openid-connect/certs') {
      response.end(JSON.stringify({ keys: [jwk] }));
    } else {
      response.statusCode = 404;
      response.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/realms/portico`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const now = () => Math.floor(Date.now() / 1000);

const sign = (payload: Record<string, unknown>, typ: string | undefined, signer = key) =>
  new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: KID, ...(typ ? { typ } : {}) }).sign(signer);

/** An access token as Keycloak issues it with an audience mapper and a tenant-claim mapper. */
const keycloakAccessToken = (overrides: Record<string, unknown> = {}) => ({
  exp: now() + 300,
  iat: now(),
  jti: randomUUID(),
  iss: issuer,
  aud: [AUDIENCE, 'account'],
  sub: randomUUID(),
  typ: 'Bearer',
  azp: 'portico-portal',
  session_state: randomUUID(),
  scope: 'openid profile tenancy email',
  email_verified: true,
  preferred_username: 'nora',
  email: 'nora@northwind.example',
  portico_tenants: ['northwind'],
  ...overrides,
});

/** An access token as Entra ID issues it (v2): a GUID audience, `scp`, its own `tid`, the tenants as one string. */
const entraAccessToken = (overrides: Record<string, unknown> = {}) => ({
  aud: AUDIENCE,
  iss: issuer,
  iat: now(),
  nbf: now(),
  exp: now() + 300,
  aio: 'E2ZgYJg…',
  azp: randomUUID(),
  azpacr: '0',
  name: 'Nora North',
  oid: randomUUID(),
  preferred_username: 'nora@northwind.example',
  rh: '0.AAAA…',
  scp: 'access_as_user',
  sub: 'l3_roISQU222bULS9yi2k0XpqpOiMz5H3ZACo1GeXA',
  tid: randomUUID(),
  uti: 'fqiBqXLPj0eQa82S-IYFAA',
  ver: '2.0',
  portico_tenants: 'northwind',
  ...overrides,
});

const verifierFor = (acceptJwtTyp: boolean, verifierIssuer = issuer) =>
  createJwtVerifier({
    issuer: verifierIssuer,
    audience: AUDIENCE,
    tenantClaim: 'portico_tenants',
    acceptJwtTyp,
  });

async function refusal(verifier: ReturnType<typeof verifierFor>, token: string) {
  const error = await verifier.verify(token).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'the token was accepted').toBeInstanceOf(AppError);
  return `${(error as AppError).code}: ${(error as AppError).message}`;
}

describe('access tokens typed JWT, with OIDC_ACCEPT_JWT_TYP', () => {
  const verifier = () => verifierFor(true);

  test('a Keycloak-shaped access token is accepted, its tenants read from the mapped claim', async () => {
    const principal = await verifier().verify(await sign(keycloakAccessToken(), 'JWT'));
    expect(principal).toMatchObject({ issuer, tenants: ['northwind'] });
  });

  test('an Entra-shaped access token is accepted, one tenant as a string, its own tid ignored', async () => {
    const principal = await verifier().verify(await sign(entraAccessToken(), 'JWT'));
    expect(principal.tenants).toEqual(['northwind']);
  });

  test('at+jwt stays accepted, application/ forms of both types too, and a token without typ (Okta)', async () => {
    for (const typ of ['at+jwt', 'application/at+jwt', 'application/jwt', 'jwt', undefined]) {
      await expect(verifier().verify(await sign(keycloakAccessToken(), typ))).resolves.toBeDefined();
    }
  });

  test.each([
    [
      'a Keycloak ID token (typ claim ID)',
      { typ: 'ID', aud: AUDIENCE },
      /it is an ID token \("typ" claim ID\)/,
    ],
    ['an ID token with a nonce', { nonce: 'n-0S6_WzA2Mj', aud: AUDIENCE }, /"nonce" claim/],
    ['an ID token with at_hash', { at_hash: 'HK6E_P6Dh8Y93mRNtsDB1Q', aud: AUDIENCE }, /"at_hash" claim/],
    ['an ID token for the portal client', { aud: 'portico-portal' }, /"aud"/],
    ['another issuer', { iss: 'https://evil.example.com/realms/portico' }, /"iss"/],
    ['an expired token', { exp: now() - 60, iat: now() - 360 }, /^auth\.token_expired/],
    ['no tenant claim', { portico_tenants: undefined }, /^auth\.tenant_claim_missing/],
  ])('%s is refused', async (_name, overrides, expected) => {
    const payload: Record<string, unknown> = keycloakAccessToken(overrides);
    for (const [name, value] of Object.entries(payload)) if (value === undefined) delete payload[name];
    expect(await refusal(verifier(), await sign(payload, 'JWT'))).toMatch(expected);
  });

  test('a token signed by another key is refused', async () => {
    expect(await refusal(verifier(), await sign(keycloakAccessToken(), 'JWT', otherKey))).toMatch(
      /^auth\.token_invalid: .*signature/,
    );
  });

  test('other types are refused', async () => {
    for (const typ of ['JOSE', 'id_token+jwt', 'dpop+jwt', 'logout+jwt']) {
      expect(await refusal(verifier(), await sign(keycloakAccessToken(), typ))).toMatch(/"typ"/);
    }
  });
});

describe('access tokens typed JWT, without the setting', () => {
  test('Keycloak- and Entra-shaped tokens are refused for their typ', async () => {
    const verifier = verifierFor(false);
    expect(await refusal(verifier, await sign(keycloakAccessToken(), 'JWT'))).toMatch(/"typ"/);
    expect(await refusal(verifier, await sign(entraAccessToken(), 'JWT'))).toMatch(/"typ"/);
    await expect(verifier.verify(await sign(keycloakAccessToken(), 'at+jwt'))).resolves.toBeDefined();
  });
});

describe('the issuer check (start-up and /readyz)', () => {
  test('fetches the discovery document and the key set of a provider that answers', async () => {
    await expect(verifierFor(true).checkIssuer?.()).resolves.toBeUndefined();
  });

  test('fails with server.unavailable when the provider does not answer', async () => {
    const gone = `http://127.0.0.1:${(server.address() as AddressInfo).port}/realms/nowhere`;
    const error = await verifierFor(true, gone)
      .checkIssuer?.()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('server.unavailable');
  });
});
