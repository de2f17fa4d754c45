import { randomUUID } from 'node:crypto';
import {
  FILE_DOWNLOAD_AUDIT_ACTION,
  type PublishedFileCount,
  type PublishedFileList,
  UNCLASSIFIED_PUBLISHED,
} from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_SITES } from '../db/seed/demo-data.ts';
import { type ApiClient, errorCode, useTestApi } from '../testing/api.ts';

const api = useTestApi();
const publishedFiles = <T = PublishedFileList>(client: ApiClient, query: string, tenant = 'acme') =>
  client.get<T>(`/t/${tenant}/file-management/api/files/published-files?${query}`);
const count = (client: ApiClient, siteId: string, tenant = 'acme') =>
  publishedFiles<PublishedFileCount>(client, `count=true&siteId=${siteId}`, tenant);
const demoSite = (reference: string) => DEMO_SITES.find((s) => s.reference === reference)!;

describe('GET published-files?count=true (the Published Files badge)', () => {
  it('counts the published files of each site as the demo seeded them', async () => {
    const { status, type, body } = await count(api.as('bob'), api.siteId('ACME-1001'));
    expect({ status, type, body }).toEqual({
      status: 200,
      type: 'application/json; charset=utf-8',
      body: { count: 3 },
    });
    expect((await count(api.as('alice'), api.siteId('ACME-1002'))).body).toEqual({ count: 2 });
    for (const site of DEMO_SITES) {
      const staff = site.tenant === 'acme' ? api.as('carol') : api.as('dave');
      expect((await count(staff, api.siteId(site.reference), site.tenant)).body).toEqual({
        count: site.published.length,
      });
    }
  });

  it('leaves out deleted and submitted files', async () => {
    const site = api.siteId('ACME-1001');
    for (const [direction, deleted] of [
      ['published', true],
      ['submitted', false],
    ] as const) {
      await api.db.query(
        `INSERT INTO files (tenant_code, site_id, direction, title, file_name, content_type, size, sha256, blob_key, deleted_at)
         VALUES ('acme', $1, $2, 'Not counted', 'x.txt', 'text/plain', 1, $3, $4, $5)`,
        [site, direction, 'b'.repeat(64), `test/${randomUUID()}`, deleted ? new Date() : null],
      );
    }
    try {
      expect((await count(api.as('bob'), site)).body).toEqual({ count: 3 });
    } finally {
      await api.db.query("DELETE FROM files WHERE title = 'Not counted'");
    }
  });
});

describe('GET published-files (the Published Files table)', () => {
  it('lists a site’s published files, newest first, with what the table shows', async () => {
    const { status, type, body } = await publishedFiles(api.as('bob'), `siteId=${api.siteId('ACME-1001')}`);
    expect([status, type]).toEqual([200, 'application/json; charset=utf-8']);
    expect(body.totalRecordCount).toBe(3);
    const expected = [...demoSite('ACME-1001').published].sort((a, b) => a.daysAgo - b.daysAgo);
    expect(body.records.map((f) => [f.title, f.fileName])).toEqual(
      expected.map((d) => [d.title, d.fileName]),
    );
    for (const file of body.records) {
      expect(file).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        siteId: api.siteId('ACME-1001'),
        title: expect.any(String),
        fileName: expect.any(String),
        contentType: 'application/pdf',
        size: expect.any(Number),
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        isNew: true,
        folderId: null,
        version: 1,
        checkedOutBy: null,
        ...UNCLASSIFIED_PUBLISHED,
      });
      expect(file.size).toBeGreaterThan(500);
    }
  });

  it('sorts by an allowed column in either order and pages', async () => {
    const site = `siteId=${api.siteId('ACME-1001')}`;
    const titles = async (query: string) =>
      (await publishedFiles(api.as('bob'), `${site}&${query}`)).body.records.map((f) => f.title);
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
    const bySize = (await publishedFiles(api.as('bob'), `${site}&sortBy=size&sortOrder=asc`)).body.records;
    expect(bySize.map((f) => f.size)).toEqual([...bySize.map((f) => f.size)].sort((a, b) => a - b));

    const page = await publishedFiles(api.as('bob'), `${site}&sortBy=title&sortOrder=asc&limit=2&offset=2`);
    expect(page.body.totalRecordCount).toBe(3);
    expect(page.body.records.map((f) => f.title)).toEqual(['VAT return Q3']);
  });

  it('searches title and file name as plain text, and counts what it finds', async () => {
    const site = `siteId=${api.siteId('ACME-1001')}`;
    const titles = async (search: string) =>
      (await publishedFiles(api.as('bob'), `${site}&search=${encodeURIComponent(search)}`)).body.records.map(
        (f) => f.title,
      );
    expect(await titles('vat')).toEqual(['VAT return Q3']);
    expect(await titles('Q3 2026.PDF')).toEqual(['VAT return Q3']);
    expect(await titles('%')).toEqual([]);
    expect(await titles('_')).toEqual([]);
    expect(await titles("' OR 1=1 --")).toEqual([]);
    expect(
      (await publishedFiles<PublishedFileCount>(api.as('bob'), `${site}&count=true&search=letter`)).body,
    ).toEqual({
      count: 1,
    });
  });

  it('filters by a range of YYYY-MM-DD days, both ends included', async () => {
    const site = `siteId=${api.siteId('ACME-1001')}`;
    const all = (await publishedFiles(api.as('bob'), site)).body.records;
    const annual = all.find((f) => f.title === 'Annual accounts 2025')!;
    const day = annual.createdAt.slice(0, 10);
    const oneDay = await publishedFiles(api.as('bob'), `${site}&from=${day}&to=${day}`);
    expect(oneDay.body.records.map((f) => f.title)).toEqual(['Annual accounts 2025']);
    const since = await publishedFiles(api.as('bob'), `${site}&from=${day}`);
    expect(since.body.records.map((f) => f.title)).toEqual(['VAT return Q3', 'Annual accounts 2025']);
    const until = await publishedFiles(api.as('bob'), `${site}&to=${day}`);
    expect(until.body.records.map((f) => f.title)).toEqual([
      'Annual accounts 2025',
      'Engagement letter 2026',
    ]);
    expect((await publishedFiles(api.as('bob'), `${site}&from=2000-01-01&to=2000-12-31`)).body).toEqual({
      records: [],
      totalRecordCount: 0,
    });
  });

  it('refuses what it cannot answer with 400 request.invalid, never a 500', async () => {
    const site = `siteId=${api.siteId('ACME-1001')}`;
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
      const answer = await publishedFiles(api.as('bob'), query);
      expect({ query, status: answer.status, code: errorCode(answer.body) }).toEqual({
        query,
        status: 400,
        code: 'request.invalid',
      });
    }
  });

  it('marks a file new until the caller has downloaded it', async () => {
    const site = `siteId=${api.siteId('ACME-1001')}`;
    const vat = (await publishedFiles(api.as('bob'), `${site}&search=vat`)).body.records[0]!;
    await api.db.query(
      "INSERT INTO audit_events (tenant_code, site_id, user_id, action, file_id) VALUES ('acme', $1, $2, $3, $4)",
      [api.siteId('ACME-1001'), await api.userId('bob'), FILE_DOWNLOAD_AUDIT_ACTION, vat.id],
    );
    try {
      const bob = (await publishedFiles(api.as('bob'), site)).body.records;
      expect(bob.map((f) => [f.title, f.isNew])).toEqual([
        ['VAT return Q3', false],
        ['Annual accounts 2025', true],
        ['Engagement letter 2026', true],
      ]);
      const carol = (await publishedFiles(api.as('carol'), site)).body.records;
      expect(carol.every((f) => f.isNew)).toBe(true);
    } finally {
      await api.db.query('DELETE FROM audit_events WHERE file_id = $1', [vat.id]);
    }
  });
});

describe('portalFilesView', () => {
  it("turned off for a site, refuses that site's clients with 403 settings.forbidden, not the firm's staff", async () => {
    const site = api.siteId('ACME-1001');
    // Seen once as it was, then changed as the firm's staff change it: the change bites on the very next call.
    expect((await publishedFiles(api.as('bob'), `siteId=${site}`)).status).toBe(200);
    const siteSettings = (method: string, body?: unknown) =>
      api.as('carol').request(method, `/t/acme/portal/api/staff/sites/${site}/file-area-settings`, body);
    expect((await siteSettings('PATCH', { portalFilesView: false })).status).toBe(200);
    try {
      for (const query of [`count=true&siteId=${site}`, `siteId=${site}`]) {
        const bob = await publishedFiles(api.as('bob'), query);
        expect([bob.status, errorCode(bob.body)]).toEqual([403, 'settings.forbidden']);
        expect((await publishedFiles(api.as('carol'), query)).status).toBe(200);
      }
      // The override is the site's alone.
      expect((await count(api.as('alice'), api.siteId('ACME-1002'))).body).toEqual({ count: 2 });
    } finally {
      expect((await siteSettings('DELETE')).status).toBe(200);
    }
    expect((await count(api.as('bob'), site)).body).toEqual({ count: 3 });
  });
});

describe('isolation of the file-management service', () => {
  it("answers 404 for another client's site, exactly as for a missing one", async () => {
    for (const form of ['count=true&', '']) {
      const other = await publishedFiles(api.as('bob'), `${form}siteId=${api.siteId('ACME-1002')}`);
      const missing = await publishedFiles(api.as('bob'), `${form}siteId=${randomUUID()}`);
      expect([other.status, errorCode(other.body)]).toEqual([404, 'sites.not_found']);
      expect(other.body).toEqual(missing.body);
    }
  });

  it("answers 404 for another tenant's site under /t/acme, even to someone who sees it in its own tenant", async () => {
    const globexSite = api.siteId('GLX-2001');
    expect((await count(api.as('alice'), globexSite, 'globex')).body).toEqual({ count: 2 });
    for (const client of [api.as('alice'), api.as('carol')]) {
      const crossed = await count(client, globexSite, 'acme');
      expect([crossed.status, errorCode(crossed.body)]).toEqual([404, 'sites.not_found']);
    }
  });

  it('answers 401 without a token, 403 to another tenant and 403 to a user without a role', async () => {
    const path = `/t/acme/file-management/api/files/published-files?count=true&siteId=${api.siteId('ACME-1001')}`;
    const anonymous = await api.anonymous.get(path);
    expect([anonymous.status, errorCode(anonymous.body)]).toEqual([401, 'auth.token_missing']);
    const globex = await api.as('dave').get(path);
    expect([globex.status, errorCode(globex.body)]).toEqual([403, 'auth.tenant_forbidden']);
    const forbidden = await api.as('dave', { tenants: ['acme', 'globex'] }).get(path);
    expect([forbidden.status, errorCode(forbidden.body)]).toEqual([403, 'auth.forbidden']);
  });
});
