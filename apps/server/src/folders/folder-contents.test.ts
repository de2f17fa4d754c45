import { type SubmittedFileList, UPLOAD_REFERENCE_HEADER } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { statusAndCode, useTestApi } from '../testing/api.ts';
import { FOLDERS, PUBLISHED, SUBMITTED, useFolderFixture } from '../testing/folders.ts';
import { readZip } from '../testing/read-zip.ts';
import { PDF_BYTES, uploadReferences } from '../testing/staff-access.ts';
import { rawMultipart } from '../testing/uploads.ts';

/**
 * What folders hold (issue 26, decision 47), through the real API: lists narrowed to a folder or its subtree
 * (search included), uploads landing in a folder by every way in, zips keeping the tree, the staff's submissions by
 * folder.
 */

const api = useTestApi();
const { sites, carol, bob, unique, create, publishInto, listPublished } = useFolderFixture(api);

describe('lists narrowed to a folder', () => {
  it('folderId lists one folder, includeSubfolders its subtree, root the root; search covers the subtree', async () => {
    const year = await create(unique('Year'));
    const q1 = await create('Q1', year.id);
    const deep = await create('Deep', q1.id);
    const [yearFile] = await publishInto(year.id, ['year summary.pdf']);
    const [q1File] = await publishInto(q1.id, ['q1 invoice.pdf']);
    const [deepFile] = await publishInto(deep.id, ['deep invoice.pdf']);
    const [rootFile] = await publishInto(null, [`${year.name} root.pdf`]);

    const ids = async (query: Record<string, string | boolean>) => {
      const answer = await listPublished(query);
      expect(answer.status).toBe(200);
      return { ids: answer.body.records.map((r) => r.id).sort(), total: answer.body.totalRecordCount };
    };
    expect(await ids({ folderId: year.id })).toEqual({ ids: [yearFile], total: 1 });
    expect(await ids({ folderId: q1.id, includeSubfolders: true })).toEqual({
      ids: [q1File, deepFile].sort(),
      total: 2,
    });
    expect(await ids({ folderId: year.id, includeSubfolders: true, search: 'invoice' })).toEqual({
      ids: [q1File, deepFile].sort(),
      total: 2,
    });
    expect(await ids({ folderId: deep.id, search: 'summary' })).toEqual({ ids: [], total: 0 });
    const root = await ids({ folderId: 'root' });
    expect(root.ids).toContain(rootFile);
    expect(root.ids).not.toContain(yearFile);
    // Without folderId: every file of the site, as before folders.
    const all = await ids({});
    expect(all.ids).toEqual(expect.arrayContaining([yearFile, q1File, deepFile, rootFile]));
    const counted = await listPublished({ folderId: year.id, includeSubfolders: true, count: true });
    expect(counted.body).toEqual({ count: 3 });
    // The records say where each file sits.
    const page = await listPublished({ folderId: q1.id });
    expect(page.body.records[0]).toMatchObject({ id: q1File, folderId: q1.id });
    // A page past the end of a folder still says how many it holds.
    expect((await listPublished({ folderId: year.id, includeSubfolders: true, offset: 10 })).body).toEqual({
      records: [],
      totalRecordCount: 3,
    });
    // A folder of another site, or of another firm's view, is not there.
    const elsewhere = await create(unique('Other site'), null, carol(), sites.other);
    expect(statusAndCode(await listPublished({ folderId: elsewhere.id }))).toEqual([
      404,
      'folders.not_found',
    ]);
    expect(statusAndCode(await listPublished({ folderId: year.id }, api.as('alice')))).toEqual([
      404,
      'sites.not_found',
    ]);
  });

  it('moving a folder is one row: its files follow it in the lists at once', async () => {
    const from = await create(unique('From'));
    const to = await create(unique('To'));
    const moving = await create('Moving', from.id);
    const [file] = await publishInto(moving.id, ['moved.pdf']);
    await carol().patch(`${FOLDERS}/${moving.id}`, { parentId: to.id });
    expect(
      (await listPublished({ folderId: to.id, includeSubfolders: true })).body.records.map((r) => r.id),
    ).toEqual([file]);
    expect((await listPublished({ folderId: from.id, includeSubfolders: true })).body.records).toEqual([]);
  });
});

describe('uploads land in a folder', () => {
  it('a client saves into a folder named in the body; the submitted list shows it there', async () => {
    const folder = await create(unique('Client'), null, bob());
    const [reference] = await uploadReferences(bob(), sites.bakery, [
      { name: 'scan.pdf', bytes: PDF_BYTES('scan'), type: 'application/pdf' },
    ]);
    const saved = await bob().post<SubmittedFileList>('/t/acme/portal/api/files', {
      siteId: sites.bakery,
      folderId: folder.id,
      files: [{ referenceNumber: reference }],
    });
    expect(saved.status).toBe(201);
    expect(saved.body.records[0]).toMatchObject({ folderId: folder.id });
    const listed = await bob().get<SubmittedFileList>(SUBMITTED, {
      siteId: sites.bakery,
      folderId: folder.id,
    });
    expect(listed.body.records.map((r) => r.fileName)).toEqual(['scan.pdf']);
  });

  it('a folder of another site, or in the trash, is refused with 404 folders.not_found and nothing is saved', async () => {
    const elsewhere = await create(unique('Alien'), null, carol(), sites.other);
    const [reference] = await uploadReferences(carol(), sites.bakery, [
      { name: 'x.pdf', bytes: PDF_BYTES('x'), type: 'application/pdf' },
    ]);
    const publish = (folderId: string) =>
      carol().post('/t/acme/file-management/api/staff/published-files', {
        siteId: sites.bakery,
        folderId,
        files: [{ referenceNumber: reference }],
      });
    expect(statusAndCode(await publish(elsewhere.id))).toEqual([404, 'folders.not_found']);
    const gone = await create(unique('Gone'));
    await carol().delete(`${FOLDERS}/${gone.id}`);
    expect(statusAndCode(await publish(gone.id))).toEqual([404, 'folders.not_found']);
    // The upload is still pending: it publishes to the root.
    expect(
      (
        await carol().post('/t/acme/file-management/api/staff/published-files', {
          siteId: sites.bakery,
          files: [{ referenceNumber: reference }],
        })
      ).status,
    ).toBe(201);
  });

  it('multipart: a folderId field before the files puts them there when saved', async () => {
    const folder = await create(unique('Multipart'), null, bob());
    const boundary = 'folders-boundary';
    const body = rawMultipart(boundary, [
      { field: 'siteId', value: sites.bakery },
      { field: 'folderId', value: folder.id },
      { file: 'file', fileName: 'form.pdf', type: 'application/pdf', bytes: PDF_BYTES('form') },
    ]);
    const uploaded = await bob().uploadRaw(`multipart/form-data; boundary=${boundary}`, body);
    expect(uploaded.status).toBe(201);
    const saved = await bob().post<SubmittedFileList>('/t/acme/portal/api/files', {
      siteId: sites.bakery,
      files: [{ referenceNumber: uploaded.body.files[0]!.referenceNumber }],
    });
    expect(saved.body.records[0]).toMatchObject({ fileName: 'form.pdf', folderId: folder.id });

    const alien = await create(unique('Alien multipart'), null, carol(), sites.other);
    const refused = await bob().uploadRaw(
      `multipart/form-data; boundary=${boundary}`,
      rawMultipart(boundary, [
        { field: 'siteId', value: sites.bakery },
        { field: 'folderId', value: alien.id },
        { file: 'file', fileName: 'form.pdf', type: 'application/pdf', bytes: PDF_BYTES('form') },
      ]),
    );
    expect(statusAndCode(refused)).toEqual([404, 'folders.not_found']);
  });

  it('tus: folderId in the Upload-Metadata puts the file there when saved', async () => {
    const folder = await create(unique('Resumable'), null, bob());
    const bytes = PDF_BYTES('tus');
    const metadata = Object.entries({
      filename: 'resumable.pdf',
      filetype: 'application/pdf',
      siteId: sites.bakery,
      folderId: folder.id,
    })
      .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
      .join(',');
    const tus = { 'tus-resumable': '1.0.0' };
    const created = await bob().raw('/t/acme/file-storage/api/uploads/tus', {
      method: 'POST',
      headers: { ...tus, 'upload-length': String(bytes.length), 'upload-metadata': metadata },
    });
    expect(created.status).toBe(201);
    const done = await bob().raw(created.headers.get('location')!, {
      method: 'PATCH',
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: bytes,
    });
    expect(done.status).toBe(204);
    const saved = await bob().post<SubmittedFileList>('/t/acme/portal/api/files', {
      siteId: sites.bakery,
      files: [{ referenceNumber: done.headers.get(UPLOAD_REFERENCE_HEADER)! }],
    });
    expect(saved.body.records[0]).toMatchObject({ fileName: 'resumable.pdf', folderId: folder.id });
  });
});

describe('a zip of a folder keeps its tree', () => {
  it('streamed and through a ticket: entries below the folder are named by their folders', async () => {
    const year = await create(unique('Zip year'));
    const q1 = await create('Q1', year.id);
    const deep = await create('Deep', q1.id);
    await publishInto(year.id, ['summary.pdf']);
    await publishInto(q1.id, ['invoice.pdf']);
    await publishInto(deep.id, ['invoice.pdf']);
    const listed = await listPublished({
      folderId: year.id,
      includeSubfolders: true,
      sortBy: 'createdAt',
      sortOrder: 'asc',
    });
    const fileIds = listed.body.records.map((r) => r.id);
    expect(fileIds).toHaveLength(3);

    const zip = await bob().bytes(`${PUBLISHED}/zip`, { method: 'POST', body: { fileIds } });
    expect(zip.status).toBe(200);
    expect(readZip(zip.body).map((e) => e.name)).toEqual([
      'summary.pdf',
      'Q1/invoice.pdf',
      'Q1/Deep/invoice.pdf',
    ]);

    const ticket = await bob().post<{ url: string }>(`${PUBLISHED}/download-tickets`, { fileIds, zip: true });
    expect(ticket.status).toBe(201);
    const fetched = await api.anonymous.bytes(`/t/acme/file-management/${ticket.body.url}`);
    expect(fetched.status).toBe(200);
    expect(readZip(fetched.body).map((e) => e.name)).toEqual([
      'summary.pdf',
      'Q1/invoice.pdf',
      'Q1/Deep/invoice.pdf',
    ]);
    // Files of one folder are at the top, as before folders.
    const one = await bob().bytes(`${PUBLISHED}/zip`, {
      method: 'POST',
      body: { fileIds: fileIds.slice(1, 2) },
    });
    expect(readZip(one.body).map((e) => e.name)).toEqual(['invoice.pdf']);
  });
});

describe("the staff's submissions by folder", () => {
  it('with a site, folderId narrows to the folder (includeSubfolders: and below); without a site it is ignored', async () => {
    const folder = await create(unique('Staff view'), null, bob());
    const inner = await create('Inner', folder.id, bob());
    const save = async (name: string, folderId: string) => {
      const [reference] = await uploadReferences(bob(), sites.bakery, [
        { name, bytes: PDF_BYTES(name), type: 'application/pdf' },
      ]);
      const saved = await bob().post<SubmittedFileList>('/t/acme/portal/api/files', {
        siteId: sites.bakery,
        folderId,
        files: [{ referenceNumber: reference }],
      });
      return saved.body.records[0]!.id;
    };
    const outer = await save('outer.pdf', folder.id);
    const deep = await save('deep.pdf', inner.id);
    const STAFF = '/t/acme/portal/api/staff/submissions';
    const ids = async (query: Record<string, string | boolean>) =>
      (await carol().get<SubmittedFileList>(STAFF, { limit: 100, ...query })).body.records.map((r) => r.id);
    expect(await ids({ siteId: sites.bakery, folderId: folder.id })).toEqual([outer]);
    expect(
      (await ids({ siteId: sites.bakery, folderId: folder.id, includeSubfolders: true })).sort(),
    ).toEqual([outer, deep].sort());
    expect(await ids({ siteId: sites.bakery, folderId: 'root' })).not.toContain(outer);
    expect(await ids({ folderId: folder.id })).toEqual(expect.arrayContaining([outer, deep]));
  });
});
