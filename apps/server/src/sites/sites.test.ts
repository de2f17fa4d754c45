import { randomUUID } from 'node:crypto';
import {
  DEFAULT_FILE_AREA_SETTINGS,
  FILE_AREA_SETTING_KEYS,
  type SiteList,
  type SiteRecordCount,
} from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_FILE_AREA_SETTINGS, DEMO_SITES } from '../db/seed/demo-data.ts';
import { type ApiClient, errorCode, useTestApi } from '../testing/api.ts';

const api = useTestApi();
const sites = (client: ApiClient, query = '') => client.get<SiteList>(`/t/acme/portal/api/sites${query}`);
const recordCount = (client: ApiClient, siteId: string, tenant = 'acme') =>
  client.get<SiteRecordCount>(`/t/${tenant}/portal/api/sites/${siteId}/record-count`);
const published = (reference: string) => DEMO_SITES.find((s) => s.reference === reference)!.published.length;

describe('GET /t/:tenant/portal/api/sites', () => {
  it('shows a client only the sites they are a member of', async () => {
    const bob = await sites(api.as('bob'));
    expect(bob.status).toBe(200);
    expect(bob.body.totalRecordCount).toBe(1);
    expect(bob.body.records.map((s) => s.reference)).toEqual(['ACME-1001']);
    expect(bob.body.records[0]).toMatchObject({ id: api.siteId('ACME-1001'), name: "Bob's Bakery Ltd" });

    const aliceAcme = await sites(api.as('alice'));
    expect(aliceAcme.body.records.map((s) => s.reference)).toEqual(['ACME-1002']);
    const aliceGlobex = await api.as('alice').get<SiteList>('/t/globex/portal/api/sites');
    expect(aliceGlobex.body.records.map((s) => s.reference)).toEqual(['GLX-2001']);
  });

  it("shows staff all of their firm's sites, sorted by name, and pages them", async () => {
    const all = await sites(api.as('carol'));
    expect(all.body.totalRecordCount).toBe(3);
    expect(all.body.records.map((s) => s.name)).toEqual([
      'Alice Smith — Personal Tax',
      "Bob's Bakery Ltd",
      'Northwind Traders',
    ]);

    const second = await sites(api.as('carol'), '?limit=1&offset=1');
    expect(second.body).toMatchObject({ totalRecordCount: 3 });
    expect(second.body.records.map((s) => s.name)).toEqual(["Bob's Bakery Ltd"]);

    const beyond = await sites(api.as('carol'), '?limit=10&offset=50');
    expect(beyond.body).toEqual({ records: [], totalRecordCount: 3 });
  });

  it('answers 10 sites per page by default', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `Zz paging ${String(i).padStart(2, '0')}`);
    for (const name of names) {
      await api.db.query("INSERT INTO sites (tenant_code, name, reference) VALUES ('acme', $1, 'PAGING')", [
        name,
      ]);
    }
    try {
      const page = await sites(api.as('carol'), '?search=paging');
      expect(page.body.totalRecordCount).toBe(12);
      expect(page.body.records.map((s) => s.name)).toEqual(names.slice(0, 10));
    } finally {
      await api.db.query("DELETE FROM sites WHERE reference = 'PAGING'");
    }
  });

  it('searches name and reference case-insensitively, as plain text', async () => {
    const byName = await sites(api.as('carol'), '?search=BAKERY');
    expect(byName.body.records.map((s) => s.reference)).toEqual(['ACME-1001']);
    const byReference = await sites(api.as('carol'), '?search=acme-1003');
    expect(byReference.body.records.map((s) => s.name)).toEqual(['Northwind Traders']);
    const apostrophe = await sites(api.as('carol'), `?search=${encodeURIComponent("Bob's")}`);
    expect(apostrophe.body.records.map((s) => s.reference)).toEqual(['ACME-1001']);
    // A client's search never reaches beyond their own sites.
    const bob = await sites(api.as('bob'), '?search=northwind');
    expect(bob.body).toEqual({ records: [], totalRecordCount: 0 });

    for (const attempt of ["' OR '1'='1", '"; DROP TABLE sites; --', '\\']) {
      const answer = await sites(api.as('carol'), `?search=${encodeURIComponent(attempt)}`);
      expect(answer.status).toBe(200);
      expect(answer.body.totalRecordCount).toBe(0);
    }
  });

  it('treats %, _ and \\ in a search as the characters themselves', async () => {
    await api.db.query(
      `INSERT INTO sites (tenant_code, name, reference) VALUES
         ('acme', '100% Organic', 'PCT'), ('acme', 'snake_case Ltd', 'UND'), ('acme', 'Back\\slash & Co', 'BSL')`,
    );
    try {
      const found = async (search: string) =>
        (await sites(api.as('carol'), `?search=${encodeURIComponent(search)}`)).body.records.map(
          (s) => s.reference,
        );
      expect(await found('%')).toEqual(['PCT']);
      expect(await found('0% o')).toEqual(['PCT']);
      expect(await found('_')).toEqual(['UND']);
      expect(await found('e_c')).toEqual(['UND']);
      expect(await found('\\')).toEqual(['BSL']);
      expect(await found('k\\s')).toEqual(['BSL']);
      expect(await found('%%')).toEqual([]);
    } finally {
      await api.db.query("DELETE FROM sites WHERE reference IN ('PCT', 'UND', 'BSL')");
    }
  });

  it('refuses out-of-range paging and bad searches with 400 request.invalid, never a 500', async () => {
    for (const query of [
      '?limit=1e9',
      '?limit=0',
      '?limit=101',
      '?limit=-1',
      '?limit=ten',
      '?limit=1.5',
      '?offset=-1',
      '?offset=1e12',
      '?offset=abc',
      `?search=${'x'.repeat(201)}`,
      '?search=%00',
      '?sortBy=name',
    ]) {
      const answer = await sites(api.as('carol'), query);
      expect({ query, status: answer.status, code: errorCode(answer.body) }).toEqual({
        query,
        status: 400,
        code: 'request.invalid',
      });
    }
    expect((await sites(api.as('carol'), `?search=${'x'.repeat(200)}`)).status).toBe(200);
  });

  it('hides archived sites', async () => {
    await api.db.query('UPDATE sites SET archived_at = now() WHERE id = $1', [api.siteId('ACME-1003')]);
    try {
      expect((await sites(api.as('carol'))).body.records.map((s) => s.reference)).toEqual([
        'ACME-1002',
        'ACME-1001',
      ]);
      const count = await recordCount(api.as('carol'), api.siteId('ACME-1003'));
      expect([count.status, errorCode(count.body)]).toEqual([404, 'sites.not_found']);
    } finally {
      await api.db.query('UPDATE sites SET archived_at = NULL WHERE id = $1', [api.siteId('ACME-1003')]);
    }
  });
});

describe('effective fileAreaSettings', () => {
  it('carries every flag: false by default, then the tenant defaults', async () => {
    const { body } = await sites(api.as('carol'));
    for (const site of body.records) {
      expect(Object.keys(site.fileAreaSettings).sort()).toEqual([...FILE_AREA_SETTING_KEYS].sort());
      expect(site.fileAreaSettings).toEqual({ ...DEFAULT_FILE_AREA_SETTINGS, ...DEMO_FILE_AREA_SETTINGS });
    }
  });

  it("lets a site override the tenant's flags it names, and only with booleans", async () => {
    const northwind = api.siteId('ACME-1003');
    await api.db.query(
      "INSERT INTO file_area_settings (tenant_code, site_id, settings) VALUES ('acme', $1, $2)",
      [
        northwind,
        JSON.stringify({
          urlFileUpload: true,
          internalFilesDelete: false,
          portalFilesView: 'no',
          injected: true,
        }),
      ],
    );
    try {
      const { body } = await sites(api.as('carol'));
      const bySite = Object.fromEntries(body.records.map((s) => [s.reference, s.fileAreaSettings]));
      expect(bySite['ACME-1003']).toEqual({
        ...DEFAULT_FILE_AREA_SETTINGS,
        ...DEMO_FILE_AREA_SETTINGS,
        urlFileUpload: true,
        internalFilesDelete: false,
      });
      expect(bySite['ACME-1003']).not.toHaveProperty('injected');
      expect(bySite['ACME-1001']).toEqual({ ...DEFAULT_FILE_AREA_SETTINGS, ...DEMO_FILE_AREA_SETTINGS });
    } finally {
      await api.db.query('DELETE FROM file_area_settings WHERE site_id = $1', [northwind]);
    }
  });

  it('is all false for a tenant with no settings row', async () => {
    await api.db.query(
      "UPDATE file_area_settings SET settings = '{}' WHERE tenant_code = 'globex' AND site_id IS NULL",
    );
    try {
      const { body } = await api.as('dave').get<SiteList>('/t/globex/portal/api/sites');
      expect(body.records.length).toBe(2);
      for (const site of body.records) expect(site.fileAreaSettings).toEqual(DEFAULT_FILE_AREA_SETTINGS);
    } finally {
      await api.db.query(
        "UPDATE file_area_settings SET settings = $1 WHERE tenant_code = 'globex' AND site_id IS NULL",
        [JSON.stringify(DEMO_FILE_AREA_SETTINGS)],
      );
    }
  });
});

describe('GET /t/:tenant/portal/api/sites/:siteId/record-count', () => {
  it('counts the files of each site as the demo seeded them', async () => {
    for (const reference of ['ACME-1001', 'ACME-1002', 'ACME-1003']) {
      const { status, body } = await recordCount(api.as('carol'), api.siteId(reference));
      expect(status).toBe(200);
      expect(body).toEqual({
        siteId: api.siteId(reference),
        publishedFileCount: published(reference),
        submittedFileCount: 0,
        totalRecordCount: published(reference),
      });
    }
    expect((await recordCount(api.as('bob'), api.siteId('ACME-1001'))).body.publishedFileCount).toBe(3);
  });

  it('counts submitted files and leaves deleted ones out', async () => {
    const site = api.siteId('ACME-1001');
    const insert = (direction: string, deleted: boolean) =>
      api.db.query(
        `INSERT INTO files (tenant_code, site_id, direction, title, file_name, content_type, size, sha256, blob_key, deleted_at)
         VALUES ('acme', $1, $2, 'Counted', 'counted.txt', 'text/plain', 1, $3, $4, $5)`,
        [site, direction, 'a'.repeat(64), `test/${randomUUID()}`, deleted ? new Date() : null],
      );
    await insert('submitted', false);
    await insert('submitted', false);
    await insert('submitted', true);
    await insert('published', true);
    try {
      expect((await recordCount(api.as('bob'), site)).body).toEqual({
        siteId: site,
        publishedFileCount: 3,
        submittedFileCount: 2,
        totalRecordCount: 5,
      });
    } finally {
      await api.db.query("DELETE FROM files WHERE title = 'Counted'");
    }
  });

  it("answers 404 for another client's site, exactly as for a missing one", async () => {
    const other = await recordCount(api.as('bob'), api.siteId('ACME-1002'));
    const missing = await recordCount(api.as('bob'), randomUUID());
    expect([other.status, errorCode(other.body)]).toEqual([404, 'sites.not_found']);
    expect(other.body).toEqual(missing.body);
  });

  it("answers 404 for another tenant's site, even to someone who sees it there", async () => {
    const globexSite = api.siteId('GLX-2001');
    expect((await recordCount(api.as('alice'), globexSite, 'globex')).status).toBe(200);
    const crossed = await recordCount(api.as('alice'), globexSite, 'acme');
    expect([crossed.status, errorCode(crossed.body)]).toEqual([404, 'sites.not_found']);
    const staff = await recordCount(api.as('carol'), globexSite, 'acme');
    expect([staff.status, errorCode(staff.body)]).toEqual([404, 'sites.not_found']);
  });

  it('refuses a site id that is not a UUID with 400', async () => {
    for (const id of ['1', "x' OR '1'='1", '00000000-0000-0000-0000-00000000000g']) {
      const answer = await recordCount(api.as('carol'), encodeURIComponent(id));
      expect([answer.status, errorCode(answer.body)]).toEqual([400, 'request.invalid']);
    }
  });
});

describe('isolation of the portal service', () => {
  const paths = () => [
    '/t/acme/portal/api/sites',
    `/t/acme/portal/api/sites/${api.siteId('ACME-1001')}/record-count`,
  ];

  it('answers 401 without a token', async () => {
    for (const path of paths())
      expect([path, errorCode((await api.anonymous.get(path)).body)]).toEqual([path, 'auth.token_missing']);
  });

  it('answers 403 auth.tenant_forbidden to a token whose tid does not list the tenant', async () => {
    for (const client of [api.as('dave'), api.as('alice', { tenants: ['globex'] })]) {
      for (const path of paths()) {
        const answer = await client.get(path);
        expect([path, answer.status, errorCode(answer.body)]).toEqual([path, 403, 'auth.tenant_forbidden']);
      }
    }
  });

  it('answers 403 auth.forbidden to a user the token lists acme for but who has no role there', async () => {
    for (const path of paths()) {
      const answer = await api.as('dave', { tenants: ['acme', 'globex'] }).get(path);
      expect([path, answer.status, errorCode(answer.body)]).toEqual([path, 403, 'auth.forbidden']);
    }
  });
});
