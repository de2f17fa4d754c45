import { createHash, randomBytes } from 'node:crypto';

const base64url = (bytes: Buffer) => bytes.toString('base64url');

export interface AuthorizationRequest {
  url: string;
  state: string;
  codeVerifier: string;
}

/**
 * What the portal's sign-in redirect sends the browser to: Authorization Code with PKCE (S256), built from the
 * issuer's discovery document the way the front ends' sign-in (web-shell's `oidc-session.ts`) does it.
 */
export async function buildAuthorizationRequest(options: {
  issuer: string;
  clientId: string;
  redirectUri: string;
  scope: string;
}): Promise<AuthorizationRequest> {
  const discovery = await fetch(`${options.issuer}/.well-known/openid-configuration`);
  if (!discovery.ok) throw new Error(`discovery of ${options.issuer} answered ${discovery.status}`);
  const { authorization_endpoint } = (await discovery.json()) as { authorization_endpoint: string };
  const codeVerifier = base64url(randomBytes(32));
  const state = base64url(randomBytes(16));
  const url = new URL(authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
    response_type: 'code',
    scope: options.scope,
    state,
    nonce: base64url(randomBytes(16)),
    code_challenge: base64url(createHash('sha256').update(codeVerifier).digest()),
    code_challenge_method: 'S256',
  }).toString();
  return { url: url.href, state, codeVerifier };
}
