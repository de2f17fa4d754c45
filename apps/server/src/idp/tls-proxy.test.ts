import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { useTestApi } from '../testing/api.ts';

/**
 * Behind a proxy that ends TLS, the embedded provider sees plain http from the proxy and must believe its
 * `X-Forwarded-Proto: https` to set its secure cookies. TRUST_PROXY is the one setting that makes Fastify and the
 * provider believe the proxy (login-rate-limit.test.ts shows Fastify's side); without it the provider's cookies
 * lose `Secure`, and a browser on https would be handed cookies it should not send over plain http.
 */
const PUBLIC_URL = 'https://portal.example.com';

function authorizationPath() {
  const verifier = randomBytes(32).toString('base64url');
  return `/oidc/auth?${new URLSearchParams({
    client_id: 'portico-portal',
    redirect_uri: `${PUBLIC_URL}/login/callback`,
    response_type: 'code',
    scope: 'openid profile tenancy',
    state: randomBytes(16).toString('base64url'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  })}`;
}

const throughTheProxy = (url: string) =>
  fetch(`${url}${authorizationPath()}`, {
    redirect: 'manual',
    headers: {
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'portal.example.com',
      'x-forwarded-for': '203.0.113.9',
    },
  });

describe('the embedded provider behind a TLS-terminating proxy, TRUST_PROXY=127.0.0.1', () => {
  const api = useTestApi({ env: { PUBLIC_URL, TRUST_PROXY: '127.0.0.1' } });

  test('takes the forwarded https: it starts the sign-in with secure cookies', async () => {
    const answer = await throughTheProxy(`http://127.0.0.1:${api.server.config.port}`);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toMatch(/^\/idp\/interaction\//);
    const cookies = answer.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*secure/i);
  });
});

describe('the same without TRUST_PROXY', () => {
  const api = useTestApi({ env: { PUBLIC_URL } });

  test('the forwarded https is not believed: its cookies are not marked Secure', async () => {
    const answer = await throughTheProxy(`http://127.0.0.1:${api.server.config.port}`);
    // The provider takes the request for the plain http it came as: its cookies lose `Secure`.
    expect(answer.status).toBe(303);
    const cookies = answer.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    expect(cookies.filter((c) => /;\s*secure/i.test(c))).toEqual([]);
  });
});
