import type { BulkResult, FileHistory, PublishedFileList, Tag, TagList } from '@portico/contracts';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApiClient, statusAndCode, useTestApi } from '../testing/api.ts';
import { publishFiles, setSiteFlags } from '../testing/file-workspace.ts';
import { PDF_BYTES } from '../testing/staff-access.ts';

/**
 * Tags through the API (issue 27 item 3 and the bulk tag/untag of item 10; decision 57): each action against staff,
 * a member client, a client of another site, another firm and the flag off; tenant B's tags never usable or
 * visible in tenant A; the list filter `tagId` (all of them); bulk all-or-nothing.
 */

const api = useTestApi();
const FM = '/t/acme/file-management/api';
const GLOBEX = '/t/globex/file-management/api';
let bakery: string;
let aliceSite: string;
let files: string[];
let aliceFile: string;
let urgent: Tag;
let paid: Tag;
let globexTag: Tag;

const pdf = (name: string) => ({ name, bytes: PDF_BYTES(`tags ${name}`), type: 'application/pdf' });
const tagsOf = async (fileId: string) =>
  (
    await api.db.query<{ name: string }>(
      'SELECT t.name FROM file_tags ft JOIN tags t ON t.id = ft.tag_id WHERE ft.file_id = $1 ORDER BY t.name',
      [fileId],
    )
  ).rows.map((r) => r.name);
const fileTagCount = async () =>
  Number((await api.db.query<{ n: string }>('SELECT count(*) AS n FROM file_tags')).rows[0]!.n);
const create = (who: ApiClient, body: Record<string, unknown>, base = FM) =>
  who.post<Tag>(`${base}/tags`, body);
const setTags = (who: ApiClient, fileId: string, tagIds: string[], base = FM) =>
  who.put(`${base}/files/${fileId}/tags`, { tagIds });
const bulk = (who: ApiClient, body: Record<string, unknown>, base = FM) =>
  who.post<BulkResult>(`${base}/files/tags`, body);
const listed = async (who: ApiClient, tagIds: string[]) => {
  const query = new URLSearchParams({ siteId: bakery, limit: '100' });
  for (const tagId of tagIds) query.append('tagId', tagId);
  const answer = await who.get<PublishedFileList>(`${FM}/files/published-files?${query}`);
  expect(answer.status).toBe(200);
  return answer.body.records.map((r) => r.id).sort();
};

beforeAll(async () => {
  bakery = api.siteId('ACME-1001');
  aliceSite = api.siteId('ACME-1002');
  await setSiteFlags(api, bakery);
  await setSiteFlags(api, aliceSite);
  files = await publishFiles(api, bakery, [pdf('a.pdf'), pdf('b.pdf'), pdf('c.pdf')]);
  [aliceFile] = (await publishFiles(api, aliceSite, [pdf('alice.pdf')])) as [string];
  urgent = (await create(api.as('carol'), { name: 'Urgent', color: '#b91c1c' })).body;
  paid = (await create(api.as('carol'), { name: 'Paid', color: '#047857' })).body;
  const globex = await create(api.as('dave'), { name: 'Globex only', color: '#1d4ed8' }, GLOBEX);
  expect(globex.status).toBe(201);
  globexTag = globex.body;
});

beforeEach(async () => {
  await setSiteFlags(api, bakery);
  await api.db.query('DELETE FROM file_tags WHERE file_id = ANY($1::uuid[])', [[...files, aliceFile]]);
});

describe('the list of tags', () => {
  it('is the firm’s, by name, for any signed-in caller of the firm, never another firm’s', async () => {
    for (const who of ['carol', 'bob', 'alice'] as const) {
      const answer = await api.as(who).get<TagList>(`${FM}/tags`);
      expect(answer.status).toBe(200);
      const names = answer.body.records.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(['Paid', 'Urgent']));
      expect(names).not.toContain('Globex only');
      expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    }
    const globex = await api.as('dave').get<TagList>(`${GLOBEX}/tags`);
    expect(globex.body.records.map((t) => t.name)).toEqual(['Globex only']);
    expect(statusAndCode(await api.as('dave').get(`${FM}/tags`))).toEqual([403, 'auth.tenant_forbidden']);
  });

  it('counts each tag’s live files for staff only', async () => {
    await setTags(api.as('carol'), files[0]!, [urgent.id]);
    const counted = await api.as('carol').get<TagList>(`${FM}/tags`, { counts: true });
    expect(counted.body.records.find((t) => t.id === urgent.id)!.fileCount).toBe(1);
    expect(statusAndCode(await api.as('bob').get(`${FM}/tags`, { counts: true }))).toEqual([
      403,
      'auth.staff_only',
    ]);
  });
});

describe('creating a tag', () => {
  it('staff may; names are unique ignoring case (409 name.taken); audited tag.create', async () => {
    const made = await create(api.as('carol'), { name: 'Reviewed', color: '#7e22ce' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: 'Reviewed', color: '#7e22ce' });
    expect(statusAndCode(await create(api.as('carol'), { name: 'reviewed', color: '#4b5563' }))).toEqual([
      409,
      'name.taken',
    ]);
    const events = await api.db.query(
      "SELECT detail FROM audit_events WHERE action = 'tag.create' AND detail->>'tagId' = $1",
      [made.body.id],
    );
    expect(events.rows).toHaveLength(1);
    // Another firm may use the same name: the names are unique per firm.
    expect((await create(api.as('dave'), { name: 'Reviewed', color: '#7e22ce' }, GLOBEX)).status).toBe(201);
  });

  it('a member client names a site whose flag is on; else 400, 404 or 403', async () => {
    const bob = api.as('bob');
    const made = await create(bob, { name: 'Bob’s tag', color: '#0e7490', siteId: bakery });
    expect(made.status).toBe(201);
    expect(statusAndCode(await create(bob, { name: 'No site', color: '#0e7490' }))).toEqual([
      400,
      'request.invalid',
    ]);
    expect(
      statusAndCode(await create(bob, { name: 'Not mine', color: '#0e7490', siteId: aliceSite })),
    ).toEqual([404, 'sites.not_found']);
    expect(
      statusAndCode(await create(api.as('dave'), { name: 'x', color: '#0e7490', siteId: bakery })),
    ).toEqual([403, 'auth.tenant_forbidden']);
    await setSiteFlags(api, bakery, 'fileAreaManageTags');
    expect(statusAndCode(await create(bob, { name: 'Flag off', color: '#0e7490', siteId: bakery }))).toEqual([
      403,
      'settings.forbidden',
    ]);
    expect((await create(api.as('carol'), { name: 'Staff flag off', color: '#0e7490' })).status).toBe(201);
  });

  it('refuses a colour outside #rrggbb and a blank name', async () => {
    expect((await create(api.as('carol'), { name: 'Bad', color: 'red' })).status).toBe(400);
    expect((await create(api.as('carol'), { name: '   ', color: '#4b5563' })).status).toBe(400);
  });
});

describe('renaming, recolouring and deleting a tag', () => {
  it('staff only; another firm’s tag is 404 tags.not_found', async () => {
    const tag = (await create(api.as('carol'), { name: 'Temp', color: '#4b5563' })).body;
    expect(statusAndCode(await api.as('bob').patch(`${FM}/tags/${tag.id}`, { name: 'x' }))).toEqual([
      403,
      'auth.staff_only',
    ]);
    expect(statusAndCode(await api.as('bob').delete(`${FM}/tags/${tag.id}`))).toEqual([
      403,
      'auth.staff_only',
    ]);
    expect(statusAndCode(await api.as('dave').patch(`${FM}/tags/${tag.id}`, { name: 'x' }))).toEqual([
      403,
      'auth.tenant_forbidden',
    ]);
    expect(statusAndCode(await api.as('dave').patch(`${GLOBEX}/tags/${tag.id}`, { name: 'x' }))).toEqual([
      404,
      'tags.not_found',
    ]);
    expect(statusAndCode(await api.as('dave').delete(`${GLOBEX}/tags/${tag.id}`))).toEqual([
      404,
      'tags.not_found',
    ]);
    expect(statusAndCode(await api.as('carol').delete(`${FM}/tags/${globexTag.id}`))).toEqual([
      404,
      'tags.not_found',
    ]);

    expect(statusAndCode(await api.as('carol').patch(`${FM}/tags/${tag.id}`, { name: 'URGENT' }))).toEqual([
      409,
      'name.taken',
    ]);
    const renamed = await api
      .as('carol')
      .patch<Tag>(`${FM}/tags/${tag.id}`, { name: 'Later', color: '#be185d' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: tag.id, name: 'Later', color: '#be185d' });

    await setTags(api.as('carol'), files[0]!, [tag.id, urgent.id]);
    await setTags(api.as('carol'), files[1]!, [tag.id]);
    expect((await api.as('carol').delete(`${FM}/tags/${tag.id}`)).status).toBe(204);
    expect(await tagsOf(files[0]!)).toEqual(['Urgent']);
    expect(await tagsOf(files[1]!)).toEqual([]);
    const deleted = await api.db.query<{ detail: { fileCount: number; name: string } }>(
      "SELECT detail FROM audit_events WHERE action = 'tag.delete' AND detail->>'tagId' = $1",
      [tag.id],
    );
    expect(deleted.rows[0]!.detail).toMatchObject({ name: 'Later', fileCount: 2 });
    expect(statusAndCode(await api.as('carol').delete(`${FM}/tags/${tag.id}`))).toEqual([
      404,
      'tags.not_found',
    ]);
  });
});

describe("setting a file's tags", () => {
  it('replaces them, records each gained and lost in the history, and the list shows them', async () => {
    expect((await setTags(api.as('carol'), files[2]!, [urgent.id, paid.id])).status).toBe(204);
    expect(await tagsOf(files[2]!)).toEqual(['Paid', 'Urgent']);
    expect((await setTags(api.as('bob'), files[2]!, [paid.id])).status).toBe(204);
    expect(await tagsOf(files[2]!)).toEqual(['Paid']);

    const history = await api.as('carol').get<FileHistory>(`${FM}/files/${files[2]}/history`, { limit: 50 });
    expect(history.status).toBe(200);
    const labels = history.body.records.map((e) => e.label);
    expect(labels.filter((l) => l === 'Tagged')).toHaveLength(1);
    expect(labels.filter((l) => l === 'Untagged')).toHaveLength(1);
    const untag = await api.db.query<{ detail: { tags: { name: string }[] } }>(
      "SELECT detail FROM audit_events WHERE action = 'file.untag' AND file_id = $1 ORDER BY id DESC LIMIT 1",
      [files[2]],
    );
    expect(untag.rows[0]!.detail.tags.map((t) => t.name)).toEqual(['Urgent']);

    const list = await api.as('bob').get<PublishedFileList>(`${FM}/files/published-files`, {
      siteId: bakery,
      limit: 100,
    });
    expect(list.body.records.find((r) => r.id === files[2])!.tags).toEqual([
      expect.objectContaining({ id: paid.id, name: 'Paid', color: '#047857' }),
    ]);
  });

  it('staff and a member may; a non-member and another firm get 404; the flag off 403 for the client', async () => {
    expect((await setTags(api.as('carol'), files[0]!, [urgent.id])).status).toBe(204);
    expect((await setTags(api.as('bob'), files[0]!, [urgent.id])).status).toBe(204);
    expect(statusAndCode(await setTags(api.as('alice'), files[0]!, [urgent.id]))).toEqual([
      404,
      'files.not_found',
    ]);
    expect(statusAndCode(await setTags(api.as('dave'), files[0]!, [], GLOBEX))).toEqual([
      404,
      'files.not_found',
    ]);
    expect(statusAndCode(await setTags(api.as('dave'), files[0]!, []))).toEqual([
      403,
      'auth.tenant_forbidden',
    ]);
    for (const off of ['fileAreaManageTags', 'portalFilesView'] as const) {
      await setSiteFlags(api, bakery, off);
      expect(statusAndCode(await setTags(api.as('bob'), files[0]!, [paid.id]))).toEqual([
        403,
        'settings.forbidden',
      ]);
      expect((await setTags(api.as('carol'), files[0]!, [paid.id])).status).toBe(204);
    }
  });

  it('never takes another firm’s tag, nor does the database', async () => {
    expect(statusAndCode(await setTags(api.as('carol'), files[0]!, [urgent.id, globexTag.id]))).toEqual([
      404,
      'tags.not_found',
    ]);
    expect(await tagsOf(files[0]!)).toEqual([]);
    // The composite foreign key refuses the row even when a query forgets the tenant.
    await expect(
      api.db.query("INSERT INTO file_tags (tenant_code, file_id, tag_id) VALUES ('acme', $1, $2)", [
        files[0],
        globexTag.id,
      ]),
    ).rejects.toThrow();
    // Another firm's staff cannot tag Acme's files with their own tag through their own path.
    expect(statusAndCode(await setTags(api.as('dave'), files[0]!, [globexTag.id], GLOBEX))).toEqual([
      404,
      'files.not_found',
    ]);
  });
});

describe('the list filter tagId', () => {
  it('keeps the files carrying every tag named', async () => {
    await setTags(api.as('carol'), files[0]!, [urgent.id, paid.id]);
    await setTags(api.as('carol'), files[1]!, [urgent.id]);
    expect(await listed(api.as('bob'), [urgent.id])).toEqual([files[0], files[1]].sort());
    expect(await listed(api.as('bob'), [urgent.id, paid.id])).toEqual([files[0]]);
    expect(await listed(api.as('bob'), [paid.id])).toEqual([files[0]]);
    // Another firm's tag matches nothing here.
    expect(await listed(api.as('carol'), [globexTag.id])).toEqual([]);
  });

  it('pages newest first with the total from the tag’s own index, which follows the trash and a file’s date (decision 62)', async () => {
    for (const id of files) await setTags(api.as('carol'), id, [urgent.id]);
    const page = async (limit: number, offset = 0) => {
      const query = new URLSearchParams({
        siteId: bakery,
        tagId: urgent.id,
        limit: String(limit),
        offset: String(offset),
      });
      const answer = await api.as('bob').get<PublishedFileList>(`${FM}/files/published-files?${query}`);
      expect(answer.status).toBe(200);
      return answer.body;
    };
    // Newest first, as the list is without a filter; a full page asks for the total, which the index counts.
    await api.db.query("UPDATE files SET created_at = now() - interval '3 days' WHERE id = $1", [files[0]]);
    await api.db.query("UPDATE files SET created_at = now() - interval '1 day' WHERE id = $1", [files[2]]);
    const first = await page(2);
    expect(first.totalRecordCount).toBe(3);
    expect(first.records.map((r) => r.id)).toEqual([files[1], files[2]]);
    expect((await page(2, 2)).records.map((r) => r.id)).toEqual([files[0]]);
    // To the trash: gone from the tag's list and its count; restored: back.
    await api.db.query('UPDATE files SET deleted_at = now() WHERE id = $1', [files[1]]);
    expect((await page(1)).totalRecordCount).toBe(2);
    expect((await page(10)).records.map((r) => r.id)).toEqual([files[2], files[0]]);
    await api.db.query('UPDATE files SET deleted_at = NULL WHERE id = $1', [files[1]]);
    expect((await page(1)).totalRecordCount).toBe(3);
    const rows = await api.db.query<{ live: boolean; direction: string; same: boolean }>(
      `SELECT ft.live, ft.direction, ft.created_at = f.created_at AS same
       FROM file_tags ft JOIN files f ON f.id = ft.file_id WHERE ft.file_id = ANY($1::uuid[])`,
      [files],
    );
    expect(rows.rows).toEqual(files.map(() => ({ live: true, direction: 'published', same: true })));
  });

  it('keeps each tag’s counter (tag_counts, migration 0039) equal to a real count through every change', async () => {
    const carol = api.as('carol');
    const tag = (await create(carol, { name: 'Counted', color: '#4b5563' })).body;
    const mine = await publishFiles(api, bakery, [
      pdf('count 1.pdf'),
      pdf('count 2.pdf'),
      pdf('count 3.pdf'),
    ]);
    /** The counter, a real count of the rows and the list's total with the tag agree; answers that number. */
    const agree = async () => {
      const [real] = (
        await api.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM file_tags
           WHERE tag_id = $1 AND site_id = $2 AND direction = 'published' AND live`,
          [tag.id, bakery],
        )
      ).rows;
      const [counter] = (
        await api.db.query<{ n: number }>(
          `SELECT coalesce(sum(n), 0)::int AS n FROM tag_counts
           WHERE tag_id = $1 AND site_id = $2 AND direction = 'published'`,
          [tag.id, bakery],
        )
      ).rows;
      const query = new URLSearchParams({ siteId: bakery, tagId: tag.id, limit: '1' });
      const listed = await carol.get<PublishedFileList>(`${FM}/files/published-files?${query}`);
      expect(counter!.n).toBe(real!.n);
      expect(listed.body.totalRecordCount).toBe(real!.n);
      return real!.n;
    };
    expect(await agree()).toBe(0);
    expect((await bulk(carol, { fileIds: mine, add: [tag.id] })).status).toBe(200);
    expect(await agree()).toBe(3);
    expect((await setTags(carol, mine[0]!, [])).status).toBe(204);
    expect(await agree()).toBe(2);
    // To the trash and back; to the other direction (as client publishing does) and back.
    await api.db.query('UPDATE files SET deleted_at = now() WHERE id = $1', [mine[1]]);
    expect(await agree()).toBe(1);
    await api.db.query('UPDATE files SET deleted_at = NULL WHERE id = $1', [mine[1]]);
    expect(await agree()).toBe(2);
    await api.db.query("UPDATE files SET direction = 'submitted' WHERE id = $1", [mine[2]]);
    expect(await agree()).toBe(1);
    await api.db.query("UPDATE files SET direction = 'published' WHERE id = $1", [mine[2]]);
    expect(await agree()).toBe(2);
    expect((await bulk(carol, { fileIds: mine, remove: [tag.id] })).status).toBe(200);
    expect(await agree()).toBe(0);
    // Deleting the tag takes its counters along.
    await bulk(carol, { fileIds: mine, add: [tag.id] });
    expect((await carol.delete(`${FM}/tags/${tag.id}`)).status).toBe(204);
    const left = await api.db.query('SELECT 1 FROM tag_counts WHERE tag_id = $1', [tag.id]);
    expect(left.rows).toEqual([]);
    // … and each file's history says it lost the tag.
    const lost = await api.db.query<{ file_id: string }>(
      `SELECT file_id FROM audit_events
       WHERE action = 'file.untag' AND (detail->>'tagDeleted')::boolean AND detail->'tags'->0->>'id' = $1`,
      [tag.id],
    );
    expect(lost.rows.map((r) => r.file_id).sort()).toEqual([...mine].sort());
    const history = await carol.get<FileHistory>(`${FM}/files/${mine[0]}/history`);
    expect(history.body.records[0]).toMatchObject({
      action: 'file.untag',
      label: 'Untagged',
      by: { name: expect.any(String) },
    });
  });
});

describe('bulk tag and untag', () => {
  it('tags and untags a selection in one request, audited per file', async () => {
    const carol = api.as('carol');
    const tagged = await bulk(carol, { fileIds: files, add: [urgent.id, paid.id] });
    expect(tagged.status).toBe(200);
    expect(tagged.body).toEqual({ count: 3 });
    for (const id of files) expect(await tagsOf(id)).toEqual(['Paid', 'Urgent']);
    // Already there: nothing changes.
    expect((await bulk(carol, { fileIds: files, add: [urgent.id] })).body).toEqual({ count: 0 });
    const untagged = await bulk(carol, { fileIds: files.slice(0, 2), remove: [urgent.id] });
    expect(untagged.body).toEqual({ count: 2 });
    expect(await tagsOf(files[0]!)).toEqual(['Paid']);
    expect(await tagsOf(files[2]!)).toEqual(['Paid', 'Urgent']);
    const events = await api.db.query<{ action: string; file_id: string; detail: { bulk: boolean } }>(
      "SELECT action, file_id, detail FROM audit_events WHERE action IN ('file.tag', 'file.untag') AND file_id = ANY($1::uuid[]) AND (detail->>'bulk')::boolean",
      [files],
    );
    expect(events.rows.filter((e) => e.action === 'file.tag')).toHaveLength(3);
    expect(events.rows.filter((e) => e.action === 'file.untag')).toHaveLength(2);
  });

  it('is all or nothing: one foreign file or tag, or a site refused, changes nothing', async () => {
    const carol = api.as('carol');
    await bulk(carol, { fileIds: [files[0]], add: [paid.id] });
    const before = await fileTagCount();
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(statusAndCode(await bulk(carol, { fileIds: [...files, unknown], add: [urgent.id] }))).toEqual([
      404,
      'files.not_found',
    ]);
    expect(
      statusAndCode(await bulk(carol, { fileIds: files, add: [urgent.id], remove: [globexTag.id] })),
    ).toEqual([404, 'tags.not_found']);
    expect(statusAndCode(await bulk(carol, { fileIds: files, add: [globexTag.id] }))).toEqual([
      404,
      'tags.not_found',
    ]);
    // Bob sees the bakery, not Alice's site: her file among his is 404 and nothing of his changes.
    expect(
      statusAndCode(await bulk(api.as('bob'), { fileIds: [...files, aliceFile], add: [urgent.id] })),
    ).toEqual([404, 'files.not_found']);
    expect(
      statusAndCode(await bulk(api.as('dave'), { fileIds: files, add: [globexTag.id] }, GLOBEX)),
    ).toEqual([404, 'files.not_found']);
    expect(statusAndCode(await bulk(api.as('dave'), { fileIds: files, add: [urgent.id] }))).toEqual([
      403,
      'auth.tenant_forbidden',
    ]);
    expect(
      statusAndCode(await bulk(carol, { fileIds: files, add: [urgent.id], remove: [urgent.id] })),
    ).toEqual([400, 'request.invalid']);
    expect(statusAndCode(await bulk(carol, { fileIds: files }))).toEqual([400, 'request.invalid']);
    expect(await fileTagCount()).toBe(before);
    expect(await tagsOf(files[0]!)).toEqual(['Paid']);
  });

  it('a member client may on a site whose flag is on; off is 403 and changes nothing; staff always', async () => {
    const bob = api.as('bob');
    expect((await bulk(bob, { fileIds: files, add: [urgent.id] })).body).toEqual({ count: 3 });
    await setSiteFlags(api, bakery, 'fileAreaManageTags');
    expect(statusAndCode(await bulk(bob, { fileIds: files, remove: [urgent.id] }))).toEqual([
      403,
      'settings.forbidden',
    ]);
    for (const id of files) expect(await tagsOf(id)).toEqual(['Urgent']);
    expect((await bulk(api.as('carol'), { fileIds: [...files, aliceFile], add: [paid.id] })).body).toEqual({
      count: 4,
    });
  });
});

describe('the API documentation', () => {
  it('documents every tag route under file-management, with its errors', async () => {
    const { body: doc } = await api.anonymous.get<{
      paths: Record<string, Record<string, { tags?: string[]; responses: Record<string, unknown> }>>;
    }>('/docs/json');
    const base = '/t/{tenant}/file-management/api';
    const operations = [
      [`${base}/tags`, 'get', '200'],
      [`${base}/tags`, 'post', '201'],
      [`${base}/tags/{id}`, 'patch', '200'],
      [`${base}/tags/{id}`, 'delete', '204'],
      [`${base}/files/{id}/tags`, 'put', '204'],
      [`${base}/files/tags`, 'post', '200'],
    ] as const;
    for (const [path, method, success] of operations) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation!.tags).toEqual(['file-management']);
      expect(Object.keys(operation!.responses)).toEqual(expect.arrayContaining([success, '4XX']));
    }
  });
});
