import type { Folder, FolderList } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { statusAndCode, useTestApi } from '../testing/api.ts';
import { FOLDERS, useFolderFixture } from '../testing/folders.ts';
import { PDF_BYTES, uploadReferences } from '../testing/staff-access.ts';

/**
 * Folders (issue 26, decision 47) through the real API: every folder action for staff, a member client, a client
 * who is not a member, another firm and the flag off; cycles and names taken. What folders hold (lists, uploads,
 * zips) is folder-contents.test.ts.
 */

const api = useTestApi();
const { sites, carol, bob, setFlags, unique, create, publishInto, listPublished } = useFolderFixture(api);

describe('GET and POST folders', () => {
  it('staff and a member client create folders; both list the tree; a non-member and another firm get 404', async () => {
    const top = await create(unique('2025'));
    const sub = await create('Q1', top.id, bob());
    expect(sub).toEqual({ id: expect.any(String), name: 'Q1', parentId: top.id });

    for (const client of [carol(), bob()]) {
      const listed = await client.get<FolderList>(FOLDERS, { siteId: sites.bakery });
      expect(listed.status).toBe(200);
      expect(listed.body.records).toEqual(expect.arrayContaining([top, sub]));
      expect(listed.body.totalRecordCount).toBe(listed.body.records.length);
    }
    expect(statusAndCode(await api.as('alice').get(FOLDERS, { siteId: sites.bakery }))).toEqual([
      404,
      'sites.not_found',
    ]);
    expect(statusAndCode(await api.as('alice').post(FOLDERS, { siteId: sites.bakery, name: 'x' }))).toEqual([
      404,
      'sites.not_found',
    ]);
    const dave = api.as('dave', { tenants: ['acme', 'globex'] });
    expect((await dave.get(FOLDERS, { siteId: sites.bakery })).status).toBe(403);
    // Globex's own service, an acme site id: as if it did not exist.
    expect(
      statusAndCode(
        await api.as('dave').get('/t/globex/file-management/api/folders', { siteId: sites.bakery }),
      ),
    ).toEqual([404, 'sites.not_found']);
    expect(
      statusAndCode(
        await api
          .as('dave')
          .post('/t/globex/file-management/api/folders', { siteId: sites.bakery, name: 'x' }),
      ),
    ).toEqual([404, 'sites.not_found']);
  });

  it('with fileAreaFolderStructure off a client may neither list nor create folders, staff still may', async () => {
    const existing = await create(unique('Before off'));
    const [reference] = await uploadReferences(bob(), sites.bakery, [
      { name: 'off.pdf', bytes: PDF_BYTES('off'), type: 'application/pdf' },
    ]);
    await setFlags(sites.bakery, 'fileAreaFolderStructure');
    try {
      // Nor save into a folder: the upload stays pending, and saves at the root.
      const into = await bob().post('/t/acme/portal/api/files', {
        siteId: sites.bakery,
        folderId: existing.id,
        files: [{ referenceNumber: reference }],
      });
      expect(statusAndCode(into)).toEqual([403, 'settings.forbidden']);
      expect(
        (
          await bob().post('/t/acme/portal/api/files', {
            siteId: sites.bakery,
            files: [{ referenceNumber: reference }],
          })
        ).status,
      ).toBe(201);
      expect(statusAndCode(await bob().get(FOLDERS, { siteId: sites.bakery }))).toEqual([
        403,
        'settings.forbidden',
      ]);
      expect(statusAndCode(await bob().post(FOLDERS, { siteId: sites.bakery, name: 'x' }))).toEqual([
        403,
        'settings.forbidden',
      ]);
      // Nor narrow a list to a folder: the flat list is theirs.
      expect(statusAndCode(await listPublished({ folderId: 'root' }))).toEqual([403, 'settings.forbidden']);
      expect((await listPublished({})).status).toBe(200);
      await create(unique('Staff only'));
      expect((await carol().get(FOLDERS, { siteId: sites.bakery })).status).toBe(200);
    } finally {
      await setFlags(sites.bakery);
    }
  });

  it('refuses a name taken beside it (any case) with 409, a parent of another site or unknown with 404', async () => {
    const name = unique('Tax return');
    const first = await create(name);
    expect(
      statusAndCode(await carol().post(FOLDERS, { siteId: sites.bakery, name: name.toUpperCase() })),
    ).toEqual([409, 'name.taken']);
    // The same name below another folder is fine.
    await create(name, first.id);
    const elsewhere = await create(unique('Elsewhere'), null, carol(), sites.other);
    expect(
      statusAndCode(await carol().post(FOLDERS, { siteId: sites.bakery, parentId: elsewhere.id, name: 'x' })),
    ).toEqual([404, 'folders.not_found']);
    expect(
      statusAndCode(
        await carol().post(FOLDERS, {
          siteId: sites.bakery,
          parentId: '00000000-0000-4000-8000-000000000000',
          name: 'x',
        }),
      ),
    ).toEqual([404, 'folders.not_found']);
    for (const bad of ['a/b', '..', '', 'back\\slash', '   ', ' .. ']) {
      expect((await carol().post(FOLDERS, { siteId: sites.bakery, name: bad })).status).toBe(400);
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
    const listed = await carol().get<FolderList>(FOLDERS, { siteId: sites.bakery });
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
