import { randomUUID } from 'node:crypto';
import type { PublishedFileCount, PublishedFileList, PublishedFilesResult } from '@portico/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, errorCode, useTestApi } from '../testing/api.ts';
import { expectStaffOnly, PDF_BYTES, uploadReferences } from '../testing/staff-access.ts';

const api = useTestApi();
let bakery: string;
const publish = (body: unknown, client = api.as('carol')) =>
  client.post<PublishedFilesResult>('/t/acme/file-management/api/staff/published-files', body);
const count = async (siteId: string, client = api.as('bob')) =>
  (
    await client.get<PublishedFileCount>(
      `/t/acme/file-management/api/files/published-files?count=true&siteId=${siteId}`,
    )
  ).body.count;
const list = (siteId: string, client = api.as('bob')) =>
  client.get<PublishedFileList>(`/t/acme/file-management/api/files/published-files?siteId=${siteId}`);
const download = (fileId: string, client: ApiClient) =>
  client.raw(`/t/acme/file-management/api/files/published-files/${fileId}`);

beforeAll(async () => {
  bakery = api.siteId('ACME-1001');
});

describe('POST file-management/api/staff/published-files', () => {
  it("publishes carol's uploaded PDF to bob's site: bob's count goes up by one, he lists and downloads it", async () => {
    const before = await count(bakery);
    const bytes = PDF_BYTES('Interim accounts for Bob');
    const [reference] = await uploadReferences(api.as('carol'), bakery, [
      { name: 'Interim accounts.pdf', bytes, type: 'application/pdf' },
    ]);
    const published = await publish({
      siteId: bakery,
      files: [{ referenceNumber: reference, title: 'Interim accounts H1' }],
    });
    expect(published.status).toBe(201);
    expect(published.body.records).toEqual([
      expect.objectContaining({
        siteId: bakery,
        title: 'Interim accounts H1',
        fileName: 'Interim accounts.pdf',
        contentType: 'application/pdf',
        size: bytes.length,
        referenceNumber: reference,
        publishedBy: 'Carol Chen',
      }),
    ]);
    const fileId = published.body.records[0]!.id;

    expect(await count(bakery)).toBe(before + 1);
    const listed = await list(bakery);
    expect(listed.body.records[0]).toMatchObject({ id: fileId, title: 'Interim accounts H1', isNew: true });
    const response = await download(fileId, api.as('bob'));
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.from(bytes));
    expect((await list(bakery)).body.records[0]).toMatchObject({ id: fileId, isNew: false });
    // Another client of the firm sees nothing of it.
    const alice = await list(bakery, api.as('alice'));
    expect([alice.status, errorCode(alice.body)]).toEqual([404, 'sites.not_found']);
  });

  it('publishes several files at once, titled by their file names unless given a title', async () => {
    const before = await count(bakery);
    const references = await uploadReferences(api.as('carol'), bakery, [
      { name: 'Letter one.pdf', bytes: PDF_BYTES('one'), type: 'application/pdf' },
      { name: 'Letter two.pdf', bytes: PDF_BYTES('two'), type: 'application/pdf' },
    ]);
    const published = await publish({
      siteId: bakery,
      files: [
        { referenceNumber: references[1] },
        { referenceNumber: references[0], title: '  First letter ' },
      ],
    });
    expect(published.body.records.map((r) => [r.referenceNumber, r.title])).toEqual([
      [references[1], 'Letter two.pdf'],
      [references[0], 'First letter'],
    ]);
    expect(await count(bakery)).toBe(before + 2);
  });

  it('publishes every reference or none: a used, foreign or unknown reference answers 404 uploads.not_found', async () => {
    const before = await count(bakery);
    const [mine] = await uploadReferences(api.as('carol'), bakery, [
      { name: 'Mine.pdf', bytes: PDF_BYTES('mine'), type: 'application/pdf' },
    ]);
    const [bobs] = await uploadReferences(api.as('bob'), bakery, [
      { name: 'Bob.pdf', bytes: PDF_BYTES('bob'), type: 'application/pdf' },
    ]);
    for (const other of [bobs, 'UP-0000000000000000']) {
      const answer = await publish({
        siteId: bakery,
        files: [{ referenceNumber: mine }, { referenceNumber: other }],
      });
      expect([answer.status, errorCode(answer.body)]).toEqual([404, 'uploads.not_found']);
    }
    // A reference belongs to the site it was uploaded to.
    const wrongSite = await publish({ siteId: api.siteId('ACME-1002'), files: [{ referenceNumber: mine }] });
    expect([wrongSite.status, errorCode(wrongSite.body)]).toEqual([404, 'uploads.not_found']);
    expect(await count(bakery)).toBe(before);

    expect((await publish({ siteId: bakery, files: [{ referenceNumber: mine }] })).status).toBe(201);
    const twice = await publish({ siteId: bakery, files: [{ referenceNumber: mine }] });
    expect([twice.status, errorCode(twice.body)]).toEqual([404, 'uploads.not_found']);
    const repeated = await publish({
      siteId: bakery,
      files: [{ referenceNumber: bobs }, { referenceNumber: bobs }],
    });
    expect([repeated.status, errorCode(repeated.body)]).toEqual([400, 'request.invalid']);
  });

  it('refuses a blank title, an empty list, a site of another firm and an archived site', async () => {
    const [reference] = await uploadReferences(api.as('carol'), bakery, [
      { name: 'Later.pdf', bytes: PDF_BYTES('later'), type: 'application/pdf' },
    ]);
    for (const body of [
      { siteId: bakery, files: [{ referenceNumber: reference, title: '   ' }] },
      { siteId: bakery, files: [] },
      { siteId: bakery, files: [{ referenceNumber: 'nope' }] },
    ]) {
      const answer = await publish(body);
      expect([answer.status, errorCode(answer.body)]).toEqual([400, 'request.invalid']);
    }
    const foreign = await publish({
      siteId: api.siteId('GLX-2001'),
      files: [{ referenceNumber: reference }],
    });
    expect([foreign.status, errorCode(foreign.body)]).toEqual([404, 'sites.not_found']);

    await api.db.query('UPDATE sites SET archived_at = now() WHERE id = $1', [bakery]);
    try {
      const archived = await publish({ siteId: bakery, files: [{ referenceNumber: reference }] });
      expect([archived.status, errorCode(archived.body)]).toEqual([409, 'sites.archived']);
    } finally {
      await api.db.query('UPDATE sites SET archived_at = NULL WHERE id = $1', [bakery]);
    }
  });

  it('refuses clients and other firms, and publishes nothing for them', async () => {
    const before = await count(bakery);
    const [bobs] = await uploadReferences(api.as('bob'), bakery, [
      { name: 'Self published.pdf', bytes: PDF_BYTES('self'), type: 'application/pdf' },
    ]);
    await expectStaffOnly(api, {
      method: 'POST',
      path: (t) => `/t/${t}/file-management/api/staff/published-files`,
      body: { siteId: bakery, files: [{ referenceNumber: bobs }] },
    });
    // dave, under his own firm, finds no such site there.
    const underGlobex = await api.as('dave').post('/t/globex/file-management/api/staff/published-files', {
      siteId: bakery,
      files: [{ referenceNumber: bobs }],
    });
    expect([underGlobex.status, errorCode(underGlobex.body)]).toEqual([404, 'sites.not_found']);
    expect(await count(bakery)).toBe(before);
  });
});

describe('DELETE file-management/api/staff/published-files/:id (unpublish)', () => {
  it('takes the file away from the clients; the count goes down; unpublishing again answers 404', async () => {
    const [reference] = await uploadReferences(api.as('carol'), bakery, [
      { name: 'Wrong client.pdf', bytes: PDF_BYTES('oops'), type: 'application/pdf' },
    ]);
    const fileId = (await publish({ siteId: bakery, files: [{ referenceNumber: reference }] })).body
      .records[0]!.id;
    const before = await count(bakery);

    const removed = await api
      .as('carol')
      .delete(`/t/acme/file-management/api/staff/published-files/${fileId}`);
    expect(removed.status).toBe(204);
    expect(await count(bakery)).toBe(before - 1);
    expect((await list(bakery)).body.records.map((r) => r.id)).not.toContain(fileId);
    const gone = await download(fileId, api.as('bob'));
    expect(gone.status).toBe(404);

    const again = await api.as('carol').delete(`/t/acme/file-management/api/staff/published-files/${fileId}`);
    expect([again.status, errorCode(again.body)]).toEqual([404, 'files.not_found']);
    // The firm keeps the row for the record.
    const { rows } = await api.db.query<{ deleted: boolean }>(
      'SELECT deleted_at IS NOT NULL AS deleted FROM files WHERE id = $1',
      [fileId],
    );
    expect(rows).toEqual([{ deleted: true }]);
  });

  it('answers 404 for a submitted file, a missing one and one of another firm', async () => {
    const { rows } = await api.db.query<{ id: string }>(
      "SELECT id FROM files WHERE tenant_code = 'globex' AND direction = 'published' LIMIT 1",
    );
    for (const id of [randomUUID(), rows[0]!.id]) {
      const answer = await api.as('carol').delete(`/t/acme/file-management/api/staff/published-files/${id}`);
      expect([answer.status, errorCode(answer.body)]).toEqual([404, 'files.not_found']);
    }
  });

  it('refuses clients and other firms, and unpublishes nothing for them', async () => {
    const fileId = (await list(bakery)).body.records[0]!.id;
    const before = await count(bakery);
    await expectStaffOnly(api, {
      method: 'DELETE',
      path: (t) => `/t/${t}/file-management/api/staff/published-files/${fileId}`,
      foreignIdCode: 'files.not_found',
    });
    expect(await count(bakery)).toBe(before);
  });
});

describe('GET file-management/api/staff/published-files/:id/download', () => {
  it('lets staff download a published file even where clients may not download', async () => {
    const fileId = (await list(bakery)).body.records[0]!.id;
    await api.db.query(
      `INSERT INTO file_area_settings (tenant_code, site_id, settings) VALUES ('acme', $1, '{"internalFilesDownload": false}')`,
      [bakery],
    );
    try {
      expect((await download(fileId, api.as('bob'))).status).toBe(403);
      const staff = await api
        .as('carol')
        .raw(`/t/acme/file-management/api/staff/published-files/${fileId}/download`);
      expect(staff.status).toBe(200);
      expect(staff.headers.get('content-disposition')).toContain('attachment');
      expect(
        Buffer.from(await staff.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    } finally {
      await api.db.query('DELETE FROM file_area_settings WHERE site_id = $1', [bakery]);
    }
  });

  it('refuses clients and other firms', async () => {
    const fileId = (await list(bakery)).body.records[0]!.id;
    await expectStaffOnly(api, {
      method: 'GET',
      path: (t) => `/t/${t}/file-management/api/staff/published-files/${fileId}/download`,
      foreignIdCode: 'files.not_found',
    });
  });
});
