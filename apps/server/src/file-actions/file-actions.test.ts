import {
  type CopiedFile,
  type FileAreaSettingKey,
  SUGGESTED_NAME_PATH,
  type SubmittedFileList,
  type TrashList,
  type UpdatedFile,
} from '@portico/contracts';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApiClient, type DemoUsername, useTestApi } from '../testing/api.ts';
import { insertFolder, setSiteFlags, submitFile } from '../testing/site-file-fixtures.ts';

/**
 * Rename, move, copy and delete of one file (issue 26, decision 48), through the real API on the seeded server:
 * every action against staff, a member client, a client who is not a member, another firm and the action's flag
 * off; names taken, folders of another site, check-outs, and what each records.
 */

const api = useTestApi();
const BAKERY = 'ACME-1001'; // Bob is a client of it; Alice of ACME-1002 only; Carol staff of Acme; Dave of Globex.
const OTHER_SITE = 'ACME-1002';
let site: string;
const base = (tenant = 'acme') => `/t/${tenant}/file-management/api`;

beforeAll(() => {
  site = api.siteId(BAKERY);
});
beforeEach(() => setSiteFlags(api, site));

const fileRow = async (id: string) =>
  (
    await api.db.query<{
      title: string;
      file_name: string;
      folder_id: string | null;
      deleted_at: Date | null;
      deleted_by: string | null;
      blob_key: string;
      created_by: string;
    }>(
      'SELECT title, file_name, folder_id, deleted_at, deleted_by, blob_key, created_by FROM files WHERE id = $1',
      [id],
    )
  ).rows[0];

const eventsOf = async (fileId: string) =>
  (
    await api.db.query<{ action: string; detail: Record<string, unknown> }>(
      'SELECT action, detail FROM audit_events WHERE file_id = $1 ORDER BY id',
      [fileId],
    )
  ).rows;

interface ActionCase {
  flag: FileAreaSettingKey;
  act: (client: ApiClient, id: string, tenant?: string) => Promise<{ status: number; body: unknown }>;
  ok: number;
}

let folderCount = 0;
const ACTIONS: Record<string, ActionCase> = {
  rename: {
    flag: 'internalFilesRename',
    ok: 200,
    act: (client, id, tenant) => client.patch(`${base(tenant)}/files/${id}`, { name: `renamed-${id}.pdf` }),
  },
  move: {
    flag: 'internalFilesMove',
    ok: 200,
    act: async (client, id, tenant) =>
      client.patch(`${base(tenant)}/files/${id}`, {
        folderId: await insertFolder(api, site, `Move ${++folderCount}`),
      }),
  },
  copy: {
    flag: 'internalFilesCopy',
    ok: 201,
    act: (client, id, tenant) =>
      client.post(`${base(tenant)}/files/${id}/copy`, { folderId: null, name: `copy-${id}.pdf` }),
  },
  delete: {
    flag: 'internalFilesDelete',
    ok: 204,
    act: (client, id, tenant) => client.delete(`${base(tenant)}/files/${id}`),
  },
};

const outcome = (answer: { status: number; body: unknown }) =>
  `${answer.status} ${(answer.body as { error?: { code: string } } | null)?.error?.code ?? ''}`.trim();

describe.each(Object.keys(ACTIONS))('%s of a file', (name) => {
  const action = ACTIONS[name]!;

  it('staff and a member may; a client who is not a member and another firm get 404', async () => {
    const results: Record<string, string> = {};
    for (const [who, user, tenant] of [
      ['staff', 'carol', 'acme'],
      ['member', 'bob', 'acme'],
      ['non-member', 'alice', 'acme'],
      ['other tenant', 'dave', 'globex'],
    ] as const) {
      const id = await submitFile(api, 'bob', site, `${name}-${who}.pdf`);
      results[who] = outcome(await action.act(api.as(user as DemoUsername), id, tenant));
    }
    expect(results).toEqual({
      staff: String(action.ok),
      member: String(action.ok),
      'non-member': '404 files.not_found',
      'other tenant': '404 files.not_found',
    });
  });

  it(`its flag off (${action.flag}) refuses a member with 403 and changes nothing; staff still may`, async () => {
    const id = await submitFile(api, 'bob', site, `${name}-flag-off.pdf`);
    const before = await fileRow(id);
    await setSiteFlags(api, site, [action.flag]);
    expect(outcome(await action.act(api.as('bob'), id))).toBe('403 settings.forbidden');
    expect(await fileRow(id)).toEqual(before);
    expect((await eventsOf(id)).map((e) => e.action)).toEqual(['file.submit']);
    expect(outcome(await action.act(api.as('carol'), id))).toBe(String(action.ok));
  });

  it('is recorded in the file’s history', async () => {
    const id = await submitFile(api, 'bob', site, `${name}-history.pdf`);
    expect((await action.act(api.as('bob'), id)).status).toBe(action.ok);
    expect((await eventsOf(id)).map((e) => e.action)).toEqual(['file.submit', `file.${name}`]);
  });
});

describe('PATCH files/{id}: rename', () => {
  it('renames the file name; the title follows when it was the file name, a title of its own stays', async () => {
    const id = await submitFile(api, 'bob', site, 'Invoice.pdf');
    const answer = await api
      .as('bob')
      .patch<UpdatedFile>(`${base()}/files/${id}`, { name: '  Invoice 2025.pdf' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id,
      title: 'Invoice 2025.pdf',
      fileName: 'Invoice 2025.pdf',
      folderId: null,
    });
    await api.db.query("UPDATE files SET title = 'The invoice' WHERE id = $1", [id]);
    await api.as('bob').patch(`${base()}/files/${id}`, { name: 'Invoice final.pdf' });
    expect(await fileRow(id)).toMatchObject({ title: 'The invoice', file_name: 'Invoice final.pdf' });
    expect((await eventsOf(id)).at(-1)).toMatchObject({
      action: 'file.rename',
      detail: { from: 'Invoice 2025.pdf', to: 'Invoice final.pdf' },
    });
  });

  it('answers 409 name.taken with a free name when a live file of the folder has it, ignoring case', async () => {
    const taken = await submitFile(api, 'bob', site, 'Taken.pdf');
    await submitFile(api, 'bob', site, 'taken (2).pdf');
    const id = await submitFile(api, 'bob', site, 'Other.pdf');
    const answer = await api.as('bob').patch(`${base()}/files/${id}`, { name: 'TAKEN.pdf' });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatchObject({
      code: 'name.taken',
      details: [{ path: SUGGESTED_NAME_PATH, message: 'TAKEN (3).pdf' }],
    });
    expect(answer.body.error.message).toContain('"TAKEN (3).pdf" is free');
    // A file in the trash, or of the other direction, takes no name; a change of case of its own name is fine.
    await api.as('bob').delete(`${base()}/files/${taken}`);
    expect((await api.as('bob').patch(`${base()}/files/${id}`, { name: 'Taken.pdf' })).status).toBe(200);
    expect((await api.as('bob').patch(`${base()}/files/${id}`, { name: 'taken.PDF' })).status).toBe(200);
  });

  it('lets only one of two concurrent renames to the same name through', async () => {
    const a = await submitFile(api, 'bob', site, 'Race a.pdf');
    const b = await submitFile(api, 'carol', site, 'Race b.pdf');
    const answers = await Promise.all([
      api.as('bob').patch(`${base()}/files/${a}`, { name: 'Winner.pdf' }),
      api.as('carol').patch(`${base()}/files/${b}`, { name: 'winner.pdf' }),
    ]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    const { rows } = await api.db.query(
      "SELECT 1 FROM files WHERE site_id = $1 AND lower(file_name) = 'winner.pdf' AND deleted_at IS NULL",
      [site],
    );
    expect(rows).toHaveLength(1);
  });

  it('refuses a blank name, a refused type and an unknown field with 400', async () => {
    const id = await submitFile(api, 'bob', site, 'Plain.pdf');
    for (const body of [{ name: ' ' }, { name: 'setup.exe' }, { name: 'x.pdf', title: 'y' }, {}]) {
      expect([body, (await api.as('bob').patch(`${base()}/files/${id}`, body)).status]).toEqual([body, 400]);
    }
    expect(await fileRow(id)).toMatchObject({ file_name: 'Plain.pdf' });
  });
});

describe('PATCH files/{id}: move', () => {
  it('moves to a folder of the site and back to the root, recorded with both places', async () => {
    const folder = await insertFolder(api, site, 'Tax 2025');
    const id = await submitFile(api, 'bob', site, 'Move me.pdf');
    const moved = await api.as('bob').patch<UpdatedFile>(`${base()}/files/${id}`, { folderId: folder });
    expect(moved.body).toMatchObject({ folderId: folder });
    const list = await api
      .as('bob')
      .get<SubmittedFileList>('/t/acme/portal/api/files/submitted', { siteId: site });
    expect(list.body.records.find((f) => f.id === id)).toMatchObject({ folderId: folder });
    expect((await api.as('bob').patch(`${base()}/files/${id}`, { folderId: null })).status).toBe(200);
    expect((await fileRow(id))?.folder_id).toBeNull();
    const moves = (await eventsOf(id)).filter((e) => e.action === 'file.move').map((e) => e.detail);
    expect(moves).toEqual([
      { fromFolderId: null, toFolderId: folder, fileName: 'Move me.pdf' },
      { fromFolderId: folder, toFolderId: null, fileName: 'Move me.pdf' },
    ]);
  });

  it('answers 404 folders.not_found for a folder of another site, a deleted one or none', async () => {
    const id = await submitFile(api, 'bob', site, 'Stay.pdf');
    const elsewhere = await insertFolder(api, api.siteId(OTHER_SITE), 'Not here');
    const deleted = await insertFolder(api, site, 'Deleted');
    await api.db.query('UPDATE folders SET deleted_at = now() WHERE id = $1', [deleted]);
    for (const folderId of [elsewhere, deleted, '00000000-0000-4000-8000-000000000000']) {
      const answer = await api.as('carol').patch(`${base()}/files/${id}`, { folderId });
      expect([answer.status, answer.body.error?.code]).toEqual([404, 'folders.not_found']);
    }
    expect((await fileRow(id))?.folder_id).toBeNull();
  });

  it('renames and moves at once, the name checked in the new folder; needs both flags', async () => {
    const folder = await insertFolder(api, site, 'Both');
    const there = await submitFile(api, 'bob', site, 'Here.pdf');
    await api.as('bob').patch(`${base()}/files/${there}`, { folderId: folder });
    const id = await submitFile(api, 'bob', site, 'Coming.pdf');
    const clash = await api.as('bob').patch(`${base()}/files/${id}`, { name: 'Here.pdf', folderId: folder });
    expect([clash.status, clash.body.error?.details]).toEqual([
      409,
      [{ path: SUGGESTED_NAME_PATH, message: 'Here (2).pdf' }],
    ]);
    await setSiteFlags(api, site, ['internalFilesMove']);
    const refused = await api.as('bob').patch(`${base()}/files/${id}`, { name: 'New.pdf', folderId: folder });
    expect(refused.status).toBe(403);
    await setSiteFlags(api, site);
    const done = await api
      .as('bob')
      .patch(`${base()}/files/${id}`, { name: 'Here (2).pdf', folderId: folder });
    expect(done.body).toMatchObject({ fileName: 'Here (2).pdf', folderId: folder });
    expect((await eventsOf(id)).map((e) => e.action).slice(-2)).toEqual(['file.rename', 'file.move']);
  });
});

describe('POST files/{id}/copy', () => {
  it('makes a new file sharing the bytes, at version 1 with its own history', async () => {
    const folder = await insertFolder(api, site, 'Copies');
    const source = await submitFile(api, 'bob', site, 'Original.pdf');
    await api.db.query('UPDATE files SET version = 3 WHERE id = $1', [source]);
    const answer = await api
      .as('bob')
      .post<CopiedFile>(`${base()}/files/${source}/copy`, { folderId: folder });
    expect(answer.status).toBe(201);
    const copy = answer.body.id;
    expect(copy).not.toBe(source);
    const [a, b] = [await fileRow(source), await fileRow(copy)];
    expect(b).toMatchObject({ blob_key: a!.blob_key, file_name: 'Original.pdf', folder_id: folder });
    const { rows: versions } = await api.db.query<{ version: number; blob_key: string }>(
      'SELECT version, blob_key FROM file_versions WHERE file_id = $1',
      [copy],
    );
    expect(versions).toEqual([{ version: 1, blob_key: a!.blob_key }]);
    expect((await eventsOf(copy)).map((e) => [e.action, e.detail.sourceId])).toEqual([['file.copy', source]]);
    expect((await eventsOf(source)).at(-1)).toMatchObject({ action: 'file.copy', detail: { copyId: copy } });
    const download = await api.as('bob').bytes(`/t/acme/portal/api/files/submitted/${copy}`);
    const original = await api.as('bob').bytes(`/t/acme/portal/api/files/submitted/${source}`);
    expect(download.status).toBe(200);
    expect(download.body.equals(original.body)).toBe(true);
  });

  it('into the same folder answers 409 with "name (2).pdf"; with that name it is made', async () => {
    const source = await submitFile(api, 'bob', site, 'Twice.pdf');
    const clash = await api.as('bob').post(`${base()}/files/${source}/copy`, { folderId: null });
    expect([clash.status, clash.body.error?.details]).toEqual([
      409,
      [{ path: SUGGESTED_NAME_PATH, message: 'Twice (2).pdf' }],
    ]);
    const made = await api.as('bob').post<CopiedFile>(`${base()}/files/${source}/copy`, {
      folderId: null,
      name: 'Twice (2).pdf',
    });
    expect(made.status).toBe(201);
    expect(await fileRow(made.body.id)).toMatchObject({ title: 'Twice (2).pdf', file_name: 'Twice (2).pdf' });
  });

  it('answers 404 folders.not_found for a folder of another site', async () => {
    const source = await submitFile(api, 'bob', site, 'Nowhere.pdf');
    const elsewhere = await insertFolder(api, api.siteId(OTHER_SITE), 'Elsewhere');
    const answer = await api.as('carol').post(`${base()}/files/${source}/copy`, { folderId: elsewhere });
    expect([answer.status, answer.body.error?.code]).toEqual([404, 'folders.not_found']);
  });
});

describe('a file someone else has checked out', () => {
  it('may not be renamed, moved or deleted by others (409 file.checked_out); it may be copied', async () => {
    const id = await submitFile(api, 'bob', site, 'Locked.pdf');
    await api.db.query(
      "UPDATE files SET checked_out_by = $2, checked_out_until = now() + interval '1 hour' WHERE id = $1",
      [id, await api.userId('carol')],
    );
    const folder = await insertFolder(api, site, 'Locked out');
    for (const answer of [
      await api.as('bob').patch(`${base()}/files/${id}`, { name: 'Mine.pdf' }),
      await api.as('bob').patch(`${base()}/files/${id}`, { folderId: folder }),
      await api.as('bob').delete(`${base()}/files/${id}`),
    ]) {
      expect([answer.status, answer.body.error?.code]).toEqual([409, 'file.checked_out']);
      expect(answer.body.error.message).toContain('Carol Chen');
    }
    expect((await api.as('bob').post(`${base()}/files/${id}/copy`, { folderId: folder })).status).toBe(201);
    // The holder may.
    expect((await api.as('carol').patch(`${base()}/files/${id}`, { name: 'Carol.pdf' })).status).toBe(200);
  });
});

describe('DELETE files/{id}', () => {
  it('sends a client’s file to the trash: gone from the list, restorable by staff', async () => {
    const id = await submitFile(api, 'bob', site, 'Oops.pdf');
    expect((await api.as('bob').delete(`${base()}/files/${id}`)).status).toBe(204);
    expect(await fileRow(id)).toMatchObject({ deleted_by: await api.userId('bob') });
    const list = await api
      .as('bob')
      .get<SubmittedFileList>('/t/acme/portal/api/files/submitted', { siteId: site });
    expect(list.body.records.map((f) => f.id)).not.toContain(id);
    // Deleted twice, or acted on once deleted: not there.
    expect((await api.as('bob').delete(`${base()}/files/${id}`)).status).toBe(404);
    expect((await api.as('carol').patch(`${base()}/files/${id}`, { name: 'x.pdf' })).status).toBe(404);

    const trash = await api.as('carol').get<TrashList>(`${base()}/trash`, { siteId: site });
    expect(trash.body.records[0]).toMatchObject({
      id,
      kind: 'file',
      name: 'Oops.pdf',
      deletedBy: 'Bob Baker',
    });
    expect((await api.as('carol').post(`${base()}/trash/${id}/restore`)).status).toBe(200);
    const back = await api
      .as('bob')
      .get<SubmittedFileList>('/t/acme/portal/api/files/submitted', { siteId: site });
    expect(back.body.records.map((f) => f.id)).toContain(id);
  });
});
