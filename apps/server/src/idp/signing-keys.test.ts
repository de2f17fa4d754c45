import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, describe, expect, test } from 'vitest';
import { CookieJar, openLoginPage, refreshTokens, signIn } from '../testing/sign-in.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { cookieKeysFileOf, jwksFileOf, loadOrCreateSecrets } from './signing-keys.ts';

describe('the provider keys in DATA_DIR', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }, 60_000);

  test('are created once, private to the owner, and read back unchanged', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portico-keys-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const first = await loadOrCreateSecrets(dataDir);
    const again = await loadOrCreateSecrets(dataDir);
    expect(again).toEqual(first);
    expect(first.jwks.keys).toHaveLength(1);
    expect(first.jwks.keys[0]).toMatchObject({
      kty: 'RSA',
      alg: 'RS256',
      use: 'sig',
      kid: expect.any(String),
    });
    expect(first.jwks.keys[0]!.d).toEqual(expect.any(String));
    for (const file of [jwksFileOf(dataDir), cookieKeysFileOf(dataDir)]) {
      expect((await stat(file)).mode & 0o777).toBe(0o600);
    }
    expect(JSON.parse(await readFile(jwksFileOf(dataDir), 'utf8'))).toEqual(first.jwks);
  });

  test('survive a restart on the same DATA_DIR: old tokens verify, refresh tokens and sessions still work', async () => {
    const before: TestServer = await startTestServer();
    cleanups.push(() => before.close());
    const jar = new CookieJar();
    const tokens = await signIn(before.url, 'alice', 'portico', { jar });
    const kid = JSON.parse(await readFile(jwksFileOf(before.config.dataDir), 'utf8')).keys[0].kid;
    await before.stop();

    const after = await startTestServer({}, { restartOf: before });
    cleanups.push(() => after.close());
    expect(after.url).toBe(before.url);

    const published = (await (await fetch(`${after.url}/oidc/jwks`)).json()) as { keys: { kid: string }[] };
    expect(published.keys.map((k) => k.kid)).toEqual([kid]);
    const { payload } = await jwtVerify(
      tokens.accessToken,
      createRemoteJWKSet(new URL(`${after.url}/oidc/jwks`)),
      {
        issuer: `${after.url}/oidc`,
        audience: after.config.oidcAudience,
        typ: 'at+jwt',
      },
    );
    expect(payload.tid).toEqual(['acme', 'globex']);

    // Grants and refresh tokens are in the database, the session cookie is signed with the kept cookie key.
    const refreshed = await refreshTokens(after.url, tokens.refreshToken!);
    expect(refreshed.accessToken).toEqual(expect.any(String));
    const page = await openLoginPage(after.url, { jar });
    expect(page.callbackUrl).toBeDefined();
  }, 90_000);
});
