import { randomUUID } from 'node:crypto';
import type { PublishedFileList, SiteList, SiteMember, StaffSite } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { type ApiClient, errorCode, useTestApi } from '../testing/api.ts';

/**
 * Issue 13, item 5: access ends with the membership or the site, not with the access token. Each client here
 * keeps the one token it had while it could see its site.
 */

const api = useTestApi();
const staff = () => api.as('carol');
const sites = (client: ApiClient) => client.get<SiteList>('/t/acme/portal/api/sites');
const files = (client: ApiClient, siteId: string) =>
  client.get<PublishedFileList>('/t/acme/file-management/api/files/published-files', { siteId });
const outcome = (answer: { status: number; body: unknown }) => [answer.status, errorCode(answer.body)];

/** A new site with one new client, and that client's token; the client has no other role in the firm. */
async function clientOfNewSite() {
  const site = await staff().post<StaffSite>('/t/acme/portal/api/staff/sites', {
    name: `Revocation ${randomUUID().slice(0, 8)}`,
  });
  const member = await staff().post<SiteMember>(`/t/acme/portal/api/staff/sites/${site.body.id}/members`, {
    email: `rita.${randomUUID().slice(0, 8)}@example.net`,
    name: 'Rita Revoked',
  });
  const client = api.minted({ sub: member.body.userId, tid: ['acme'] });
  expect((await sites(client)).body.records.map((s) => s.id)).toEqual([site.body.id]);
  expect((await files(client, site.body.id)).status).toBe(200);
  return { siteId: site.body.id, userId: member.body.userId, client };
}

describe('access ends at once, whatever the token says', () => {
  it('a client removed from their site is refused at their next request, as a stranger is', async () => {
    const { siteId, userId, client } = await clientOfNewSite();
    const removed = await staff().delete(`/t/acme/portal/api/staff/sites/${siteId}/members/${userId}`);
    expect(removed.status).toBe(204);

    const stranger = api.minted();
    expect(outcome(await sites(client))).toEqual(outcome(await sites(stranger)));
    expect(outcome(await files(client, siteId))).toEqual([403, 'auth.forbidden']);
  });

  it('a client of an archived site is refused at their next request, and back when it is restored', async () => {
    const { siteId, client } = await clientOfNewSite();
    const archived = await staff().patch<StaffSite>(`/t/acme/portal/api/staff/sites/${siteId}`, {
      archived: true,
    });
    expect(archived.status).toBe(200);
    expect(outcome(await files(client, siteId))).toEqual([403, 'auth.forbidden']);
    expect(outcome(await sites(client))).toEqual([403, 'auth.forbidden']);

    await staff().patch(`/t/acme/portal/api/staff/sites/${siteId}`, { archived: false });
    expect((await files(client, siteId)).status).toBe(200);
  });

  it('a client with other sites loses the one they were removed from, at once', async () => {
    const site = await staff().post<StaffSite>('/t/acme/portal/api/staff/sites', {
      name: 'Second site for Bob',
    });
    const bob = api.as('bob');
    const added = await staff().post<SiteMember>(`/t/acme/portal/api/staff/sites/${site.body.id}/members`, {
      email: 'bob@example.com',
    });
    expect((await files(bob, site.body.id)).status).toBe(200);

    await staff().delete(`/t/acme/portal/api/staff/sites/${site.body.id}/members/${added.body.userId}`);
    expect(outcome(await files(bob, site.body.id))).toEqual([404, 'sites.not_found']);
    expect((await sites(bob)).body.records.map((s) => s.reference)).toEqual(['ACME-1001']);
  });

  it('refuses an access token issued in the future', async () => {
    const now = Math.floor(Date.now() / 1000);
    const bob = await api.userId('bob');
    const ahead = api.minted({ sub: bob, tid: ['acme'], iat: now + 3600, exp: now + 3900 });
    const answer = await sites(ahead);
    expect(outcome(answer)).toEqual([401, 'auth.token_invalid']);
    expect(answer.type).toMatch(/^application\/json/);
    // The same person's token issued now is fine: only the date was wrong.
    expect((await sites(api.minted({ sub: bob, tid: ['acme'] }))).status).toBe(200);
  });
});
