import { createHmac, createPrivateKey, createPublicKey, randomUUID } from 'node:crypto';
import { type CryptoKey, generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';
import { issuerOf } from '../config.ts';
import { readProviderJwks } from '../idp/signing-keys.ts';
import type { TestServer } from './test-server.ts';

/**
 * Access tokens for tests, signed with the embedded provider's real private key, so a test can speak as any
 * user of any tenant (or of a tenant that does not exist) without a sign-in round trip. Tokens that must not
 * verify are crafted here too, so every test attacks the server the same way.
 */

export interface MintOptions {
  /** Merged over the default protected header `{ alg, kid, typ: 'at+jwt' }`; `typ: undefined` drops it. */
  header?: Record<string, unknown>;
  /** Seconds from now until `exp`; negative mints a token that has already expired. Default 300. */
  expiresIn?: number;
  /**
   * `foreign` signs with a freshly generated key of the same algorithm under the provider's `kid`, so the key
   * lookup succeeds and only the signature is wrong. Default `provider`.
   */
  key?: 'provider' | 'foreign';
}

/** The provider's first signing key, private half, as the provider itself keeps it in the database. */
export async function providerSigningJwk(
  server: Pick<TestServer, 'db'>,
): Promise<JWK & { kid: string; alg: string }> {
  const { keys } = await readProviderJwks(server.db);
  const jwk = keys.find((k) => k.use === undefined || k.use === 'sig');
  if (!jwk?.kid || !jwk.alg) throw new Error('the provider holds no signing key with kid and alg');
  return jwk as JWK & { kid: string; alg: string };
}

/** The provider's public key as PEM: what an attacker can fetch, and feeds to HS256 as a shared secret. */
export async function providerPublicKeyPem(server: Pick<TestServer, 'db'>): Promise<string> {
  const privateKey = createPrivateKey({ key: await providerSigningJwk(server), format: 'jwk' });
  return createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
}

/**
 * The claims of a valid access token: this server's issuer and audience, a fresh user (`sub` is a random id,
 * someone the database does not know) of tenant `acme`. `overrides` replace claims; `undefined` removes one.
 */
export function accessTokenClaims(
  server: Pick<TestServer, 'config'>,
  overrides: Record<string, unknown> = {},
  expiresIn = 300,
): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  const claims: Record<string, unknown> = {
    iss: issuerOf(server.config),
    aud: server.config.oidcAudience,
    sub: randomUUID(),
    client_id: server.config.oidcPortalClientId,
    scope: 'openid profile tenancy',
    jti: randomUUID(),
    iat: now,
    exp: now + expiresIn,
    [server.config.tenantClaim]: ['acme'],
    ...overrides,
  };
  for (const [name, value] of Object.entries(claims)) if (value === undefined) delete claims[name];
  return claims;
}

/** A signed RFC 9068 access token; see `accessTokenClaims` for the defaults `claims` override. */
export async function mintAccessToken(
  server: Pick<TestServer, 'config' | 'db'>,
  claims: Record<string, unknown> = {},
  options: MintOptions = {},
): Promise<string> {
  const jwk = await providerSigningJwk(server);
  const key = options.key === 'foreign' ? await foreignKey(jwk.alg) : await importJWK(jwk, jwk.alg);
  const header = { alg: jwk.alg, kid: jwk.kid, typ: 'at+jwt', ...options.header };
  return new SignJWT(accessTokenClaims(server, claims, options.expiresIn))
    .setProtectedHeader(header as { alg: string })
    .sign(key);
}

const foreignKeys = new Map<string, Promise<CryptoKey>>();
function foreignKey(alg: string): Promise<CryptoKey> {
  let key = foreignKeys.get(alg);
  if (!key) {
    key = generateKeyPair(alg).then((pair) => pair.privateKey);
    foreignKeys.set(alg, key);
  }
  return key;
}

const segment = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** `alg: none`: a token with no signature at all. */
export function unsignedToken(claims: Record<string, unknown>, header: Record<string, unknown> = {}): string {
  return `${segment({ alg: 'none', typ: 'at+jwt', ...header })}.${segment(claims)}.`;
}

/**
 * HS256 keyed with `secret`, typically the provider's public key: the algorithm-confusion attack that works on a
 * verifier which lets the token pick its algorithm. Crafted by hand because jose refuses to sign it.
 */
export function hmacToken(
  claims: Record<string, unknown>,
  secret: string | Buffer,
  header: Record<string, unknown> = {},
): string {
  const input = `${segment({ alg: 'HS256', typ: 'at+jwt', ...header })}.${segment(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

/** Keeps a token's header and signature but swaps in other claims: a signature that covers another payload. */
export function withPayload(token: string, claims: Record<string, unknown>): string {
  const [header, , signature] = token.split('.');
  return `${header}.${segment(claims)}.${signature}`;
}

/** A demo user's id, which is also their `sub` at the embedded provider. */
export async function demoUserId(server: Pick<TestServer, 'db'>, username: string): Promise<string> {
  const { rows } = await server.db.query<{ user_id: string }>(
    'SELECT user_id FROM idp_accounts WHERE username = $1',
    [username],
  );
  if (!rows[0]) throw new Error(`no demo user "${username}"`);
  return rows[0].user_id;
}
