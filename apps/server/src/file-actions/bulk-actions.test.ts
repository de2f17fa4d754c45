import type { BulkResult, FileAreaSettingKey, TrashList } from '@portico/contracts';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApiClient, type DemoUsername, useTestApi } from '../testing/api.ts';
import { insertFolder, setSiteFlags, submitFile } from '../testing/site-file-fixtures.ts';

/**
 * Bulk move and delete (issue 27 item 10, decision 60) through the real API on the seeded server: each × staff, a
 * member client, a client who is not a member, another firm and the flag off; all or nothing when one file of the
 * selection is refused (checked out by someone else, a name taken in the target folder); what each records.
 */

const api = useTestApi();
const BAKERY = 'ACME-1001'; // Bob is a client of it; Alice of ACME-1002 only; Carol staff of Acme; Dave of Globex.
let site: string;
let otherSite: string;
const base = (tenant = 'acme') => `/t/${tenant}/file-management/api`;

beforeAll(() => {
  site = api.siteId(BAKERY);
  otherSite = api.siteId('ACME-1002');
});
beforeEach(() => setSiteFlags(api, site));

const rows = async (ids: string[]) =>
  (
    await api.db.query<{ id: string; folder_id: string | null; deleted_at: Date | null }>(
      'SELECT id, folder_id, deleted_at FROM files WHERE id = ANY($1::uuid[]) ORDER BY id',
      [ids],
    )
  ).rows;
const actions = async (ids: string[], action: string) =>
  (
    await api.db.query<{ file_id: string; detail: Record<string, unknown> }>(
      'SELECT file_id, detail FROM audit_events WHERE file_id = ANY($1::uuid[]) AND action = $2 ORDER BY file_id',
      [ids, action],
    )
  ).rows;
const outcome = (answer: { status: number; body: unknown }) =>
  `${answer.status} ${(answer.body as { error?: { code: string } } | null)?.error?.code ?? ''}`.trim();

let n = 0;
const twoFiles = async (label: string) => [
  await submitFile(api, 'bob', site, `${label}-${++n}-a.pdf`),
  await submitFile(api, 'bob', site, `${label}-${n}-b.pdf`),
];

interface BulkCase {
  flag: FileAreaSettingKey;
  act: (client: ApiClient, ids: string[], tenant?: string) => Promise<{ status: number; body: unknown }>;
  done: (ids: string[]) => Promise<boolean>;
}

let target: string;
const BULK: Record<string, BulkCase> = {
  move: {
    flag: 'internalFilesMove',
    act: async (client, ids, tenant) => {
      target = await insertFolder(api, site, `Target ${++n}`);
      return client.post(`${base(tenant)}/files/move`, { fileIds: ids, folderId: target });
    },
    done: async (ids) => (await rows(ids)).every((r) => r.folder_id === target),
  },
  delete: {
    flag: 'internalFilesDelete',
    act: (client, ids, tenant) => client.post(`${base(tenant)}/files/delete`, { fileIds: ids }),
    done: async (ids) => (await rows(ids)).every((r) => r.deleted_at !== null),
  },
};

describe.each(Object.keys(BULK))('bulk %s', (name) => {
  const bulk = BULK[name]!;

  it('staff and a member may; a client who is not a member and another firm get 404 and nothing changes', async () => {
    const results: Record<string, string> = {};
    for (const [who, user, tenant] of [
      ['staff', 'carol', 'acme'],
      ['member', 'bob', 'acme'],
      ['non-member', 'alice', 'acme'],
      ['other tenant', 'dave', 'globex'],
    ] as const) {
      const ids = await twoFiles(`${name}-${who}`);
      const answer = await bulk.act(api.as(user as DemoUsername), ids, tenant);
      results[who] =
        `${outcome(answer)} ${answer.status === 200 ? (answer.body as BulkResult).count : ''}`.trim();
      results[`${who} done`] = String(await bulk.done(ids));
    }
    expect(results).toEqual({
      staff: '200 2',
      'staff done': 'true',
      member: '200 2',
      'member done': 'true',
      'non-member': '404 files.not_found',
      'non-member done': 'false',
      'other tenant': '404 files.not_found',
      'other tenant done': 'false',
    });
  });

  it('its flag off refuses a member with 403 and changes nothing; staff still may', async () => {
    const ids = await twoFiles(`${name}-flag-off`);
    await setSiteFlags(api, site, [bulk.flag]);
    expect(outcome(await bulk.act(api.as('bob'), ids))).toBe('403 settings.forbidden');
    expect(await bulk.done(ids)).toBe(false);
    expect(outcome(await bulk.act(api.as('carol'), ids))).toBe('200');
    expect(await bulk.done(ids)).toBe(true);
  });

  it('all or nothing: one file checked out by someone else refuses them all with 409', async () => {
    const ids = await twoFiles(`${name}-held`);
    expect((await api.as('carol').post(`${base()}/files/${ids[1]}/checkout`)).status).toBe(200);
    const before = await rows(ids);
    expect(outcome(await bulk.act(api.as('bob'), ids))).toBe('409 file.checked_out');
    expect(await rows(ids)).toEqual(before);
    // The holder may.
    expect(outcome(await bulk.act(api.as('carol'), ids))).toBe('200');
  });

  it('all or nothing: an id of another site the caller does not see refuses them all', async () => {
    const ids = await twoFiles(`${name}-foreign`);
    const alices = await submitFile(api, 'alice', otherSite, `${name}-alices.pdf`);
    const before = await rows(ids);
    expect(outcome(await bulk.act(api.as('bob'), [...ids, alices]))).toBe('404 files.not_found');
    expect(await rows(ids)).toEqual(before);
  });
});

describe('POST files/move', () => {
  it('records a move per file and moves a selection back to the root', async () => {
    const ids = await twoFiles('move-events');
    const folderId = await insertFolder(api, site, 'Events');
    const moved = await api.as('bob').post<BulkResult>(`${base()}/files/move`, { fileIds: ids, folderId });
    expect(moved.body).toEqual({ count: 2 });
    const events = await actions(ids, 'file.move');
    expect(events.map((e) => e.detail.toFolderId)).toEqual([folderId, folderId]);
    const back = await api
      .as('bob')
      .post<BulkResult>(`${base()}/files/move`, { fileIds: ids, folderId: null });
    expect(back.body).toEqual({ count: 2 });
    expect((await rows(ids)).map((r) => r.folder_id)).toEqual([null, null]);
  });

  it('a name taken in the target folder refuses them all with 409 name.taken naming the file', async () => {
    const folderId = await insertFolder(api, site, 'Clash');
    const there = await submitFile(api, 'bob', site, 'Clash-target.pdf');
    await api.db.query('UPDATE files SET folder_id = $2 WHERE id = $1', [there, folderId]);
    const free = await submitFile(api, 'bob', site, 'free-to-move.pdf');
    // The same name, another case, at the root: it clashes once moved.
    const clashing = (
      await api.db.query<{ id: string }>(
        `INSERT INTO files (tenant_code, site_id, direction, title, file_name, content_type, size, sha256, blob_key,
                          reference_number, status, created_by)
       SELECT tenant_code, site_id, direction, 'clash-TARGET.pdf', 'clash-TARGET.pdf', content_type, size, sha256,
              blob_key, reference_number, status, created_by FROM files WHERE id = $1 RETURNING id`,
        [free],
      )
    ).rows[0]!.id;
    const before = await rows([free, clashing]);
    const answer = await api.as('bob').post(`${base()}/files/move`, { fileIds: [free, clashing], folderId });
    expect(outcome(answer)).toBe('409 name.taken');
    expect((answer.body as { error: { message: string } }).error.message).toContain('clash-TARGET.pdf');
    expect(await rows([free, clashing])).toEqual(before);
    expect(await actions([free, clashing], 'file.move')).toEqual([]);
  });

  it('two files of one name moved into one folder: the second is refused and neither moves', async () => {
    const one = await submitFile(api, 'bob', site, 'twin.pdf');
    const folderId = await insertFolder(api, site, 'Twins from');
    const two = await submitFile(api, 'bob', site, 'twin-b.pdf');
    await api.db.query("UPDATE files SET file_name = 'Twin.pdf', folder_id = $2 WHERE id = $1", [
      two,
      folderId,
    ]);
    const into = await insertFolder(api, site, 'Twins to');
    expect(
      outcome(await api.as('bob').post(`${base()}/files/move`, { fileIds: [one, two], folderId: into })),
    ).toBe('409 name.taken');
    expect((await rows([one, two])).every((r) => r.folder_id !== into)).toBe(true);
  });

  it('files of two sites answer 400; a folder of another site 404 folders.not_found', async () => {
    const mine = await submitFile(api, 'bob', site, 'two-sites.pdf');
    const alices = await submitFile(api, 'alice', otherSite, 'two-sites-alice.pdf');
    expect(
      outcome(
        await api.as('carol').post(`${base()}/files/move`, { fileIds: [mine, alices], folderId: null }),
      ),
    ).toBe('400 request.invalid');
    const elsewhere = await insertFolder(api, otherSite, 'Not the bakery');
    expect(
      outcome(await api.as('bob').post(`${base()}/files/move`, { fileIds: [mine], folderId: elsewhere })),
    ).toBe('404 folders.not_found');
    expect((await rows([mine]))[0]!.folder_id).toBeNull();
  });

  it('validates the body with the contract: no ids, repeated ids, a missing folderId answer 400', async () => {
    const id = await submitFile(api, 'bob', site, 'body.pdf');
    for (const body of [
      { fileIds: [], folderId: null },
      { fileIds: [id, id], folderId: null },
      { fileIds: [id] },
    ]) {
      expect((await api.as('carol').post(`${base()}/files/move`, body)).status).toBe(400);
    }
  });
});

describe('POST files/delete', () => {
  it("sends files of several sites to their trash, one event each, and staff see them in each site's trash", async () => {
    const mine = await submitFile(api, 'bob', site, 'trash-bakery.pdf');
    const alices = await submitFile(api, 'alice', otherSite, 'trash-taxes.pdf');
    const answer = await api
      .as('carol')
      .post<BulkResult>(`${base()}/files/delete`, { fileIds: [mine, alices] });
    expect(answer.body).toEqual({ count: 2 });
    expect((await actions([mine, alices], 'file.delete')).length).toBe(2);
    const trash = await api.as('carol').get<TrashList>(`${base()}/trash`, { siteId: site, limit: 100 });
    expect(JSON.stringify(trash.body)).toContain(mine);
  });

  it('keeps the counters exact', async () => {
    const count = async () => {
      const kept = await api.db.query<{ n: string }>(
        "SELECT n FROM file_counts WHERE site_id = $1 AND direction = 'submitted'",
        [site],
      );
      const real = await api.db.query<{ n: string }>(
        "SELECT count(*) AS n FROM files WHERE site_id = $1 AND direction = 'submitted' AND deleted_at IS NULL",
        [site],
      );
      return [Number(kept.rows[0]!.n), Number(real.rows[0]!.n)];
    };
    const ids = await twoFiles('counted');
    const [before] = await count();
    await api.as('bob').post(`${base()}/files/delete`, { fileIds: ids });
    const [after, real] = await count();
    expect(after).toBe(before! - 2);
    expect(after).toBe(real);
  });
});
