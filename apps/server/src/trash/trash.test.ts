import path from 'node:path';
import type { CopiedFile, RestoredItem, TrashList } from '@portico/contracts';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JOBS } from '../jobs.ts';
import { createFsBlobStore } from '../storage/fs-blob-store.ts';
import { useTestApi } from '../testing/api.ts';
import { insertFolder, setSiteFlags, submitFile } from '../testing/site-file-fixtures.ts';
import { purgeExpiredTrash } from './trash.usecases.ts';

/**
 * A site's trash (issue 26, decision 48) through the real API: staff list what someone deleted, restore it (to
 * its folder, or the root when that is gone; folders with what went with them; taken names get " (2)") and delete
 * it for good (bytes with the last row naming them); the retention job empties what is older than its days.
 */

const api = useTestApi();
const BAKERY = 'ACME-1001';
let site: string;
const base = '/t/acme/file-management/api';
const quiet = { warn: () => undefined };

beforeAll(() => {
  site = api.siteId(BAKERY);
});
beforeEach(() => setSiteFlags(api, site));

const blobs = () => createFsBlobStore(path.join(api.server.config.dataDir, 'blobs'));
const blobKeyOf = async (id: string) =>
  (await api.db.query<{ blob_key: string }>('SELECT blob_key FROM files WHERE id = $1', [id])).rows[0]!
    .blob_key;
const exists = async (table: 'files' | 'folders', id: string) =>
  (await api.db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id])).rows.length > 0;
const trashOf = async () => (await api.as('carol').get<TrashList>(`${base}/trash`, { siteId: site })).body;
const remove = (id: string) => api.as('bob').delete(`${base}/files/${id}`);
const restore = (id: string) => api.as('carol').post<RestoredItem>(`${base}/trash/${id}/restore`);
const purge = (id: string) => api.as('carol').delete(`${base}/trash/${id}`);

/** As the folders API deletes a folder: it and everything under it, what went along naming it. */
async function trashFolder(folderId: string, by: string) {
  await api.db.query(
    `WITH RECURSIVE sub AS (SELECT id FROM folders WHERE id = $1
                            UNION ALL SELECT f.id FROM folders f JOIN sub ON f.parent_id = sub.id)
     UPDATE folders SET deleted_at = now(), deleted_by = $2, trashed_with = CASE WHEN id = $1 THEN NULL ELSE $1::uuid END
     WHERE id IN (SELECT id FROM sub)`,
    [folderId, by],
  );
  await api.db.query(
    `WITH RECURSIVE sub AS (SELECT id FROM folders WHERE id = $1
                            UNION ALL SELECT f.id FROM folders f JOIN sub ON f.parent_id = sub.id)
     UPDATE files SET deleted_at = now(), deleted_by = $2, trashed_with = $1
     WHERE folder_id IN (SELECT id FROM sub) AND deleted_at IS NULL`,
    [folderId, by],
  );
}

describe('GET trash?siteId=', () => {
  it('lists what someone deleted, newest first, with who, for staff only', async () => {
    const first = await submitFile(api, 'bob', site, 'First.pdf');
    const second = await submitFile(api, 'bob', site, 'Second.pdf');
    await remove(first);
    await api.as('carol').delete(`${base}/files/${second}`);
    const folder = await insertFolder(api, site, 'Old year');
    await insertFolder(api, site, 'Inside', folder);
    await submitFile(api, 'bob', site, 'In folder.pdf').then((id) =>
      api.as('bob').patch(`${base}/files/${id}`, { folderId: folder }),
    );
    await trashFolder(folder, await api.userId('carol'));

    const trash = await trashOf();
    expect(trash.records.slice(0, 3)).toMatchObject([
      {
        id: folder,
        kind: 'folder',
        name: 'Old year',
        itemCount: 2,
        deletedBy: 'Carol Chen',
        direction: null,
      },
      { id: second, kind: 'file', name: 'Second.pdf', deletedBy: 'Carol Chen', direction: 'submitted' },
      { id: first, kind: 'file', name: 'First.pdf', deletedBy: 'Bob Baker', size: 64 },
    ]);
    // What went with the folder is not listed on its own.
    expect(trash.records.map((r) => r.name)).not.toContain('In folder.pdf');
    expect(trash.totalRecordCount).toBe(trash.records.length);
    const paged = await api
      .as('carol')
      .get<TrashList>(`${base}/trash`, { siteId: site, limit: 1, offset: 1 });
    expect(paged.body).toMatchObject({ records: [{ id: second }], totalRecordCount: trash.totalRecordCount });

    const client = await api.as('bob').get(`${base}/trash`, { siteId: site });
    expect([client.status, client.body.error?.code]).toEqual([403, 'auth.staff_only']);
    const otherFirm = await api.as('dave').get(`/t/globex/file-management/api/trash`, { siteId: site });
    expect([otherFirm.status, otherFirm.body.error?.code]).toEqual([404, 'sites.not_found']);
  });

  it('holds an unpublished file, restorable to the clients', async () => {
    const { rows } = await api.db.query<{ id: string }>(
      "SELECT id FROM files WHERE site_id = $1 AND direction = 'published' AND deleted_at IS NULL LIMIT 1",
      [site],
    );
    const id = rows[0]!.id;
    expect((await api.as('carol').delete(`${base}/staff/published-files/${id}`)).status).toBe(204);
    expect((await trashOf()).records[0]).toMatchObject({
      id,
      direction: 'published',
      deletedBy: 'Carol Chen',
    });
    expect((await restore(id)).status).toBe(200);
    const list = await api.as('bob').get<{ records: { id: string }[] }>(`${base}/files/published-files`, {
      siteId: site,
    });
    expect(list.body.records.map((f) => f.id)).toContain(id);
  });
});

describe('POST trash/{id}/restore', () => {
  it('brings a file back to its folder, recorded in its history', async () => {
    const folder = await insertFolder(api, site, 'Keep');
    const id = await submitFile(api, 'bob', site, 'Back.pdf');
    await api.as('bob').patch(`${base}/files/${id}`, { folderId: folder });
    await remove(id);
    const answer = await restore(id);
    expect(answer.body).toEqual({
      id,
      kind: 'file',
      name: 'Back.pdf',
      folderId: folder,
      renamed: false,
      itemCount: 0,
    });
    const { rows } = await api.db.query<{ action: string }>(
      'SELECT action FROM audit_events WHERE file_id = $1 ORDER BY id',
      [id],
    );
    expect(rows.map((r) => r.action)).toEqual(['file.submit', 'file.move', 'file.delete', 'file.restore']);
    expect((await restore(id)).body.error?.code).toBe('trash.not_found');
  });

  it('to the root when its folder was deleted or is gone', async () => {
    for (const fate of ['deleted', 'gone'] as const) {
      const folder = await insertFolder(api, site, `Doomed ${fate}`);
      const id = await submitFile(api, 'bob', site, `Orphan ${fate}.pdf`);
      await api.as('bob').patch(`${base}/files/${id}`, { folderId: folder });
      await remove(id);
      if (fate === 'deleted')
        await api.db.query('UPDATE folders SET deleted_at = now() WHERE id = $1', [folder]);
      else await api.db.query('DELETE FROM folders WHERE id = $1', [folder]);
      expect((await restore(id)).body).toMatchObject({ folderId: null, renamed: false });
    }
  });

  it('renames it " (2)" when its name was taken meanwhile', async () => {
    const id = await submitFile(api, 'bob', site, 'Clash.pdf');
    await remove(id);
    await submitFile(api, 'bob', site, 'Clash.pdf');
    expect((await restore(id)).body).toMatchObject({ name: 'Clash (2).pdf', renamed: true });
    const { rows } = await api.db.query('SELECT title, file_name FROM files WHERE id = $1', [id]);
    expect(rows[0]).toEqual({ title: 'Clash (2).pdf', file_name: 'Clash (2).pdf' });
  });

  it('brings a folder back with everything that went with it, and nothing deleted on its own', async () => {
    const folder = await insertFolder(api, site, 'Project');
    const sub = await insertFolder(api, site, 'Drafts', folder);
    const inFolder = await submitFile(api, 'bob', site, 'Plan.pdf');
    const inSub = await submitFile(api, 'bob', site, 'Draft.pdf');
    const alone = await submitFile(api, 'bob', site, 'Alone.pdf');
    await api.as('bob').patch(`${base}/files/${inFolder}`, { folderId: folder });
    await api.as('bob').patch(`${base}/files/${inSub}`, { folderId: sub });
    await api.as('bob').patch(`${base}/files/${alone}`, { folderId: folder });
    await remove(alone);
    await trashFolder(folder, await api.userId('carol'));
    await insertFolder(api, site, 'project'); // its name taken meanwhile, ignoring case

    expect((await restore(inFolder)).body.error?.code).toBe('trash.not_found'); // it went with the folder
    const answer = await restore(folder);
    expect(answer.body).toEqual({
      id: folder,
      kind: 'folder',
      name: 'Project (2)',
      folderId: null,
      renamed: true,
      itemCount: 3,
    });
    const { rows } = await api.db.query<{ id: string; live: boolean }>(
      'SELECT id, deleted_at IS NULL AS live FROM files WHERE id = ANY($1::uuid[]) ORDER BY file_name',
      [[inFolder, inSub, alone]],
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.live]))).toEqual({
      [inFolder]: true,
      [inSub]: true,
      [alone]: false,
    });
    const { rows: subRow } = await api.db.query(
      'SELECT deleted_at, trashed_with FROM folders WHERE id = $1',
      [sub],
    );
    expect(subRow[0]).toEqual({ deleted_at: null, trashed_with: null });
    // The file deleted on its own comes back into the restored folder.
    expect((await restore(alone)).body).toMatchObject({ folderId: folder });
  });

  it('is for staff only; another firm’s item is not there', async () => {
    const id = await submitFile(api, 'bob', site, 'Mine to keep.pdf');
    await remove(id);
    expect((await api.as('bob').post(`${base}/trash/${id}/restore`)).body.error?.code).toBe(
      'auth.staff_only',
    );
    const other = await api.as('dave').post(`/t/globex/file-management/api/trash/${id}/restore`);
    expect([other.status, other.body.error?.code]).toEqual([404, 'trash.not_found']);
  });
});

describe('DELETE trash/{id}', () => {
  it('copy then delete keeps the shared bytes until the last reference goes', async () => {
    const source = await submitFile(api, 'bob', site, 'Shared.pdf');
    const key = await blobKeyOf(source);
    const copy = (
      await api
        .as('bob')
        .post<CopiedFile>(`${base}/files/${source}/copy`, { folderId: null, name: 'Shared copy.pdf' })
    ).body.id;
    expect(await blobKeyOf(copy)).toBe(key);

    await remove(source);
    expect((await purge(source)).status).toBe(204);
    expect(await exists('files', source)).toBe(false);
    expect(await blobs().stat(key)).toBeDefined();
    const download = await api.as('bob').bytes(`/t/acme/portal/api/files/submitted/${copy}`);
    expect(download.status).toBe(200);

    await remove(copy);
    expect((await purge(copy)).status).toBe(204);
    expect(await blobs().stat(key)).toBeUndefined();
    const { rows } = await api.db.query('SELECT 1 FROM uploads WHERE blob_key = $1', [key]);
    expect(rows).toEqual([]);
    // The audit log keeps the name of what was deleted for good.
    const log = await api
      .as('carol')
      .get<{ records: { action: string; file: { fileName: string } | null }[] }>(
        '/t/acme/user/api/staff/audit-events',
        { action: 'file.purge' },
      );
    expect(log.status).toBe(200);
    expect(log.body.records.map((e) => e.file?.fileName)).toContain('Shared copy.pdf');
  });

  it('deletes a folder with what went with it; what was deleted on its own stays, restorable to the root', async () => {
    const folder = await insertFolder(api, site, 'Purge me');
    const sub = await insertFolder(api, site, 'Under', folder);
    const inSub = await submitFile(api, 'bob', site, 'Gone.pdf');
    const alone = await submitFile(api, 'bob', site, 'Survivor.pdf');
    await api.as('bob').patch(`${base}/files/${inSub}`, { folderId: sub });
    await api.as('bob').patch(`${base}/files/${alone}`, { folderId: sub });
    await remove(alone);
    await trashFolder(folder, await api.userId('carol'));
    const key = await blobKeyOf(inSub);

    expect((await purge(folder)).status).toBe(204);
    expect([
      await exists('folders', folder),
      await exists('folders', sub),
      await exists('files', inSub),
    ]).toEqual([false, false, false]);
    expect(await blobs().stat(key)).toBeUndefined();
    expect((await restore(alone)).body).toMatchObject({ folderId: null });
    expect((await purge(folder)).body.error?.code).toBe('trash.not_found');
  });

  it('is for staff only', async () => {
    const id = await submitFile(api, 'bob', site, 'Not yours.pdf');
    await remove(id);
    expect((await api.as('bob').delete(`${base}/trash/${id}`)).body.error?.code).toBe('auth.staff_only');
    expect(await exists('files', id)).toBe(true);
  });
});

describe('the retention job', () => {
  it('is in the job list', () => {
    expect(JOBS.map((j) => j.name)).toContain('trash-retention');
  });

  it('deletes for good what was deleted longer ago than TRASH_RETENTION_DAYS, and nothing newer', async () => {
    const old = await submitFile(api, 'bob', site, 'Old.pdf');
    const recent = await submitFile(api, 'bob', site, 'Recent.pdf');
    const folder = await insertFolder(api, site, 'Old folder');
    const inFolder = await submitFile(api, 'bob', site, 'Old inside.pdf');
    await api.as('bob').patch(`${base}/files/${inFolder}`, { folderId: folder });
    await remove(old);
    await remove(recent);
    await trashFolder(folder, await api.userId('bob'));
    await api.db.query(
      "UPDATE files SET deleted_at = now() - interval '31 days' WHERE id = ANY($1::uuid[])",
      [[old, inFolder]],
    );
    await api.db.query("UPDATE folders SET deleted_at = now() - interval '31 days' WHERE id = $1", [folder]);
    await api.db.query("UPDATE files SET deleted_at = now() - interval '29 days' WHERE id = $1", [recent]);
    const key = await blobKeyOf(old);

    expect(await purgeExpiredTrash(api.db, blobs(), 30, quiet)).toBe(2);
    expect([
      await exists('files', old),
      await exists('files', inFolder),
      await exists('folders', folder),
    ]).toEqual([false, false, false]);
    expect(await exists('files', recent)).toBe(true);
    expect(await blobs().stat(key)).toBeUndefined();
    const { rows } = await api.db.query<{ user_id: string | null; detail: { retentionDays: number } }>(
      "SELECT user_id, detail FROM audit_events WHERE action = 'file.purge' AND file_id = $1",
      [old],
    );
    expect(rows).toMatchObject([{ user_id: null, detail: { retentionDays: 30 } }]);
    expect(await purgeExpiredTrash(api.db, blobs(), 30, quiet)).toBe(0);
  });
});
