import { randomUUID } from 'node:crypto';
import type { SiteList, SiteMember, SiteMemberList, StaffSite, StaffSiteList } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_SITES } from '../db/seed/demo-data.ts';
import { type ApiClient, errorCode, useTestApi } from '../testing/api.ts';
import { expectStaffOnly } from '../testing/staff-access.ts';

const api = useTestApi();
const staffSites = (query = '', client = api.as('carol')) =>
  client.get<StaffSiteList>(`/t/acme/portal/api/staff/sites${query}`);
const clientSites = (client: ApiClient) => client.get<SiteList>('/t/acme/portal/api/sites?limit=100');
const members = (siteId: string) =>
  api.as('carol').get<SiteMemberList>(`/t/acme/portal/api/staff/sites/${siteId}/members`);
const addMember = (siteId: string, body: unknown) =>
  api.as('carol').post<SiteMember>(`/t/acme/portal/api/staff/sites/${siteId}/members`, body);
const patchSite = (siteId: string, body: unknown) =>
  api.as('carol').patch<StaffSite>(`/t/acme/portal/api/staff/sites/${siteId}`, body);
const published = (reference: string) => DEMO_SITES.find((s) => s.reference === reference)!.published.length;

describe('GET portal/api/staff/sites', () => {
  it("lists the firm's sites by name with their member and file counts", async () => {
    const { status, body } = await staffSites();
    expect(status).toBe(200);
    expect(body.totalRecordCount).toBe(3);
    expect(
      body.records.map((s) => [s.reference, s.memberCount, s.publishedFileCount, s.submittedFileCount]),
    ).toEqual([
      ['ACME-1002', 1, published('ACME-1002'), 0],
      ['ACME-1001', 1, published('ACME-1001'), 0],
      ['ACME-1003', 0, published('ACME-1003'), 0],
    ]);
    expect(body.records[0]).toMatchObject({
      archived: false,
      archivedAt: null,
      id: api.siteId('ACME-1002'),
    });
  });

  it('searches, sorts and pages', async () => {
    expect((await staffSites('?search=BAKERY')).body.records.map((s) => s.reference)).toEqual(['ACME-1001']);
    expect(
      (await staffSites('?search=acme-100&sortBy=reference&sortOrder=desc')).body.records.map(
        (s) => s.reference,
      ),
    ).toEqual(['ACME-1003', 'ACME-1002', 'ACME-1001']);
    const page = await staffSites('?limit=1&offset=1');
    expect(page.body.totalRecordCount).toBe(3);
    expect(page.body.records.map((s) => s.reference)).toEqual(['ACME-1001']);
    for (const query of ['?limit=0', '?sortBy=secret', '?includeArchived=maybe', '?extra=1']) {
      const answer = await staffSites(query);
      expect([query, answer.status, errorCode(answer.body)]).toEqual([query, 400, 'request.invalid']);
    }
  });

  it('refuses clients and other firms', async () => {
    await expectStaffOnly(api, { method: 'GET', path: (t) => `/t/${t}/portal/api/staff/sites` });
  });

  it("never shows another firm's sites", async () => {
    const globex = await api.as('dave').get<StaffSiteList>('/t/globex/portal/api/staff/sites');
    expect(globex.body.records.map((s) => s.reference).sort()).toEqual(['GLX-2001', 'GLX-2002']);
  });
});

describe('creating, renaming and archiving a site', () => {
  it('creates a site with a trimmed name; clients do not see it until they are members', async () => {
    const created = await api.as('carol').post<StaffSite>('/t/acme/portal/api/staff/sites', {
      name: '  Wayne Enterprises  ',
      reference: ' ACME-2001 ',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Wayne Enterprises',
      reference: 'ACME-2001',
      archived: false,
      memberCount: 0,
      publishedFileCount: 0,
    });
    expect((await staffSites('?search=wayne')).body.records.map((s) => s.id)).toEqual([created.body.id]);
    expect((await clientSites(api.as('bob'))).body.records.map((s) => s.name)).not.toContain(
      'Wayne Enterprises',
    );

    const one = await api.as('carol').get<StaffSite>(`/t/acme/portal/api/staff/sites/${created.body.id}`);
    expect(one.body).toEqual(created.body);
  });

  it('refuses a blank or overlong name, control characters and unknown fields with 400', async () => {
    for (const body of [
      { name: '   ' },
      { name: '' },
      { name: 'x'.repeat(201) },
      { name: 'Tab\there' },
      { name: 'Ok', reference: '  ' },
      { name: 'Ok', tenantCode: 'globex' },
      {},
    ]) {
      const answer = await api.as('carol').post('/t/acme/portal/api/staff/sites', body);
      expect([JSON.stringify(body), answer.status, errorCode(answer.body)]).toEqual([
        JSON.stringify(body),
        400,
        'request.invalid',
      ]);
    }
  });

  it('renames and re-references a site; its clients see the new name at once', async () => {
    const bakery = api.siteId('ACME-1001');
    const renamed = await patchSite(bakery, { name: "Bob's Bakery & Café", reference: null });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Bob's Bakery & Café", reference: null, memberCount: 1 });
    expect((await clientSites(api.as('bob'))).body.records.map((s) => s.name)).toEqual([
      "Bob's Bakery & Café",
    ]);
    await patchSite(bakery, { name: "Bob's Bakery Ltd", reference: 'ACME-1001' });
    expect((await clientSites(api.as('bob'))).body.records.map((s) => s.name)).toEqual(["Bob's Bakery Ltd"]);
  });

  it('archives a site: its clients lose it at once, staff find it with includeArchived; restoring brings it back', async () => {
    const northwind = api.siteId('ACME-1003');
    await addMember(northwind, { email: 'bob@example.com' });
    expect((await clientSites(api.as('bob'))).body.totalRecordCount).toBe(2);

    const archived = await patchSite(northwind, { archived: true });
    expect(archived.body).toMatchObject({ archived: true });
    expect(Date.parse(archived.body.archivedAt!)).not.toBeNaN();
    expect((await clientSites(api.as('bob'))).body.records.map((s) => s.reference)).toEqual(['ACME-1001']);
    expect((await staffSites()).body.records.map((s) => s.reference)).not.toContain('ACME-1003');
    expect((await staffSites('?includeArchived=true')).body.records.map((s) => s.reference)).toContain(
      'ACME-1003',
    );
    // An archived site is still the firm's: it can be read, renamed and restored.
    expect((await patchSite(northwind, { name: 'Northwind Traders (old)' })).body.archived).toBe(true);

    const restored = await patchSite(northwind, { archived: false, name: 'Northwind Traders' });
    expect(restored.body).toMatchObject({ archived: false, archivedAt: null, name: 'Northwind Traders' });
    expect((await clientSites(api.as('bob'))).body.totalRecordCount).toBe(2);
    await api
      .as('carol')
      .delete(`/t/acme/portal/api/staff/sites/${northwind}/members/${await userId('bob@example.com')}`);
  });

  it('refuses an empty change and answers 404 for a site that is not the firm’s', async () => {
    // A JSON body is taken as sent: null, "true" or 1 is not a boolean.
    for (const body of [{}, { archived: null }, { archived: 'true' }, { archived: 1 }]) {
      const answer = await patchSite(api.siteId('ACME-1001'), body);
      expect([JSON.stringify(body), answer.status, errorCode(answer.body)]).toEqual([
        JSON.stringify(body),
        400,
        'request.invalid',
      ]);
    }
    for (const id of [randomUUID(), api.siteId('GLX-2001')]) {
      const answer = await patchSite(id, { name: 'Mine now' });
      expect([answer.status, errorCode(answer.body)]).toEqual([404, 'sites.not_found']);
    }
    const { rows } = await api.db.query<{ name: string }>('SELECT name FROM sites WHERE id = $1', [
      api.siteId('GLX-2001'),
    ]);
    expect(rows[0]?.name).toBe('Alice Smith — Estate Planning');
  });

  it('refuses clients and other firms, and changes nothing for them', async () => {
    const bakery = api.siteId('ACME-1001');
    await expectStaffOnly(api, {
      method: 'POST',
      path: (t) => `/t/${t}/portal/api/staff/sites`,
      body: { name: 'Sneaky' },
    });
    await expectStaffOnly(api, {
      method: 'GET',
      path: (t) => `/t/${t}/portal/api/staff/sites/${bakery}`,
      foreignIdCode: 'sites.not_found',
    });
    await expectStaffOnly(api, {
      method: 'PATCH',
      path: (t) => `/t/${t}/portal/api/staff/sites/${bakery}`,
      body: { archived: true },
      foreignIdCode: 'sites.not_found',
    });
    // The role is checked before the body is read: a client learns nothing from validation errors.
    const garbage = await api.as('bob').post('/t/acme/portal/api/staff/sites', {
      nonsense: [1],
    });
    expect([garbage.status, errorCode(garbage.body)]).toEqual([403, 'auth.staff_only']);
    expect(garbage.body.error.message).toMatch(/only the firm's staff/);
    expect((await staffSites('?search=sneaky&includeArchived=true')).body.totalRecordCount).toBe(0);
    expect((await clientSites(api.as('bob'))).body.records.map((s) => s.reference)).toEqual(['ACME-1001']);
  });
});

const userId = async (email: string) =>
  (await api.db.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = lower($1)', [email]))
    .rows[0]!.id;

describe('site members', () => {
  it("lists a site's clients", async () => {
    const { status, body } = await members(api.siteId('ACME-1001'));
    expect(status).toBe(200);
    expect(body.totalRecordCount).toBe(1);
    expect(body.records[0]).toMatchObject({ name: 'Bob Baker', email: 'bob@example.com' });
  });

  it('adds a known client by e-mail (any case); that client sees the site at their next call', async () => {
    const northwind = api.siteId('ACME-1003');
    expect((await clientSites(api.as('alice'))).body.records.map((s) => s.reference)).toEqual(['ACME-1002']);
    const added = await addMember(northwind, {
      email: 'Alice@Example.com',
      name: 'Ignored For Known People',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ name: 'Alice Smith', email: 'alice@example.com' });
    expect((await clientSites(api.as('alice'))).body.records.map((s) => s.reference).sort()).toEqual([
      'ACME-1002',
      'ACME-1003',
    ]);
    const again = await addMember(northwind, { email: 'alice@example.com' });
    expect([again.status, again.body.userId]).toEqual([200, added.body.userId]);
    expect((await members(northwind)).body.totalRecordCount).toBe(1);
  });

  it('removes a member: they lose the site at once; removing again answers 404', async () => {
    const northwind = api.siteId('ACME-1003');
    const alice = await userId('alice@example.com');
    const removed = await api
      .as('carol')
      .delete(`/t/acme/portal/api/staff/sites/${northwind}/members/${alice}`);
    expect(removed.status).toBe(204);
    expect((await clientSites(api.as('alice'))).body.records.map((s) => s.reference)).toEqual(['ACME-1002']);
    const again = await api
      .as('carol')
      .delete(`/t/acme/portal/api/staff/sites/${northwind}/members/${alice}`);
    expect([again.status, errorCode(again.body)]).toEqual([404, 'members.not_found']);
  });

  it('invites someone the portal does not know; they are linked when they sign in with that verified address', async () => {
    const northwind = api.siteId('ACME-1003');
    const email = `new.client.${randomUUID().slice(0, 8)}@example.org`;
    const added = await addMember(northwind, { email, name: '  Nina New  ' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ email, name: 'Nina New' });

    // Their provider vouches for the address on first sign-in: a subject the portal has never seen.
    const theirs = await clientSites(api.minted({ email, email_verified: true, tid: ['acme'] }));
    expect([theirs.status, theirs.body.records.map((s) => s.reference)]).toEqual([200, ['ACME-1003']]);

    // An address nobody verified links nobody.
    const unverified = api.minted({ email: email.toUpperCase(), email_verified: false });
    expect(errorCode((await clientSites(unverified)).body)).toBe('auth.forbidden');
  });

  it('refuses an address that is not one, and answers 404 for sites of other firms', async () => {
    for (const email of ['not-an-address', '', 'a@b@c', `${'x'.repeat(250)}@example.com`]) {
      const answer = await addMember(api.siteId('ACME-1003'), { email });
      expect([email, answer.status, errorCode(answer.body)]).toEqual([email, 400, 'request.invalid']);
    }
    const foreign = await addMember(api.siteId('GLX-2001'), { email: 'bob@example.com' });
    expect([foreign.status, errorCode(foreign.body)]).toEqual([404, 'sites.not_found']);
    const missing = await api.as('carol').get(`/t/acme/portal/api/staff/sites/${randomUUID()}/members`);
    expect([missing.status, errorCode(missing.body)]).toEqual([404, 'sites.not_found']);
  });

  it('refuses clients and other firms, and changes nothing for them', async () => {
    const bakery = api.siteId('ACME-1001');
    const bob = await userId('bob@example.com');
    await expectStaffOnly(api, {
      method: 'GET',
      path: (t) => `/t/${t}/portal/api/staff/sites/${bakery}/members`,
      foreignIdCode: 'sites.not_found',
    });
    await expectStaffOnly(api, {
      method: 'POST',
      path: (t) => `/t/${t}/portal/api/staff/sites/${bakery}/members`,
      body: { email: 'mallory@example.com' },
      foreignIdCode: 'sites.not_found',
    });
    await expectStaffOnly(api, {
      method: 'DELETE',
      path: (t) => `/t/${t}/portal/api/staff/sites/${bakery}/members/${bob}`,
      foreignIdCode: 'sites.not_found',
    });
    expect((await members(bakery)).body.records.map((m) => m.email)).toEqual(['bob@example.com']);
    const { rows } = await api.db.query("SELECT 1 FROM users WHERE email = 'mallory@example.com'");
    expect(rows).toEqual([]);
  });
});
