import { DOCUMENT_MANAGEMENT_ROLE } from '@portico/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../db/seed/demo-data.ts';
import { errorCode, useTestApi } from '../testing/api.ts';
import { signIn, type Tokens } from '../testing/sign-in.ts';
import type { TestServer } from '../testing/test-server.ts';
import {
  accessTokenClaims,
  demoUserId,
  hmacToken,
  mintAccessToken,
  providerPublicKeyPem,
  providerSigningJwk,
  unsignedToken,
  withPayload,
} from '../testing/tokens.ts';

/**
 * Every way a token can be wrong, sent over HTTP to a real tenant-bound call: the server finds the provider's
 * keys through its discovery document and JWKS as any relying party would, verifies, then checks the tenant.
 */

const api = useTestApi();
let server: TestServer;
/** Bob's tokens from a real sign-in: what the provider issues, against what tests mint. */
let bob: Tokens;
let kid: string;

beforeAll(async () => {
  server = api.server;
  bob = await signIn(server.url, 'bob', DEMO_PASSWORD);
  kid = (await providerSigningJwk(server)).kid;
});

async function discoverAcme(token: string) {
  const { status, body } = await api
    .withToken(token)
    .post('/discovery/api/DiscoveryContext/DiscoverServices', {
      TenantCode: 'acme',
      RoleType: DOCUMENT_MANAGEMENT_ROLE,
    });
  return { status, code: errorCode(body) };
}

const now = () => Math.floor(Date.now() / 1000);
const invalid = { status: 401, code: 'auth.token_invalid' };

describe('access tokens verified against the running provider', () => {
  it("accepts bob's token from the real sign-in", async () => {
    expect(await discoverAcme(bob.accessToken)).toEqual({ status: 200, code: undefined });
  });

  it('accepts a token minted with the provider key, tenant claim as a string', async () => {
    const sub = await demoUserId(server, 'bob');
    expect(await discoverAcme(await mintAccessToken(server, { sub, tid: 'acme' }))).toEqual({
      status: 200,
      code: undefined,
    });
  });

  it('rejects alg none', async () => {
    expect(await discoverAcme(unsignedToken(accessTokenClaims(server), { kid }))).toEqual(invalid);
  });

  it("rejects HS256 keyed with the provider's public key", async () => {
    const token = hmacToken(accessTokenClaims(server), await providerPublicKeyPem(server), { kid });
    expect(await discoverAcme(token)).toEqual(invalid);
  });

  it('rejects a key id the provider does not publish', async () => {
    expect(await discoverAcme(await mintAccessToken(server, {}, { header: { kid: 'no-such-key' } }))).toEqual(
      invalid,
    );
  });

  it("rejects a foreign key under the provider's key id", async () => {
    expect(await discoverAcme(await mintAccessToken(server, {}, { key: 'foreign' }))).toEqual(invalid);
  });

  it('rejects an expired token as expired', async () => {
    expect(await discoverAcme(await mintAccessToken(server, {}, { expiresIn: -60 }))).toEqual({
      status: 401,
      code: 'auth.token_expired',
    });
  });

  it('rejects a token that is not valid yet', async () => {
    expect(await discoverAcme(await mintAccessToken(server, { nbf: now() + 120 }))).toEqual(invalid);
  });

  it('rejects another issuer', async () => {
    expect(await discoverAcme(await mintAccessToken(server, { iss: 'https://evil.example/oidc' }))).toEqual(
      invalid,
    );
  });

  it('rejects another audience', async () => {
    expect(await discoverAcme(await mintAccessToken(server, { aud: 'urn:someone:else' }))).toEqual(invalid);
  });

  it("rejects bob's real signature over a payload that adds a tenant", async () => {
    const [, payload = ''] = bob.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const tampered = withPayload(bob.accessToken, { ...claims, tid: ['acme', 'globex'] });
    expect(await discoverAcme(tampered)).toEqual(invalid);
  });

  it('rejects a token without the tenant claim', async () => {
    expect(await discoverAcme(await mintAccessToken(server, { tid: undefined }))).toEqual({
      status: 401,
      code: 'auth.tenant_claim_missing',
    });
  });

  it('rejects a token with an empty tenant claim', async () => {
    expect(await discoverAcme(await mintAccessToken(server, { tid: [] }))).toEqual({
      status: 401,
      code: 'auth.tenant_claim_missing',
    });
  });

  it("rejects bob's real ID token presented as an access token", async () => {
    expect(bob.idToken).toBeTruthy();
    expect(await discoverAcme(bob.idToken)).toEqual(invalid);
  });

  it('rejects a provider-signed token whose typ is not at+jwt', async () => {
    expect(await discoverAcme(await mintAccessToken(server, {}, { header: { typ: 'JWT' } }))).toEqual(
      invalid,
    );
  });

  it('refuses a valid token for a tenant it does not list', async () => {
    const token = await mintAccessToken(server, { sub: await demoUserId(server, 'dave'), tid: ['globex'] });
    expect(await discoverAcme(token)).toEqual({ status: 403, code: 'auth.tenant_forbidden' });
  });
});
