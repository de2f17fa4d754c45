import type { ActivityList, ActivityUnread } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { type ApiClient, errorCode, useTestApi } from '../testing/api.ts';
import { PDF_BYTES, submitFiles, uploadReferences } from '../testing/staff-access.ts';

const api = useTestApi();

const feed = (client: ApiClient, tenant = 'acme', query = '') =>
  client.get<ActivityList>(`/t/${tenant}/user/api/activity${query}`);
const unread = async (client: ApiClient, tenant = 'acme') =>
  (await client.get<ActivityUnread>(`/t/${tenant}/user/api/activity/unread-count`)).body.unreadCount;
const markRead = (client: ApiClient, body: unknown, tenant = 'acme') =>
  client.post<ActivityUnread>(`/t/${tenant}/user/api/activity/read`, body);

async function publish(site: string, title: string) {
  const [referenceNumber] = await uploadReferences(api.as('carol'), api.siteId(site), [
    { name: `${title}.pdf`, bytes: PDF_BYTES(title), type: 'application/pdf' },
  ]);
  const published = await api.as('carol').post('/t/acme/file-management/api/staff/published-files', {
    siteId: api.siteId(site),
    files: [{ referenceNumber, title }],
  });
  expect(published.status).toBe(201);
}

describe('the activity feed', () => {
  it("shows a client what the firm published to their site, in the mail's words, and nobody else", async () => {
    const before = await unread(api.as('bob'));
    await publish('ACME-1001', 'Engagement <letter> 2026');
    const { status, body } = await feed(api.as('bob'));
    expect(status).toBe(200);
    expect(body.unreadCount).toBe(before + 1);
    const [item] = body.records;
    expect(item).toMatchObject({
      title: 'Acme Accounting published a new file for you',
      link: `/publishedFiles?site=${api.siteId('ACME-1001')}&tenant=acme`,
      linkLabel: 'Open Published Files',
      read: false,
    });
    expect(item!.detail).toContain('Engagement <letter> 2026');
    expect(item!.detail).toContain("Bob's Bakery");
    // Alice is a client of another Acme site and of Globex: nothing of Bob's site reaches her, in either firm.
    for (const tenant of ['acme', 'globex']) {
      const hers = await feed(api.as('alice'), tenant);
      expect(hers.status).toBe(200);
      expect(JSON.stringify(hers.body)).not.toContain('Engagement');
    }
    // Dave (Globex staff) has no role in Acme: refused before anything is read.
    expect(errorCode((await feed(api.as('dave'))).body)).toBe('auth.tenant_forbidden');
  });

  it('keeps the event when the person turned that kind of mail off', async () => {
    const off = await api
      .as('bob')
      .put('/t/acme/user/api/notification-preferences', { kind: 'files_published', enabled: false });
    expect(off.status).toBe(200);
    try {
      await publish('ACME-1001', 'Year-end checklist');
      const { body } = await feed(api.as('bob'));
      expect(body.records[0]!.detail).toContain('Year-end checklist');
    } finally {
      await api
        .as('bob')
        .put('/t/acme/user/api/notification-preferences', { kind: 'files_published', enabled: true });
    }
  });

  it("tells the firm's staff what a client submitted, with a link into the control panel", async () => {
    await submitFiles(api.as('bob'), api.siteId('ACME-1001'), [
      { name: 'Payslips.pdf', bytes: PDF_BYTES('payslips'), type: 'application/pdf', title: 'Payslips' },
    ]);
    const { body } = await feed(api.as('carol'));
    const item = body.records.find((r) => r.detail?.includes('Payslips'));
    expect(item?.link).toBe(`/control-panel/submissions?siteId=${api.siteId('ACME-1001')}&tenant=acme`);
    // The client's own submission is not news to the client.
    expect(JSON.stringify((await feed(api.as('bob'))).body)).not.toContain('Payslips');
  });

  it("marks read only the caller's own items, by id or all at once", async () => {
    await publish('ACME-1002', 'For Alice only');
    const alices = (await feed(api.as('alice'))).body;
    const aliceItem = alices.records.find((r) => r.detail?.includes('For Alice only'))!;
    expect(aliceItem.read).toBe(false);
    // Bob naming Alice's item changes nothing of hers.
    expect((await markRead(api.as('bob'), { ids: [aliceItem.id] })).status).toBe(200);
    expect((await feed(api.as('alice'))).body.records.find((r) => r.id === aliceItem.id)?.read).toBe(false);

    const bobs = (await feed(api.as('bob'))).body;
    const first = bobs.records[0]!;
    const afterOne = await markRead(api.as('bob'), { ids: [first.id] });
    expect(afterOne.body.unreadCount).toBe(bobs.unreadCount - 1);
    expect((await feed(api.as('bob'))).body.records[0]!.read).toBe(true);
    expect((await markRead(api.as('bob'), { all: true })).body.unreadCount).toBe(0);
    expect(await unread(api.as('bob'))).toBe(0);
    expect(await unread(api.as('alice'))).toBeGreaterThan(0);
  });

  it('pages newest first and refuses a bad request with a stable code', async () => {
    const page = await feed(api.as('bob'), 'acme', '?limit=1&offset=1');
    expect(page.body.records).toHaveLength(1);
    expect(page.body.totalRecordCount).toBeGreaterThan(1);
    const all = (await feed(api.as('bob'), 'acme', '?limit=100')).body.records.map((r) => Number(r.id));
    expect(all).toEqual([...all].sort((a, b) => b - a));
    for (const body of [{}, { ids: [] }, { ids: ['x'] }, { all: false }, { ids: ['1'], all: true }]) {
      expect(errorCode((await markRead(api.as('bob'), body)).body)).toBe('request.invalid');
    }
    expect(errorCode((await feed(api.as('bob'), 'acme', '?limit=1000')).body)).toBe('request.invalid');
  });
});
