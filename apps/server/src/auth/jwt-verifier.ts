import { createRemoteJWKSet, errors, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { AppError } from '../http/app-error.ts';
import { createExpiringCache } from './expiring-cache.ts';
import type { AccessTokenVerifier, Principal } from './principal.ts';

/** Asymmetric algorithms only: an HS* token signed with a public key, or `none`, never gets through. */
export const ACCEPTED_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'EdDSA',
];

export interface JwtVerifierOptions {
  issuer: string;
  audience: string;
  tenantClaim: string;
  /**
   * Also accept access tokens whose header says `typ: JWT` (Keycloak, Entra ID), or has no `typ` (Okta), rather
   * than RFC 9068's `at+jwt`.
   * Every other check stays; and since an ID token is typed `JWT` too, one is still refused by its own marks
   * (`nonce`, `at_hash`, `c_hash`, Keycloak's `typ: ID` claim) and by `aud`, which for an ID token is a client id.
   */
  acceptJwtTyp?: boolean;
  /** Tests and operators may pin the key set; by default it comes from the issuer's discovery document. */
  keys?: JWTVerifyGetKey;
  /** Seconds of clock skew tolerated on exp, nbf and iat. */
  clockToleranceS?: number;
  /** Seconds a verified token is taken as verified without checking its signature again; 0 turns that off. */
  verifiedTtlS?: number;
  now?: () => number;
}

/** Verified tokens kept at most; the oldest go first. */
const MAX_VERIFIED_TOKENS = 10_000;

/**
 * Verifies RFC 9068 access tokens the way any relying party would, for the embedded provider and for Okta,
 * Entra ID or Keycloak alike: keys from the issuer's JWKS (found through its discovery document), then
 * signature, algorithm, `typ`, `iss`, `aud`, `exp`, `nbf` and an `iat` not in the future, then the tenant claim.
 */
export function createJwtVerifier(options: JwtVerifierOptions): AccessTokenVerifier {
  let keys = options.keys;
  let pending: Promise<JWTVerifyGetKey> | undefined;
  const keySet = async () => {
    if (keys) return keys;
    pending ??= discoverJwks(options.issuer).then(
      (k) => (keys = k),
      (error) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };

  // A signature check is a WebCrypto job of ~80 µs plus a hop through the thread pool, on every request of a
  // client that sends the same token for minutes: the largest share of an authenticated request's CPU
  // (bench/, `list`). A token verified a moment ago is the same bytes with the same answer until it expires; the
  // cost of keeping it is that a signing key withdrawn from the provider's JWKS stops taking effect only after
  // `verifiedTtlS`, which is already how a key set cached by any relying party behaves.
  const verifiedTtlMs = (options.verifiedTtlS ?? 30) * 1000;
  const toleranceMs = (options.clockToleranceS ?? 5) * 1000;
  const now = options.now ?? Date.now;
  const verified = createExpiringCache<string, Principal>(MAX_VERIFIED_TOKENS, now);

  let lastCheck = 0;
  return {
    async checkIssuer() {
      const getKey = await keySet();
      // A probe every few seconds must not fetch the key set every time: once per 30 s at most.
      if (now() - lastCheck < 30_000) return;
      const remote = getKey as Partial<{ reload(): Promise<void> }>;
      try {
        await remote.reload?.();
      } catch {
        throw providerUnavailable('signing keys');
      }
      lastCheck = now();
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) return known;
      const principal = await verifySignedToken(token);
      const expiresAt = Number(principal.claims.exp) * 1000 + toleranceMs;
      verified.set(token, principal, Math.min(expiresAt, now() + verifiedTtlMs));
      return principal;
    },
  };

  async function verifySignedToken(token: string): Promise<Principal> {
    const getKey = await keySet();
    let payload: Principal['claims'];
    try {
      let header: { typ?: string | undefined };
      ({ payload, protectedHeader: header } = await jwtVerify(token, getKey, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ACCEPTED_ALGORITHMS,
        ...(options.acceptJwtTyp ? {} : { typ: 'at+jwt' }),
        requiredClaims: ['exp', 'sub'],
        clockTolerance: toleranceMs / 1000,
      }));
      if (options.acceptJwtTyp) checkJwtTyped(header.typ, payload);
    } catch (error) {
      throw toAuthError(error);
    }
    // jose checks `iat` only against a maximum age, which we do not set. A token issued in the future comes from a
    // provider whose clock is wrong or from someone minting tokens ahead of time; either way it would outlive
    // what its issuer meant (RFC 9068 §4: reject what fails the checks of RFC 7519, `iat` included).
    if (typeof payload.iat === 'number' && payload.iat * 1000 > now() + toleranceMs) {
      throw new AppError(
        'auth.token_invalid',
        'The access token is not valid: it was issued in the future ("iat" claim).',
      );
    }
    // jose checks that `sub` is present, not that it is a string; the principal's identity must be one.
    if (typeof payload.sub !== 'string' || !payload.sub) {
      throw new AppError('auth.token_invalid', 'The access token names no subject.');
    }
    const tenants = tenantsOf(payload[options.tenantClaim]);
    if (!tenants.length) {
      throw new AppError(
        'auth.tenant_claim_missing',
        `The access token lists no tenant in "${options.tenantClaim}".`,
      );
    }
    return Object.freeze({
      issuer: options.issuer,
      subject: payload.sub,
      tenants,
      claims: Object.freeze(payload),
    });
  }
}

/**
 * With `acceptJwtTyp`: the header's `typ` must be `at+jwt`, `JWT` (case aside, with or without `application/`)
 * or absent, and a token that is not `at+jwt` must not bear the marks of an ID token.
 */
function checkJwtTyped(typ: string | undefined, payload: Principal['claims']) {
  const kind = typ?.toLowerCase().replace(/^application\//, '');
  if (kind === 'at+jwt') return;
  if (kind !== 'jwt' && kind !== undefined) {
    throw new AppError(
      'auth.token_invalid',
      'The access token is not valid: unexpected "typ" JWT header value.',
    );
  }
  const idTokenClaim = ['nonce', 'at_hash', 'c_hash'].find((claim) => claim in payload);
  if (idTokenClaim || payload.typ === 'ID') {
    throw new AppError(
      'auth.token_invalid',
      `The access token is not valid: it is an ID token (${idTokenClaim ? `"${idTokenClaim}" claim` : '"typ" claim ID'}).`,
    );
  }
}

/** A string is a list of one (SPEC says a list; some providers emit a single value as a string). */
function tenantsOf(claim: unknown): string[] {
  const list = typeof claim === 'string' ? [claim] : Array.isArray(claim) ? claim : [];
  return [...new Set(list.filter((t): t is string => typeof t === 'string' && t.length > 0))];
}

function toAuthError(error: unknown): AppError {
  if (error instanceof errors.JWTExpired)
    return new AppError('auth.token_expired', 'The access token has expired.');
  // jose's messages name the failed check and never a value ('unexpected "aud" claim value'), which is what
  // an operator wiring up an external provider needs to see.
  if (error instanceof errors.JOSEError) {
    return new AppError('auth.token_invalid', `The access token is not valid: ${error.message}.`);
  }
  if (error instanceof AppError) return error;
  return new AppError('auth.token_invalid', 'The access token is not valid.');
}

/**
 * An unreachable or misbehaving provider is our outage, not the caller's fault: it answers 503, so a front end
 * does not sign a user out (as it would on 401) because the provider blinked.
 */
const providerUnavailable = (what: string) =>
  new AppError('server.unavailable', `The identity provider cannot be reached (${what}).`);

async function discoverJwks(issuer: string): Promise<JWTVerifyGetKey> {
  let metadata: { issuer?: string; jwks_uri?: string };
  try {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    metadata = (await response.json()) as typeof metadata;
  } catch {
    throw providerUnavailable('discovery document');
  }
  if (metadata.issuer !== issuer || !metadata.jwks_uri) {
    throw new AppError('server.unavailable', 'The identity provider published unexpected metadata.');
  }
  const remote = createRemoteJWKSet(new URL(metadata.jwks_uri), {
    timeoutDuration: 10_000,
    cooldownDuration: 30_000,
  });
  const getKey: JWTVerifyGetKey = async (header, token) => {
    try {
      return await remote(header, token);
    } catch (error) {
      // These say the token names a key or algorithm the provider does not publish: the token is at fault.
      if (
        error instanceof errors.JWKSNoMatchingKey ||
        error instanceof errors.JWKSMultipleMatchingKeys ||
        error instanceof errors.JOSENotSupported
      ) {
        throw error;
      }
      throw providerUnavailable('signing keys');
    }
  };
  // The start-up check and /readyz fetch the key set itself, not only the discovery document.
  return Object.assign(getKey, { reload: () => remote.reload() });
}
