import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hashPassword } from '../idp/password.ts';
import {
  followRedirects,
  openLoginPage,
  redeemCallback,
  refreshTokens,
  submitLogin,
  type Tokens,
} from '../testing/sign-in.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { loggableUrl } from './logging.ts';

/**
 * Everything the server logs during a whole session, at the most talkative level, with the logger the server runs
 * with (redaction and serializers included): sign-in through the embedded provider, the code at the callback,
 * an upload, a download, a token refresh and a sign-out with an ID token hint. No token, password, code or file
 * byte may appear in any line.
 */
const PASSWORD = `Pw-${randomUUID()}`;
const WRONG_PASSWORD = `Wrong-${randomUUID()}`;
const FILE_MARKER = `FILE-CONTENT-${randomUUID()}`;

let server: TestServer;
const lines: string[] = [];
const secrets: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer(
    { LOG_LEVEL: 'trace' },
    { logger: { level: 'trace', stream: { write: (line: string) => lines.push(line) } } },
  );
  await server.db.query("UPDATE idp_accounts SET password_hash = $1 WHERE username = 'bob'", [
    await hashPassword(PASSWORD),
  ]);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('the log of a whole session', () => {
  test('has request lines, and no token, password, code, secret link or file content', async () => {
    const { url } = server;
    // A wrong password first, then the right one.
    const refused = await openLoginPage(url);
    await submitLogin(refused, 'bob', WRONG_PASSWORD);
    const page = await openLoginPage(url);
    const login = await submitLogin(page, 'bob', PASSWORD);
    const landed = await followRedirects(page.flow, login.location!);
    const callbackUrl = landed.callbackUrl!;
    secrets.code = new URL(callbackUrl).searchParams.get('code')!;
    // The browser loads the portal at its callback address, code in the query.
    await (await fetch(callbackUrl)).text();
    const tokens: Tokens = await redeemCallback(page.flow, callbackUrl);
    secrets.accessToken = tokens.accessToken;
    secrets.idToken = tokens.idToken;
    secrets.refreshToken = tokens.refreshToken!;
    secrets.codeVerifier = page.flow.codeVerifier;
    const bearer = { authorization: `Bearer ${tokens.accessToken}` };

    const sites = (await (await fetch(`${url}/t/acme/portal/api/sites`, { headers: bearer })).json()) as {
      records: { id: string }[];
    };
    const siteId = sites.records[0]!.id;
    const form = new FormData();
    form.append('siteId', siteId);
    form.append('file', new Blob([FILE_MARKER.repeat(1000)], { type: 'text/plain' }), 'notes.txt');
    const upload = await fetch(`${url}/t/acme/file-storage/api/files`, {
      method: 'POST',
      headers: bearer,
      body: form,
    });
    expect(upload.status).toBe(201);
    const published = (await (
      await fetch(`${url}/t/acme/file-management/api/files/published-files?siteId=${siteId}`, {
        headers: bearer,
      })
    ).json()) as { records: { id: string }[] };
    const download = await fetch(
      `${url}/t/acme/file-management/api/files/published-files/${published.records[0]!.id}`,
      { headers: bearer },
    );
    expect(download.status).toBe(200);
    await download.arrayBuffer();

    const refreshed = await refreshTokens(url, tokens.refreshToken!);
    secrets.refreshedAccessToken = refreshed.accessToken;
    secrets.refreshedRefreshToken = refreshed.refreshToken!;
    // A bad token is refused, and logged without itself.
    secrets.badToken = `${tokens.accessToken.slice(0, -8)}AAAAAAAA`;
    expect(
      (
        await fetch(`${url}/t/acme/portal/api/sites`, {
          headers: { authorization: `Bearer ${secrets.badToken}` },
        })
      ).status,
    ).toBe(401);
    // Sign-out carries the ID token in its query.
    await (
      await fetch(`${url}/oidc/session/end?id_token_hint=${tokens.idToken}&client_id=portico-portal`)
    ).text();
    await new Promise((resolve) => setTimeout(resolve, 200));

    const log = lines.join('');
    expect(log).toContain('"url":"/t/acme/file-storage/api/files"');
    expect(log).toContain('code=redacted');
    for (const [name, secret] of Object.entries(secrets)) {
      expect(log.includes(secret), `${name} is in the log`).toBe(false);
      // Nor the signature part of a token alone.
      const signature = secret.split('.')[2];
      if (signature) expect(log.includes(signature), `the signature of ${name} is in the log`).toBe(false);
    }
    for (const [name, secret] of Object.entries({ PASSWORD, WRONG_PASSWORD, FILE_MARKER })) {
      expect(log.includes(secret), `${name} is in the log`).toBe(false);
    }
  });

  test('secret query parameters lose their values and nothing else changes', () => {
    expect(loggableUrl('/login/callback?code=abc&state=xyz&iss=http%3A%2F%2Fx')).toBe(
      '/login/callback?code=redacted&state=xyz&iss=http%3A%2F%2Fx',
    );
    expect(loggableUrl('/oidc/session/end?id_token_hint=eyJ.x.y')).toBe(
      '/oidc/session/end?id_token_hint=redacted',
    );
    expect(loggableUrl('/t/acme/portal/api/sites?limit=10')).toBe('/t/acme/portal/api/sites?limit=10');
  });
});
