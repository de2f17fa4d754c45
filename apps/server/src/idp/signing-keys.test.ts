import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRemoteJWKSet, exportJWK, generateKeyPair, jwtVerify } from 'jose';
import { afterAll, describe, expect, test } from 'vitest';
import { CookieJar, openLoginPage, refreshTokens, signIn } from '../testing/sign-in.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { cookieKeysFileOf, jwksFileOf, loadOrCreateSecrets, readProviderJwks } from './signing-keys.ts';

describe('the provider keys in the database', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }, 60_000);

  test('are created once, even by processes starting together, and read back unchanged', async () => {
    const { db, close } = await openTestDatabase();
    cleanups.push(close);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portico-keys-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const [first, second] = await Promise.all([
      loadOrCreateSecrets(db, dataDir),
      loadOrCreateSecrets(db, dataDir),
    ]);
    expect(second).toEqual(first);
    expect(await loadOrCreateSecrets(db, dataDir)).toEqual(first);
    expect(first.jwks.keys).toHaveLength(1);
    expect(first.jwks.keys[0]).toMatchObject({
      kty: 'RSA',
      alg: 'RS256',
      use: 'sig',
      kid: expect.any(String),
    });
    expect(first.jwks.keys[0]!.d).toEqual(expect.any(String));
    expect(first.cookieKeys).toHaveLength(1);
    expect(await readProviderJwks(db)).toEqual(first.jwks);
    // Nothing secret is written to DATA_DIR any more.
    await expect(stat(jwksFileOf(dataDir))).rejects.toThrow();
  });

  test("an install whose keys are in DATA_DIR's files keeps them: imported on the first start", async () => {
    const { db, close } = await openTestDatabase();
    cleanups.push(close);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portico-keys-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), kid: 'kept-kid', alg: 'RS256', use: 'sig' };
    await mkdir(path.join(dataDir, 'oidc'));
    await writeFile(jwksFileOf(dataDir), JSON.stringify({ keys: [jwk] }));
    await writeFile(cookieKeysFileOf(dataDir), JSON.stringify({ keys: ['kept-cookie-key'] }));
    const secrets = await loadOrCreateSecrets(db, dataDir);
    expect(secrets).toEqual({ jwks: { keys: [jwk] }, cookieKeys: ['kept-cookie-key'] });
    await rm(path.join(dataDir, 'oidc'), { recursive: true });
    expect(await loadOrCreateSecrets(db, dataDir)).toEqual(secrets);
  });

  test('survive a restart: old tokens verify, refresh tokens and sessions still work', async () => {
    const before: TestServer = await startTestServer();
    cleanups.push(() => before.close());
    const jar = new CookieJar();
    const tokens = await signIn(before.url, 'alice', 'portico', { jar });
    const kid = (await readProviderJwks(before.db)).keys[0]!.kid;
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
