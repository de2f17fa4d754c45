import type { PublishedFileCount, PublishedFileReadsList, PublishedFilesResult } from '@portico/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, errorCode, useTestApi } from '../testing/api.ts';
import { expectStaffOnly, PDF_BYTES, uploadReferences } from '../testing/staff-access.ts';

const api = useTestApi();
let bakery: string;
let otherSite: string;

const newCount = (siteId: string, client: ApiClient = api.as('bob')) =>
  client.get<PublishedFileCount>('/t/acme/file-management/api/files/published-files/new-count', { siteId });
const reads = (siteId: string, fileIds: string[], client: ApiClient = api.as('carol'), tenant = 'acme') =>
  client.get<PublishedFileReadsList>(
    `/t/${tenant}/file-management/api/staff/published-files/reads?siteId=${siteId}${fileIds
      .map((id) => `&fileId=${id}`)
      .join('')}`,
  );
const download = (fileId: string, client: ApiClient) =>
  client.raw(`/t/acme/file-management/api/files/published-files/${fileId}`).then((r) => r.arrayBuffer());

async function publish(siteId: string, title: string): Promise<string> {
  const [reference] = await uploadReferences(api.as('carol'), siteId, [
    { name: `${title}.pdf`, bytes: PDF_BYTES(title), type: 'application/pdf' },
  ]);
  const published = await api
    .as('carol')
    .post<PublishedFilesResult>('/t/acme/file-management/api/staff/published-files', {
      siteId,
      files: [{ referenceNumber: reference, title }],
    });
  expect(published.status).toBe(201);
  return published.body.records[0]!.id;
}

beforeAll(() => {
  bakery = api.siteId('ACME-1001');
  otherSite = api.siteId('ACME-1002');
});

describe('read receipts', () => {
  it("counts bob's unopened files, and a download (not carol's) shows in the firm's receipts", async () => {
    const before = (await newCount(bakery)).body.count;
    const fileId = await publish(bakery, 'Receipt test letter');
    expect((await newCount(bakery)).body.count).toBe(before + 1);

    const unread = await reads(bakery, [fileId]);
    expect(unread.status).toBe(200);
    expect(unread.body.records).toHaveLength(1);
    expect(unread.body.records[0]).toMatchObject({ fileId, openedCount: 0 });
    expect(unread.body.records[0]!.members).toEqual([
      expect.objectContaining({
        name: 'Bob Baker',
        firstOpenedAt: null,
        lastOpenedAt: null,
        openCount: 0,
      }),
    ]);

    await download(fileId, api.as('carol'));
    expect((await reads(bakery, [fileId])).body.records[0]!.openedCount).toBe(0);

    await download(fileId, api.as('bob'));
    await download(fileId, api.as('bob'));
    expect((await newCount(bakery)).body.count).toBe(before);
    const read = (await reads(bakery, [fileId])).body.records[0]!;
    expect(read.openedCount).toBe(1);
    const bob = read.members[0]!;
    expect(bob).toMatchObject({ userId: await api.userId('bob'), openCount: 2 });
    expect(Date.parse(bob.firstOpenedAt!)).toBeLessThanOrEqual(Date.parse(bob.lastOpenedAt!));
  });

  it('a preview counts as opening the file, for the receipts and for the notice alike', async () => {
    const before = (await newCount(bakery)).body.count;
    const fileId = await publish(bakery, 'Previewed letter');
    expect((await newCount(bakery)).body.count).toBe(before + 1);
    const preview = await api
      .as('bob')
      .raw(`/t/acme/file-management/api/files/published-files/${fileId}/preview`);
    expect(preview.status).toBe(200);
    await preview.arrayBuffer();
    expect((await newCount(bakery)).body.count).toBe(before);
    const read = (await reads(bakery, [fileId])).body.records[0]!;
    expect(read.openedCount).toBe(1);
    expect(read.members[0]).toMatchObject({ name: 'Bob Baker', openCount: 1 });
  });

  it('leaves out files of another site, and answers in the order asked', async () => {
    const mine = await publish(bakery, 'Ordered one');
    const theirs = await publish(otherSite, 'Other site letter');
    const answer = await reads(bakery, [theirs, mine]);
    expect(answer.body.records.map((r) => r.fileId)).toEqual([mine]);
  });

  it('is staff-only and a site of another firm answers 404', async () => {
    const fileId = await publish(bakery, 'Staff only');
    await expectStaffOnly(api, {
      method: 'GET',
      path: (t) =>
        `/t/${t}/file-management/api/staff/published-files/reads?siteId=${bakery}&fileId=${fileId}`,
      foreignIdCode: 'sites.not_found',
    });
  });

  it("refuses a site the caller may not see, and another firm's", async () => {
    const alice = await newCount(bakery, api.as('alice'));
    expect([alice.status, errorCode(alice.body)]).toEqual([404, 'sites.not_found']);
    const globex = await api
      .as('alice')
      .get('/t/globex/file-management/api/files/published-files/new-count', { siteId: bakery });
    expect([globex.status, errorCode(globex.body)]).toEqual([404, 'sites.not_found']);
  });

  it('refuses a malformed question', async () => {
    const none = await api
      .as('carol')
      .get(`/t/acme/file-management/api/staff/published-files/reads?siteId=${bakery}`);
    expect(none.status).toBe(400);
  });
});
