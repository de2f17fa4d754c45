import { randomUUID } from 'node:crypto';
import {
  type ErrorBody,
  FILE_DOWNLOAD_AUDIT_ACTION,
  type PublishedFileCount,
  type PublishedFileList,
} from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_SITES } from '../db/seed/demo-data.ts';
import { signIn } from '../testing/sign-in.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { demoUserId, mintAccessToken } from '../testing/tokens.ts';

// Starting a server migrates, seeds and renders the demo PDFs, and stopping one drops its database: both are slow
// on a busy 2-core runner.
const SERVER_TIMEOUT_MS = 60_000;
let server: TestServer;
const tokens: Record<string, string> = {};
const siteIds: Record<string, string> = {};

const get = async <T>(path: string, token?: string) => {
  const response = await fetch(`${server.url}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const type = response.headers.get('content-type');
  return { status: response.status, type, body: (await response.json()) as T };
};
const publishedFiles = <T = PublishedFileList>(token: string, query: string, tenant = 'acme') =>
  get<T>(`/t/${tenant}/file-management/api/files/published-files?${query}`, token);
const count = (token: string, siteId: string, tenant = 'acme') =>
  publishedFiles<PublishedFileCount>(token, `count=true&siteId=${siteId}`, tenant);
const errorCode = (body: unknown) => (body as ErrorBody).error.code;
const demoSite = (reference: string) => DEMO_SITES.find((s) => s.reference === reference)!;

beforeAll(async () => {
  server = await startTestServer();
  for (const user of ['alice', 'bob', 'carol', 'dave']) {
    tokens[user] = (await signIn(server.url, user, DEMO_PASSWORD)).accessToken;
  }
  const { rows } = await server.db.query<{ id: string; reference: string }>(
    'SELECT id, reference FROM sites',
  );
  for (const row of rows) siteIds[row.reference] = row.id;
}, SERVER_TIMEOUT_MS);
afterAll(() => server?.close(), SERVER_TIMEOUT_MS);

describe('GET published-files?count=true (the Published Files badge)', () => {
  it('counts the published files of each site as the demo seeded them', async () => {
    expect(await count(tokens.bob!, siteIds['ACME-1001']!)).toEqual({
      status: 200,
      type: 'application/json; charset=utf-8',
      body: { count: 3 },
    });
    expect((await count(tokens.alice!, siteIds['ACME-1002']!)).body).toEqual({ count: 2 });
    for (const site of DEMO_SITES) {
      const token = site.tenant === 'acme' ? tokens.carol! : tokens.dave!;
      expect((await count(token, siteIds[site.reference]!, site.tenant)).body).toEqual({
        count: site.published.length,
      });
    }
  });

  it('leaves out deleted and submitted files', async () => {
    const site = siteIds['ACME-1001']!;
    for (const [direction, deleted] of [
      ['published', true],
      ['submitted', false],
    ] as const) {
      await server.db.query(
        `INSERT INTO files (tenant_code, site_id, direction, title, file_name, content_type, size, sha256, blob_key, deleted_at)
         VALUES ('acme', $1, $2, 'Not counted', 'x.txt', 'text/plain', 1, $3, $4, $5)`,
        [site, direction, 'b'.repeat(64), `test/${randomUUID()}`, deleted ? new Date() : null],
      );
    }
    try {
      expect((await count(tokens.bob!, site)).body).toEqual({ count: 3 });
    } finally {
      await server.db.query("DELETE FROM files WHERE title = 'Not counted'");
    }
  });
});

describe('GET published-files (the Published Files table)', () => {
  it('lists a site’s published files, newest first, with what the table shows', async () => {
    const { status, type, body } = await publishedFiles(tokens.bob!, `siteId=${siteIds['ACME-1001']}`);
    expect([status, type]).toEqual([200, 'application/json; charset=utf-8']);
    expect(body.totalRecordCount).toBe(3);
    const expected = [...demoSite('ACME-1001').published].sort((a, b) => a.daysAgo - b.daysAgo);
    expect(body.records.map((f) => [f.title, f.fileName])).toEqual(
      expected.map((d) => [d.title, d.fileName]),
    );
    for (const file of body.records) {
      expect(file).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        siteId: siteIds['ACME-1001'],
        title: expect.any(String),
        fileName: expect.any(String),
        contentType: 'application/pdf',
        size: expect.any(Number),
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        isNew: true,
      });
      expect(file.size).toBeGreaterThan(500);
    }
  });

  it('sorts by an allowed column in either order and pages', async () => {
    const site = `siteId=${siteIds['ACME-1001']}`;
    const titles = async (query: string) =>
      (await publishedFiles(tokens.bob!, `${site}&${query}`)).body.records.map((f) => f.title);
    expect(await titles('sortBy=title&sortOrder=asc')).toEqual([
      'Annual accounts 2025',
      'Engagement letter 2026',
      'VAT return Q3',
    ]);
    expect(await titles('sortBy=title&sortOrder=desc')).toEqual([
      'VAT return Q3',
      'Engagement letter 2026',
      'Annual accounts 2025',
    ]);
    expect(await titles('sortBy=fileName&sortOrder=asc')).toEqual([
      'Annual accounts 2025',
      'Engagement letter 2026',
      'VAT return Q3',
    ]);
    expect(await titles('sortBy=createdAt&sortOrder=asc')).toEqual([
      'Engagement letter 2026',
      'Annual accounts 2025',
      'VAT return Q3',
    ]);
    const bySize = (await publishedFiles(tokens.bob!, `${site}&sortBy=size&sortOrder=asc`)).body.records;
    expect(bySize.map((f) => f.size)).toEqual([...bySize.map((f) => f.size)].sort((a, b) => a - b));

    const page = await publishedFiles(tokens.bob!, `${site}&sortBy=title&sortOrder=asc&limit=2&offset=2`);
    expect(page.body.totalRecordCount).toBe(3);
    expect(page.body.records.map((f) => f.title)).toEqual(['VAT return Q3']);
  });

  it('searches title and file name as plain text, and counts what it finds', async () => {
    const site = `siteId=${siteIds['ACME-1001']}`;
    const titles = async (search: string) =>
      (await publishedFiles(tokens.bob!, `${site}&search=${encodeURIComponent(search)}`)).body.records.map(
        (f) => f.title,
      );
    expect(await titles('vat')).toEqual(['VAT return Q3']);
    expect(await titles('Q3 2026.PDF')).toEqual(['VAT return Q3']);
    expect(await titles('%')).toEqual([]);
    expect(await titles('_')).toEqual([]);
    expect(await titles("' OR 1=1 --")).toEqual([]);
    expect(
      (await publishedFiles<PublishedFileCount>(tokens.bob!, `${site}&count=true&search=letter`)).body,
    ).toEqual({
      count: 1,
    });
  });

  it('filters by a range of YYYY-MM-DD days, both ends included', async () => {
    const site = `siteId=${siteIds['ACME-1001']}`;
    const all = (await publishedFiles(tokens.bob!, site)).body.records;
    const annual = all.find((f) => f.title === 'Annual accounts 2025')!;
    const day = annual.createdAt.slice(0, 10);
    const oneDay = await publishedFiles(tokens.bob!, `${site}&from=${day}&to=${day}`);
    expect(oneDay.body.records.map((f) => f.title)).toEqual(['Annual accounts 2025']);
    const since = await publishedFiles(tokens.bob!, `${site}&from=${day}`);
    expect(since.body.records.map((f) => f.title)).toEqual(['VAT return Q3', 'Annual accounts 2025']);
    const until = await publishedFiles(tokens.bob!, `${site}&to=${day}`);
    expect(until.body.records.map((f) => f.title)).toEqual([
      'Annual accounts 2025',
      'Engagement letter 2026',
    ]);
    expect((await publishedFiles(tokens.bob!, `${site}&from=2000-01-01&to=2000-12-31`)).body).toEqual({
      records: [],
      totalRecordCount: 0,
    });
  });

  it('refuses what it cannot answer with 400 request.invalid, never a 500', async () => {
    const site = `siteId=${siteIds['ACME-1001']}`;
    for (const query of [
      '',
      'siteId=not-a-uuid',
      `${site}&sortBy=blob_key`,
      `${site}&sortBy=${encodeURIComponent('title; DROP TABLE files')}`,
      `${site}&sortOrder=up`,
      `${site}&limit=1e9`,
      `${site}&limit=0`,
      `${site}&offset=-1`,
      `${site}&count=maybe`,
      `${site}&from=2026-13-01`,
      `${site}&from=2026-02-30`,
      `${site}&from=26-01-01`,
      `${site}&from=0000-01-01`,
      `${site}&to=2026-1-1`,
      `${site}&from=2026-03-02&to=2026-03-01`,
      `${site}&search=%00`,
      `${site}&search=${'x'.repeat(201)}`,
      `${site}&unknown=1`,
    ]) {
      const answer = await publishedFiles(tokens.bob!, query);
      expect({ query, status: answer.status, code: errorCode(answer.body) }).toEqual({
        query,
        status: 400,
        code: 'request.invalid',
      });
    }
  });

  it('marks a file new until the caller has downloaded it', async () => {
    const site = `siteId=${siteIds['ACME-1001']}`;
    const vat = (await publishedFiles(tokens.bob!, `${site}&search=vat`)).body.records[0]!;
    await server.db.query(
      "INSERT INTO audit_events (tenant_code, site_id, user_id, action, file_id) VALUES ('acme', $1, $2, $3, $4)",
      [siteIds['ACME-1001'], await demoUserId(server, 'bob'), FILE_DOWNLOAD_AUDIT_ACTION, vat.id],
    );
    try {
      const bob = (await publishedFiles(tokens.bob!, site)).body.records;
      expect(bob.map((f) => [f.title, f.isNew])).toEqual([
        ['VAT return Q3', false],
        ['Annual accounts 2025', true],
        ['Engagement letter 2026', true],
      ]);
      const carol = (await publishedFiles(tokens.carol!, site)).body.records;
      expect(carol.every((f) => f.isNew)).toBe(true);
    } finally {
      await server.db.query('DELETE FROM audit_events WHERE file_id = $1', [vat.id]);
    }
  });
});

describe('portalFilesView', () => {
  it("turned off for a site, refuses that site's clients with 403 settings.forbidden, not the firm's staff", async () => {
    const site = siteIds['ACME-1001']!;
    // Seen once as it was, then changed as the firm's staff change it: the change bites on the very next call.
    expect((await publishedFiles(tokens.bob!, `siteId=${site}`)).status).toBe(200);
    const siteSettings = (method: string, body?: unknown) =>
      fetch(`${server.url}/t/acme/portal/api/staff/sites/${site}/file-area-settings`, {
        method,
        headers: {
          authorization: `Bearer ${tokens.carol}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    expect((await siteSettings('PATCH', { portalFilesView: false })).status).toBe(200);
    try {
      for (const query of [`count=true&siteId=${site}`, `siteId=${site}`]) {
        const bob = await publishedFiles(tokens.bob!, query);
        expect([bob.status, errorCode(bob.body)]).toEqual([403, 'settings.forbidden']);
        expect((await publishedFiles(tokens.carol!, query)).status).toBe(200);
      }
      // The override is the site's alone.
      expect((await count(tokens.alice!, siteIds['ACME-1002']!)).body).toEqual({ count: 2 });
    } finally {
      expect((await siteSettings('DELETE')).status).toBe(200);
    }
    expect((await count(tokens.bob!, site)).body).toEqual({ count: 3 });
  });
});

describe('isolation of the file-management service', () => {
  it("answers 404 for another client's site, exactly as for a missing one", async () => {
    for (const form of ['count=true&', '']) {
      const other = await publishedFiles(tokens.bob!, `${form}siteId=${siteIds['ACME-1002']}`);
      const missing = await publishedFiles(tokens.bob!, `${form}siteId=${randomUUID()}`);
      expect([other.status, errorCode(other.body)]).toEqual([404, 'sites.not_found']);
      expect(other.body).toEqual(missing.body);
    }
  });

  it("answers 404 for another tenant's site under /t/acme, even to someone who sees it in its own tenant", async () => {
    const globexSite = siteIds['GLX-2001']!;
    expect((await count(tokens.alice!, globexSite, 'globex')).body).toEqual({ count: 2 });
    for (const token of [tokens.alice!, tokens.carol!]) {
      const crossed = await count(token, globexSite, 'acme');
      expect([crossed.status, errorCode(crossed.body)]).toEqual([404, 'sites.not_found']);
    }
  });

  it('answers 401 without a token, 403 to another tenant and 403 to a user without a role', async () => {
    const path = `/t/acme/file-management/api/files/published-files?count=true&siteId=${siteIds['ACME-1001']}`;
    const anonymous = await get(path);
    expect([anonymous.status, errorCode(anonymous.body)]).toEqual([401, 'auth.token_missing']);
    const globex = await get(path, tokens.dave);
    expect([globex.status, errorCode(globex.body)]).toEqual([403, 'auth.tenant_forbidden']);
    const noRole = await mintAccessToken(server, {
      sub: await demoUserId(server, 'dave'),
      tid: ['acme', 'globex'],
    });
    const forbidden = await get(path, noRole);
    expect([forbidden.status, errorCode(forbidden.body)]).toEqual([403, 'auth.forbidden']);
  });
});
