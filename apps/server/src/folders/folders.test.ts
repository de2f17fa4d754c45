import {
  FILE_AREA_SETTING_KEYS,
  type FileAreaSettingKey,
  type Folder,
  type FolderList,
  type PublishedFileList,
  type PublishedFilesResult,
  type SubmittedFileList,
  UPLOAD_REFERENCE_HEADER,
} from '@portico/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, statusAndCode, useTestApi } from '../testing/api.ts';
import { readZip } from '../testing/read-zip.ts';
import { PDF_BYTES, uploadReferences } from '../testing/staff-access.ts';
import { rawMultipart } from '../testing/uploads.ts';

/**
 * Folders (issue 26, decision 47) through the real API: every action for staff, a member client, a client who is
 * not a member, another firm and the flag off; cycles, names taken, lists narrowed to a folder or a subtree, and
 * uploads landing in a folder by every way in.
 */

const api = useTestApi();
const FOLDERS = '/t/acme/file-management/api/folders';
const PUBLISHED = '/t/acme/file-management/api/files/published-files';
const SUBMITTED = '/t/acme/portal/api/files/submitted';
let bakery: string;
let other: string; // ACME-1002, Alice's site

const carol = () => api.as('carol');
const bob = () => api.as('bob');

/** The site's own override: every flag on, but those in `off`. */
async function setFlags(siteId: string, ...off: FileAreaSettingKey[]) {
  const flags = Object.fromEntries(FILE_AREA_SETTING_KEYS.map((k) => [k, !off.includes(k)]));
  const answer = await carol().patch(`/t/acme/portal/api/staff/sites/${siteId}/file-area-settings`, flags);
  expect(answer.status).toBe(200);
}

let counter = 0;
const unique = (name: string) => `${name} ${++counter}`;

async function create(
  name: string,
  parentId: string | null = null,
  client: ApiClient = carol(),
  siteId = bakery,
) {
  const answer = await client.post<Folder>(FOLDERS, { siteId, parentId, name });
  expect(statusAndCode(answer)).toEqual([201, undefined]);
  return answer.body;
}

async function publishInto(folderId: string | null, names: string[], siteId = bakery): Promise<string[]> {
  const references = await uploadReferences(
    carol(),
    siteId,
    names.map((name) => ({ name, bytes: PDF_BYTES(name), type: 'application/pdf' })),
  );
  const published = await carol().post<PublishedFilesResult>(
    '/t/acme/file-management/api/staff/published-files',
    {
      siteId,
      folderId,
      files: references.map((referenceNumber) => ({ referenceNumber })),
    },
  );
  expect(statusAndCode(published)).toEqual([201, undefined]);
  return published.body.records.map((r) => r.id);
}

const listPublished = (query: Record<string, string | boolean | number>, client: ApiClient = bob()) =>
  client.get<PublishedFileList>(PUBLISHED, { siteId: bakery, limit: 100, ...query });

beforeAll(async () => {
  bakery = api.siteId('ACME-1001');
  other = api.siteId('ACME-1002');
  await setFlags(bakery);
});

describe('GET and POST folders', () => {
  it('staff and a member client create folders; both list the tree; a non-member and another firm get 404', async () => {
    const top = await create(unique('2025'));
    const sub = await create('Q1', top.id, bob());
    expect(sub).toEqual({ id: expect.any(String), name: 'Q1', parentId: top.id });

    for (const client of [carol(), bob()]) {
      const listed = await client.get<FolderList>(FOLDERS, { siteId: bakery });
      expect(listed.status).toBe(200);
      expect(listed.body.records).toEqual(expect.arrayContaining([top, sub]));
      expect(listed.body.totalRecordCount).toBe(listed.body.records.length);
    }
    expect(statusAndCode(await api.as('alice').get(FOLDERS, { siteId: bakery }))).toEqual([
      404,
      'sites.not_found',
    ]);
    expect(statusAndCode(await api.as('alice').post(FOLDERS, { siteId: bakery, name: 'x' }))).toEqual([
      404,
      'sites.not_found',
    ]);
    const dave = api.as('dave', { tenants: ['acme', 'globex'] });
    expect((await dave.get(FOLDERS, { siteId: bakery })).status).toBe(403);
    // Globex's own service, an acme site id: as if it did not exist.
    expect(
      statusAndCode(await api.as('dave').get('/t/globex/file-management/api/folders', { siteId: bakery })),
    ).toEqual([404, 'sites.not_found']);
    expect(
      statusAndCode(
        await api.as('dave').post('/t/globex/file-management/api/folders', { siteId: bakery, name: 'x' }),
      ),
    ).toEqual([404, 'sites.not_found']);
  });

  it('with fileAreaFolderStructure off a client may neither list nor create folders, staff still may', async () => {
    const existing = await create(unique('Before off'));
    const [reference] = await uploadReferences(bob(), bakery, [
      { name: 'off.pdf', bytes: PDF_BYTES('off'), type: 'application/pdf' },
    ]);
    await setFlags(bakery, 'fileAreaFolderStructure');
    try {
      // Nor save into a folder: the upload stays pending, and saves at the root.
      const into = await bob().post('/t/acme/portal/api/files', {
        siteId: bakery,
        folderId: existing.id,
        files: [{ referenceNumber: reference }],
      });
      expect(statusAndCode(into)).toEqual([403, 'settings.forbidden']);
      expect(
        (
          await bob().post('/t/acme/portal/api/files', {
            siteId: bakery,
            files: [{ referenceNumber: reference }],
          })
        ).status,
      ).toBe(201);
      expect(statusAndCode(await bob().get(FOLDERS, { siteId: bakery }))).toEqual([
        403,
        'settings.forbidden',
      ]);
      expect(statusAndCode(await bob().post(FOLDERS, { siteId: bakery, name: 'x' }))).toEqual([
        403,
        'settings.forbidden',
      ]);
      // Nor narrow a list to a folder: the flat list is theirs.
      expect(statusAndCode(await listPublished({ folderId: 'root' }))).toEqual([403, 'settings.forbidden']);
      expect((await listPublished({})).status).toBe(200);
      await create(unique('Staff only'));
      expect((await carol().get(FOLDERS, { siteId: bakery })).status).toBe(200);
    } finally {
      await setFlags(bakery);
    }
  });

  it('refuses a name taken beside it (any case) with 409, a parent of another site or unknown with 404', async () => {
    const name = unique('Tax return');
    const first = await create(name);
    expect(statusAndCode(await carol().post(FOLDERS, { siteId: bakery, name: name.toUpperCase() }))).toEqual([
      409,
      'name.taken',
    ]);
    // The same name below another folder is fine.
    await create(name, first.id);
    const elsewhere = await create(unique('Elsewhere'), null, carol(), other);
    expect(
      statusAndCode(await carol().post(FOLDERS, { siteId: bakery, parentId: elsewhere.id, name: 'x' })),
    ).toEqual([404, 'folders.not_found']);
    expect(
      statusAndCode(
        await carol().post(FOLDERS, {
          siteId: bakery,
          parentId: '00000000-0000-4000-8000-000000000000',
          name: 'x',
        }),
      ),
    ).toEqual([404, 'folders.not_found']);
    for (const bad of ['a/b', '..', '', 'back\\slash']) {
      expect((await carol().post(FOLDERS, { siteId: bakery, name: bad })).status).toBe(400);
    }
  });
});

describe('PATCH and DELETE folders', () => {
  it('staff rename and move a folder; moving into itself or below itself is 400 folders.cycle', async () => {
    const a = await create(unique('A'));
    const b = await create('B', a.id);
    const c = await create('C', b.id);
    const renamed = await carol().patch<Folder>(`${FOLDERS}/${a.id}`, { name: `${a.name} renamed` });
    expect(renamed.body).toEqual({ id: a.id, name: `${a.name} renamed`, parentId: null });
    expect(statusAndCode(await carol().patch(`${FOLDERS}/${a.id}`, { parentId: a.id }))).toEqual([
      400,
      'folders.cycle',
    ]);
    expect(statusAndCode(await carol().patch(`${FOLDERS}/${a.id}`, { parentId: c.id }))).toEqual([
      400,
      'folders.cycle',
    ]);
    // C to the root, then B below C: fine, the tree stays a tree.
    expect((await carol().patch<Folder>(`${FOLDERS}/${c.id}`, { parentId: null })).body.parentId).toBeNull();
    expect((await carol().patch<Folder>(`${FOLDERS}/${b.id}`, { parentId: c.id })).body.parentId).toBe(c.id);
    // A name taken among the new siblings.
    const d = await create('B', a.id);
    expect(statusAndCode(await carol().patch(`${FOLDERS}/${d.id}`, { parentId: c.id }))).toEqual([
      409,
      'name.taken',
    ]);
    const events = await api.db.query<{ action: string }>(
      `SELECT action FROM audit_events WHERE detail->>'folderId' = $1 ORDER BY id`,
      [a.id],
    );
    expect(events.rows.map((e) => e.action)).toEqual(['folder.create', 'folder.rename']);
  });

  it('a member client may not rename, move or delete (403); a non-member and another firm get 404', async () => {
    const folder = await create(unique('Kept'));
    for (const [method, body] of [
      ['PATCH', { name: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      expect(statusAndCode(await bob().request(method, `${FOLDERS}/${folder.id}`, body))).toEqual([
        403,
        'auth.staff_only',
      ]);
      expect(statusAndCode(await api.as('alice').request(method, `${FOLDERS}/${folder.id}`, body))).toEqual([
        404,
        'folders.not_found',
      ]);
      expect(
        statusAndCode(
          await api.as('dave').request(method, `/t/globex/file-management/api/folders/${folder.id}`, body),
        ),
      ).toEqual([404, 'folders.not_found']);
    }
    const listed = await carol().get<FolderList>(FOLDERS, { siteId: bakery });
    expect(listed.body.records).toContainEqual(folder);
  });

  it('deleting a folder sends it and everything under it to the trash; the files leave the lists', async () => {
    const top = await create(unique('Old year'));
    const sub = await create('Receipts', top.id);
    const [inTop] = await publishInto(top.id, ['top.pdf']);
    const [inSub] = await publishInto(sub.id, ['sub.pdf']);
    const [kept] = await publishInto(null, ['kept.pdf']);
    const before = (await listPublished({ count: true })).body as unknown as { count: number };

    expect((await carol().delete(`${FOLDERS}/${top.id}`)).status).toBe(204);
    const folders = await api.db.query<{ id: string; deleted_by: string; trashed_with: string | null }>(
      'SELECT id, deleted_by, trashed_with FROM folders WHERE id = ANY($1::uuid[]) ORDER BY created_at',
      [[top.id, sub.id]],
    );
    const carolId = await api.userId('carol');
    expect(folders.rows).toEqual([
      { id: top.id, deleted_by: carolId, trashed_with: null },
      { id: sub.id, deleted_by: carolId, trashed_with: top.id },
    ]);
    const files = await api.db.query<{ id: string; trashed_with: string | null; deleted: boolean }>(
      'SELECT id, trashed_with, deleted_at IS NOT NULL AS deleted FROM files WHERE id = ANY($1::uuid[]) ORDER BY file_name',
      [[inTop, inSub, kept]],
    );
    expect(files.rows).toEqual([
      { id: kept, trashed_with: null, deleted: false },
      { id: inSub, trashed_with: top.id, deleted: true },
      { id: inTop, trashed_with: top.id, deleted: true },
    ]);
    const ids = (await listPublished({})).body.records.map((r) => r.id);
    expect(ids).toContain(kept);
    expect(ids).not.toContain(inTop);
    expect(((await listPublished({ count: true })).body as unknown as { count: number }).count).toBe(
      before.count - 2,
    );
    // The files' history says so.
    const history = await api.db.query<{ file_id: string }>(
      "SELECT file_id FROM audit_events WHERE action = 'file.delete' AND file_id = ANY($1::uuid[])",
      [[inTop, inSub]],
    );
    expect(history.rows).toHaveLength(2);
    expect(statusAndCode(await carol().delete(`${FOLDERS}/${top.id}`))).toEqual([404, 'folders.not_found']);
    expect(statusAndCode(await listPublished({ folderId: sub.id }))).toEqual([404, 'folders.not_found']);
    // Its name is free again.
    await create(top.name);
  });

  it('refuses to delete a folder holding a file someone else checked out (409 file.checked_out)', async () => {
    const folder = await create(unique('Locked'));
    const [file] = await publishInto(folder.id, ['locked.pdf']);
    await api.db.query(
      "UPDATE files SET checked_out_by = $2, checked_out_until = now() + interval '1 hour' WHERE id = $1",
      [file, await api.userId('bob')],
    );
    expect(statusAndCode(await carol().delete(`${FOLDERS}/${folder.id}`))).toEqual([409, 'file.checked_out']);
    await api.db.query('UPDATE files SET checked_out_by = NULL, checked_out_until = NULL WHERE id = $1', [
      file,
    ]);
    expect((await carol().delete(`${FOLDERS}/${folder.id}`)).status).toBe(204);
  });
});

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
    // A folder of another site, or of another firm's view, is not there.
    const elsewhere = await create(unique('Other site'), null, carol(), other);
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
    const [reference] = await uploadReferences(bob(), bakery, [
      { name: 'scan.pdf', bytes: PDF_BYTES('scan'), type: 'application/pdf' },
    ]);
    const saved = await bob().post<SubmittedFileList>('/t/acme/portal/api/files', {
      siteId: bakery,
      folderId: folder.id,
      files: [{ referenceNumber: reference }],
    });
    expect(saved.status).toBe(201);
    expect(saved.body.records[0]).toMatchObject({ folderId: folder.id });
    const listed = await bob().get<SubmittedFileList>(SUBMITTED, { siteId: bakery, folderId: folder.id });
    expect(listed.body.records.map((r) => r.fileName)).toEqual(['scan.pdf']);
  });

  it('a folder of another site, or in the trash, is refused with 404 folders.not_found and nothing is saved', async () => {
    const elsewhere = await create(unique('Alien'), null, carol(), other);
    const [reference] = await uploadReferences(carol(), bakery, [
      { name: 'x.pdf', bytes: PDF_BYTES('x'), type: 'application/pdf' },
    ]);
    const publish = (folderId: string) =>
      carol().post('/t/acme/file-management/api/staff/published-files', {
        siteId: bakery,
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
          siteId: bakery,
          files: [{ referenceNumber: reference }],
        })
      ).status,
    ).toBe(201);
  });

  it('multipart: a folderId field before the files puts them there when saved', async () => {
    const folder = await create(unique('Multipart'), null, bob());
    const boundary = 'folders-boundary';
    const body = rawMultipart(boundary, [
      { field: 'siteId', value: bakery },
      { field: 'folderId', value: folder.id },
      { file: 'file', fileName: 'form.pdf', type: 'application/pdf', bytes: PDF_BYTES('form') },
    ]);
    const uploaded = await bob().uploadRaw(`multipart/form-data; boundary=${boundary}`, body);
    expect(uploaded.status).toBe(201);
    const saved = await bob().post<SubmittedFileList>('/t/acme/portal/api/files', {
      siteId: bakery,
      files: [{ referenceNumber: uploaded.body.files[0]!.referenceNumber }],
    });
    expect(saved.body.records[0]).toMatchObject({ fileName: 'form.pdf', folderId: folder.id });

    const alien = await create(unique('Alien multipart'), null, carol(), other);
    const refused = await bob().uploadRaw(
      `multipart/form-data; boundary=${boundary}`,
      rawMultipart(boundary, [
        { field: 'siteId', value: bakery },
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
      siteId: bakery,
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
      siteId: bakery,
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
      const [reference] = await uploadReferences(bob(), bakery, [
        { name, bytes: PDF_BYTES(name), type: 'application/pdf' },
      ]);
      const saved = await bob().post<SubmittedFileList>('/t/acme/portal/api/files', {
        siteId: bakery,
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
    expect(await ids({ siteId: bakery, folderId: folder.id })).toEqual([outer]);
    expect((await ids({ siteId: bakery, folderId: folder.id, includeSubfolders: true })).sort()).toEqual(
      [outer, deep].sort(),
    );
    expect(await ids({ siteId: bakery, folderId: 'root' })).not.toContain(outer);
    expect(await ids({ folderId: folder.id })).toEqual(expect.arrayContaining([outer, deep]));
  });
});
