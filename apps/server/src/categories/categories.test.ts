import { randomUUID } from 'node:crypto';
import type {
  BulkResult,
  Category,
  CategoryList,
  FileHistory,
  PublishedFileList,
  PublishedFilesResult,
  SavedSubmittedFiles,
  SubmittedFileList,
} from '@portico/contracts';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, statusAndCode, useTestApi } from '../testing/api.ts';
import { publishFiles, setSiteFlags } from '../testing/file-workspace.ts';
import { PDF_BYTES, submitFiles, uploadReferences } from '../testing/staff-access.ts';

/**
 * Categories through the API (issue 27 item 4, decision 58): the tenant's list (staff edit it), a file's category
 * one at a time and in bulk (all or none), the list filter and sort, and who may — staff, a member client, a client
 * of another site, another firm, the flag off — with another firm's categories never usable here.
 */

const api = useTestApi();
const FM = '/t/acme/file-management/api';
let bakery: string;
let otherSite: string;
let published: string[];
let submitted: string;
let othersFile: string;
let categories: Category[];
let globexCategory: string;

const setCategory = (who: ApiClient, fileId: string, categoryId: string | null) =>
  who.put(`${FM}/files/${fileId}/category`, { categoryId });
const bulk = (who: ApiClient, fileIds: string[], categoryId: string | null) =>
  who.post<BulkResult>(`${FM}/files/category`, { fileIds, categoryId });
const categoryOf = async (fileId: string) =>
  (
    await api.db.query<{ category_id: string | null }>('SELECT category_id FROM files WHERE id = $1', [
      fileId,
    ])
  ).rows[0]!.category_id;
const byName = (name: string) => categories.find((c) => c.name === name)!.id;

beforeAll(async () => {
  bakery = api.siteId('ACME-1001');
  otherSite = api.siteId('ACME-1002');
  await setSiteFlags(api, bakery);
  published = await publishFiles(api, bakery, [
    { name: 'return-2025.pdf', bytes: PDF_BYTES('cat one'), type: 'application/pdf' },
    { name: 'statement-may.pdf', bytes: PDF_BYTES('cat two'), type: 'application/pdf' },
    { name: 'invoice-17.pdf', bytes: PDF_BYTES('cat three'), type: 'application/pdf' },
  ]);
  [submitted] = (await submitFiles(api.as('bob'), bakery, [
    { name: 'passport.pdf', bytes: PDF_BYTES('cat four'), type: 'application/pdf' },
  ])) as [string];
  [othersFile] = (await publishFiles(api, otherSite, [
    { name: 'alice.pdf', bytes: PDF_BYTES('cat five'), type: 'application/pdf' },
  ])) as [string];
  categories = (await api.as('bob').get<CategoryList>(`${FM}/categories`)).body.records;
  const globex = await api.as('dave').get<CategoryList>('/t/globex/file-management/api/categories');
  globexCategory = globex.body.records[0]!.id;
});

afterEach(async () => {
  await setSiteFlags(api, bakery);
});

describe('the list of categories', () => {
  it('starts with the defaults and is read by every caller of the tenant', async () => {
    expect(categories.map((c) => c.name)).toEqual([
      'Tax return',
      'Bank statement',
      'Invoice',
      'ID document',
      'Other',
    ]);
    for (const who of ['carol', 'alice'] as const) {
      const list = await api.as(who).get<CategoryList>(`${FM}/categories`);
      expect(list.status).toBe(200);
      expect(list.body.records.map((c) => c.id)).toEqual(categories.map((c) => c.id));
    }
    expect(categories.map((c) => c.id)).not.toContain(globexCategory);
    expect(statusAndCode(await api.as('dave').get(`${FM}/categories`))).toEqual([
      403,
      'auth.tenant_forbidden',
    ]);
  });

  it('staff add, rename and remove; names are unique ignoring case; clients may not', async () => {
    const carol = api.as('carol');
    const created = await carol.post<Category>(`${FM}/categories`, { name: 'Payslip' });
    expect(created.status).toBe(201);
    expect(statusAndCode(await carol.post(`${FM}/categories`, { name: ' payslip ' }))).toEqual([
      409,
      'name.taken',
    ]);
    expect(
      statusAndCode(await carol.patch(`${FM}/categories/${created.body.id}`, { name: 'INVOICE' })),
    ).toEqual([409, 'name.taken']);
    const renamed = await carol.patch<Category>(`${FM}/categories/${created.body.id}`, { name: 'Payslips' });
    expect(renamed.body).toEqual({ id: created.body.id, name: 'Payslips' });
    // A client: staff only, whatever the flags.
    expect(statusAndCode(await api.as('bob').post(`${FM}/categories`, { name: 'Mine' }))).toEqual([
      403,
      'auth.staff_only',
    ]);
    expect(
      statusAndCode(await api.as('bob').patch(`${FM}/categories/${created.body.id}`, { name: 'X' })),
    ).toEqual([403, 'auth.staff_only']);
    expect(statusAndCode(await api.as('bob').delete(`${FM}/categories/${created.body.id}`))).toEqual([
      403,
      'auth.staff_only',
    ]);
    // Another firm's category is not one of ours.
    expect(
      statusAndCode(await carol.patch(`${FM}/categories/${globexCategory}`, { name: 'Taken over' })),
    ).toEqual([404, 'categories.not_found']);
    expect(statusAndCode(await carol.delete(`${FM}/categories/${globexCategory}`))).toEqual([
      404,
      'categories.not_found',
    ]);
    // Removing one clears it from its files.
    expect((await setCategory(carol, published[2]!, created.body.id)).status).toBe(204);
    expect((await carol.delete(`${FM}/categories/${created.body.id}`)).status).toBe(204);
    expect(await categoryOf(published[2]!)).toBeNull();
    const actions = await api.db.query<{ action: string }>(
      `SELECT action FROM audit_events WHERE detail->>'categoryId' = $1 AND action LIKE 'category.%' ORDER BY id`,
      [created.body.id],
    );
    expect(actions.rows.map((r) => r.action)).toEqual([
      'category.create',
      'category.update',
      'category.delete',
    ]);
  });
});

describe("a file's category", () => {
  it('staff and a member set and clear it; the record and the history show it', async () => {
    expect((await setCategory(api.as('bob'), published[0]!, byName('Tax return'))).status).toBe(204);
    expect((await setCategory(api.as('carol'), submitted, byName('ID document'))).status).toBe(204);
    expect((await setCategory(api.as('bob'), submitted, null)).status).toBe(204);
    expect((await setCategory(api.as('bob'), submitted, byName('ID document'))).status).toBe(204);
    const list = await api
      .as('bob')
      .get<PublishedFileList>(`${FM}/files/published-files`, { siteId: bakery, limit: 100 });
    expect(list.body.records.find((r) => r.id === published[0])!.category).toEqual({
      id: byName('Tax return'),
      name: 'Tax return',
    });
    const history = await api.as('carol').get<FileHistory>(`${FM}/files/${submitted}/history`);
    expect(history.body.records.filter((e) => e.action === 'file.categorize').map((e) => e.label)).toEqual([
      'Category changed',
      'Category changed',
      'Category changed',
    ]);
  });

  it('refuses a non-member, another firm, and a category of another firm', async () => {
    const id = published[1]!;
    expect(statusAndCode(await setCategory(api.as('alice'), id, byName('Invoice')))).toEqual([
      404,
      'files.not_found',
    ]);
    expect(
      statusAndCode(
        await api
          .as('dave')
          .put(`/t/globex/file-management/api/files/${id}/category`, { categoryId: globexCategory }),
      ),
    ).toEqual([404, 'files.not_found']);
    expect(statusAndCode(await setCategory(api.as('dave'), id, byName('Invoice')))).toEqual([
      403,
      'auth.tenant_forbidden',
    ]);
    for (const who of ['bob', 'carol'] as const) {
      expect(statusAndCode(await setCategory(api.as(who), id, globexCategory))).toEqual([
        404,
        'categories.not_found',
      ]);
      expect(statusAndCode(await setCategory(api.as(who), id, randomUUID()))).toEqual([
        404,
        'categories.not_found',
      ]);
    }
    expect(await categoryOf(id)).toBeNull();
  });

  it('the flag off refuses a member with 403, never staff', async () => {
    await setSiteFlags(api, bakery, 'internalFilesRecategorize');
    expect(statusAndCode(await setCategory(api.as('bob'), published[1]!, byName('Invoice')))).toEqual([
      403,
      'settings.forbidden',
    ]);
    expect(statusAndCode(await bulk(api.as('bob'), [published[1]!], byName('Invoice')))).toEqual([
      403,
      'settings.forbidden',
    ]);
    expect(await categoryOf(published[1]!)).toBeNull();
    expect((await setCategory(api.as('carol'), published[1]!, byName('Invoice'))).status).toBe(204);
    expect((await setCategory(api.as('carol'), published[1]!, null)).status).toBe(204);
  });
});

describe('categorising several files at once', () => {
  it('changes every file in one request and answers how many', async () => {
    const ids = [published[1]!, published[2]!, submitted];
    const answer = await bulk(api.as('bob'), ids, byName('Bank statement'));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ count: 3 });
    for (const id of ids) expect(await categoryOf(id)).toBe(byName('Bank statement'));
    const events = await api.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_events WHERE action = 'file.categorize' AND file_id = ANY($1::uuid[])
         AND detail->>'bulk' = 'true'`,
      [ids],
    );
    expect(events.rows[0]!.n).toBe(3);
    expect((await bulk(api.as('carol'), ids, null)).body).toEqual({ count: 3 });
    for (const id of ids) expect(await categoryOf(id)).toBeNull();
  });

  it('is all or nothing: a file of a site the caller does not see, an unknown id or a foreign category change none', async () => {
    const ids = [published[1]!, published[2]!];
    expect(statusAndCode(await bulk(api.as('bob'), [...ids, othersFile], byName('Invoice')))).toEqual([
      404,
      'files.not_found',
    ]);
    expect(statusAndCode(await bulk(api.as('carol'), [...ids, randomUUID()], byName('Invoice')))).toEqual([
      404,
      'files.not_found',
    ]);
    expect(statusAndCode(await bulk(api.as('carol'), ids, globexCategory))).toEqual([
      404,
      'categories.not_found',
    ]);
    expect(statusAndCode(await bulk(api.as('alice'), ids, byName('Invoice')))).toEqual([
      404,
      'files.not_found',
    ]);
    expect(statusAndCode(await bulk(api.as('dave'), ids, byName('Invoice')))).toEqual([
      403,
      'auth.tenant_forbidden',
    ]);
    for (const id of [...ids, othersFile]) expect(await categoryOf(id)).toBeNull();
    // Staff reach every site: the same set with Alice's site's file goes through.
    expect((await bulk(api.as('carol'), [...ids, othersFile], byName('Invoice'))).body).toEqual({ count: 3 });
    expect((await bulk(api.as('carol'), [...ids, othersFile], null)).body).toEqual({ count: 3 });
  });
});

describe('lists by category', () => {
  it('filter by categoryId and sort by the category’s name, files without one last', async () => {
    const carol = api.as('carol');
    await setCategory(carol, published[0]!, byName('Tax return'));
    await setCategory(carol, published[1]!, byName('Bank statement'));
    await setCategory(carol, published[2]!, null);
    await setCategory(carol, submitted, byName('ID document'));
    const filtered = await api.as('bob').get<PublishedFileList>(`${FM}/files/published-files`, {
      siteId: bakery,
      categoryId: byName('Tax return'),
    });
    expect(filtered.body.records.map((r) => r.id)).toEqual([published[0]]);
    const sorted = async (sortOrder: 'asc' | 'desc') =>
      (
        await api.as('bob').get<PublishedFileList>(`${FM}/files/published-files`, {
          siteId: bakery,
          sortBy: 'category',
          sortOrder,
          limit: 100,
        })
      ).body.records
        .filter((r) => published.includes(r.id))
        .map((r) => r.id);
    expect(await sorted('asc')).toEqual([published[1], published[0], published[2]]);
    expect(await sorted('desc')).toEqual([published[0], published[1], published[2]]);
    const mine = await api.as('bob').get<SubmittedFileList>(`/t/acme/portal/api/files/submitted`, {
      siteId: bakery,
      categoryId: byName('ID document'),
    });
    expect(mine.status).toBe(200);
    expect(mine.body.records.map((r) => r.id)).toEqual([submitted]);
    // The staff's submissions sort by category too (its sort fields extend the submitted files').
    const staff = await carol.get<SubmittedFileList>('/t/acme/portal/api/staff/submissions', {
      siteId: bakery,
      sortBy: 'category',
      sortOrder: 'desc',
      limit: 100,
    });
    expect(staff.status).toBe(200);
    expect(staff.body.records[0]!.id).toBe(submitted);
  });
});

describe('a category chosen at upload and at publishing', () => {
  const file = (name: string) => [{ name, bytes: PDF_BYTES(name), type: 'application/pdf' }];
  const save = async (who: ApiClient, name: string, categoryId: string) =>
    who.post<SavedSubmittedFiles>('/t/acme/portal/api/files', {
      siteId: bakery,
      files: (await uploadReferences(who, bakery, file(name))).map((referenceNumber) => ({
        referenceNumber,
      })),
      categoryId,
    });
  const publish = async (categoryId: string) =>
    api.as('carol').post<PublishedFilesResult>(`${FM}/staff/published-files`, {
      siteId: bakery,
      files: (await uploadReferences(api.as('carol'), bakery, file('published.pdf'))).map(
        (referenceNumber) => ({
          referenceNumber,
        }),
      ),
      categoryId,
    });

  it('a member saves and staff publish files with a category; the records carry it', async () => {
    const saved = await save(api.as('bob'), 'with-category.pdf', byName('Invoice'));
    expect(saved.status).toBe(201);
    expect(saved.body.records[0]!.category).toEqual({ id: byName('Invoice'), name: 'Invoice' });
    expect(await categoryOf(saved.body.records[0]!.id)).toBe(byName('Invoice'));
    const published = await publish(byName('Tax return'));
    expect(published.status).toBe(201);
    expect(await categoryOf(published.body.records[0]!.id)).toBe(byName('Tax return'));
  });

  it("refuses another firm's category, and a member's choice with the flag off, saving nothing", async () => {
    expect(statusAndCode(await save(api.as('bob'), 'foreign.pdf', globexCategory))).toEqual([
      404,
      'categories.not_found',
    ]);
    expect(statusAndCode(await publish(globexCategory))).toEqual([404, 'categories.not_found']);
    await setSiteFlags(api, bakery, 'internalFilesRecategorize');
    expect(statusAndCode(await save(api.as('bob'), 'flag-off.pdf', byName('Invoice')))).toEqual([
      403,
      'settings.forbidden',
    ]);
    const stored = await api.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM files WHERE file_name IN ('foreign.pdf', 'flag-off.pdf')",
    );
    expect(stored.rows[0]!.n).toBe(0);
  });
});

describe('the API documentation', () => {
  it('lists every category and project endpoint under file-management', async () => {
    const doc = await api.anonymous.get<{ paths: Record<string, Record<string, { tags: string[] }>> }>(
      '/docs/json',
    );
    expect(doc.status).toBe(200);
    const base = '/t/{tenant}/file-management/api';
    const expected: [string, string][] = [
      ['/categories', 'get'],
      ['/categories', 'post'],
      ['/categories/{id}', 'patch'],
      ['/categories/{id}', 'delete'],
      ['/files/{id}/category', 'put'],
      ['/files/category', 'post'],
      ['/projects', 'get'],
      ['/projects', 'post'],
      ['/projects/{id}', 'patch'],
      ['/files/{id}/project', 'put'],
    ];
    for (const [path, method] of expected) {
      expect(doc.body.paths[`${base}${path}`]?.[method]?.tags, `${method} ${path}`).toEqual([
        'file-management',
      ]);
    }
  });
});
