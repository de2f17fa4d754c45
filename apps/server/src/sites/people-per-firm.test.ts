import { randomUUID } from 'node:crypto';
import type {
  AuditEventList,
  SiteMember,
  SiteMemberList,
  StaffSubmissionList,
  SubmittedFileList,
} from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { type DemoUsername, useTestApi } from '../testing/api.ts';

/** Issue 13, item 2: a person is global, but what a firm is shown of them comes from that firm alone. */

const api = useTestApi();
const tenantOf = (staff: DemoUsername) => (staff === 'carol' ? 'acme' : 'globex');
const addMember = (staff: DemoUsername, siteId: string, body: { email: string; name?: string }) =>
  api.as(staff).post<SiteMember>(`/t/${tenantOf(staff)}/portal/api/staff/sites/${siteId}/members`, body);
const membersOf = async (staff: DemoUsername, siteId: string) =>
  (await api.as(staff).get<SiteMemberList>(`/t/${tenantOf(staff)}/portal/api/staff/sites/${siteId}/members`))
    .body.records;
const address = (who: string) => `${who}.${randomUUID().slice(0, 8)}@example.net`;

const northwind = () => api.siteId('ACME-1003');
const initech = () => api.siteId('GLX-2002');

describe('people as each firm knows them', () => {
  it('adding someone another firm knows shows the name this firm typed, and the other firm keeps its own', async () => {
    const email = address('zed');
    const atGlobex = await addMember('dave', initech(), { email, name: 'Zed Globex' });
    expect(atGlobex.body).toMatchObject({ name: 'Zed Globex', email });

    const typedAtAcme = email.toUpperCase();
    const atAcme = await addMember('carol', northwind(), { email: typedAtAcme, name: 'Z. Acme' });
    expect(atAcme.status).toBe(201);
    // The same person (one identity), shown as Acme named them, at the address as Acme typed it.
    expect(atAcme.body).toMatchObject({ userId: atGlobex.body.userId, name: 'Z. Acme', email: typedAtAcme });
    expect(
      (await membersOf('carol', northwind())).find((m) => m.userId === atAcme.body.userId),
    ).toMatchObject({
      name: 'Z. Acme',
      email: typedAtAcme,
    });
    expect((await membersOf('dave', initech())).find((m) => m.userId === atGlobex.body.userId)).toMatchObject(
      {
        name: 'Zed Globex',
        email,
      },
    );
  });

  it('a name one firm typed never shows at another', async () => {
    const email = address('later');
    await addMember('carol', northwind(), { email, name: 'Typed By Acme' });
    const atGlobex = await addMember('dave', initech(), { email });
    expect(atGlobex.body).toMatchObject({ name: email, email });
    expect((await membersOf('dave', initech())).map((m) => m.name)).not.toContain('Typed By Acme');
  });

  it('answers alike for an address nobody knows and one another firm knows', async () => {
    const known = address('known');
    await addMember('dave', initech(), { email: known, name: 'Known At Globex' });

    const fresh = address('fresh');
    const forFresh = await addMember('carol', northwind(), { email: fresh, name: 'F. Person' });
    const forKnown = await addMember('carol', northwind(), { email: known, name: 'K. Person' });
    expect([forFresh.status, forKnown.status]).toEqual([201, 201]);
    expect(Object.keys(forKnown.body).sort()).toEqual(Object.keys(forFresh.body).sort());
    expect(forFresh.body).toMatchObject({ name: 'F. Person', email: fresh });
    expect(forKnown.body).toMatchObject({ name: 'K. Person', email: known });

    // Acme's audit log says the same of both: new to the firm, with the name the firm typed.
    const log = await api.as('carol').get<AuditEventList>('/t/acme/user/api/staff/audit-events', {
      action: 'member.add',
      siteId: northwind(),
    });
    const added = (email: string) => log.body.records.find((e) => e.detail.email === email)?.detail;
    expect(added(fresh)).toMatchObject({ name: 'F. Person', newPerson: true });
    expect(added(known)).toMatchObject({ name: 'K. Person', newPerson: true });
  });

  it('once the person signs in to a firm, that firm sees the name they gave themselves; the others do not yet', async () => {
    const email = address('pat');
    await addMember('carol', northwind(), { email, name: 'Pat (typed at Acme)' });
    await addMember('dave', initech(), { email, name: 'Pat (typed at Globex)' });
    // Their own provider vouches for the address and says what they call themselves.
    const pat = api.minted({ email, email_verified: true, name: 'Patricia Own', tid: ['acme', 'globex'] });

    expect((await pat.get('/t/acme/portal/api/sites')).status).toBe(200);
    expect((await membersOf('carol', northwind())).find((m) => m.email === email)?.name).toBe('Patricia Own');
    expect((await membersOf('dave', initech())).find((m) => m.email === email)?.name).toBe(
      'Pat (typed at Globex)',
    );

    expect((await pat.get('/t/globex/portal/api/sites')).status).toBe(200);
    expect((await membersOf('dave', initech())).find((m) => m.email === email)?.name).toBe('Patricia Own');
  });

  it("what a person submits is shown under each firm's own name for them", async () => {
    const email = address('sam');
    const atGlobex = await addMember('dave', initech(), { email, name: 'Sam At Globex' });
    await addMember('carol', northwind(), { email, name: 'Sam At Acme' });
    const sam = api.minted({ sub: atGlobex.body.userId, tid: ['acme', 'globex'] });

    const uploaded = await sam.upload(northwind(), [{ name: 'accounts.txt', bytes: Buffer.from('figures') }]);
    expect(uploaded.status).toBe(201);
    const saved = await sam.post('/t/acme/portal/api/files', {
      siteId: northwind(),
      files: [{ referenceNumber: uploaded.body.files[0]!.referenceNumber }],
    });
    expect(saved.status).toBe(201);

    const theirs = await sam.get<SubmittedFileList>('/t/acme/portal/api/files/submitted', {
      siteId: northwind(),
    });
    expect(theirs.body.records.map((f) => f.submittedBy)).toEqual(['Sam At Acme']);
    const staff = await api
      .as('carol')
      .get<StaffSubmissionList>('/t/acme/portal/api/staff/submissions', { siteId: northwind() });
    expect(staff.body.records.map((f) => f.submittedBy?.name)).toEqual(['Sam At Acme']);
    const log = await api.as('carol').get<AuditEventList>('/t/acme/user/api/staff/audit-events', {
      userId: atGlobex.body.userId,
    });
    expect(log.body.records.length).toBeGreaterThan(0);
    expect(new Set(log.body.records.map((e) => e.actor?.name))).toEqual(new Set(['Sam At Acme']));
  });
});
