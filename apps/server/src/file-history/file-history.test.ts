import {
  type CategoryList,
  FILE_HISTORY_LABELS,
  type FileHistory,
  type FileProperties,
  fileHistoryLabel,
  type Project,
  type Tag,
} from '@portico/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { statusAndCode, useTestApi } from '../testing/api.ts';
import { publishFiles, setSiteFlags } from '../testing/file-workspace.ts';
import { PDF_BYTES, submitFiles } from '../testing/staff-access.ts';
import { sha256 } from '../testing/uploads.ts';

/**
 * A file's history and properties through the API (issue 26, item 6): the timeline from the audit log, newest
 * first and paged, names as this firm knows the person; properties with the folder path and the lock; who may.
 */

const api = useTestApi();
const BASE = '/t/acme/file-management/api/files';
let bakery: string;
let published: string;
let submitted: string;

beforeAll(async () => {
  bakery = api.siteId('ACME-1001');
  await setSiteFlags(api, bakery);
  [published] = (await publishFiles(api, bakery, [
    { name: 'ledger.pdf', bytes: PDF_BYTES('workspace history'), type: 'application/pdf' },
  ])) as [string];
  const ids = await submitFiles(api.as('bob'), bakery, [
    {
      name: 'receipts.pdf',
      bytes: PDF_BYTES('workspace history'),
      type: 'application/pdf',
      title: 'Receipts 2025',
    },
  ]);
  submitted = ids[0]!;
});

describe('the history', () => {
  it('is the file’s timeline, newest first, with labels and who as this firm knows them', async () => {
    await api.as('bob').bytes(`${BASE}/published-files/${published}`);
    await api.as('bob').bytes(`${BASE}/published-files/${published}/preview`);
    await api.as('bob').post(`${BASE}/${published}/checkout`);
    await api.as('bob').post(`${BASE}/${published}/checkin`);
    const answer = await api.as('bob').get<FileHistory>(`${BASE}/${published}/history`, { limit: 100 });
    expect(answer.status).toBe(200);
    expect(answer.body.records.map((r) => [r.label, r.by?.name])).toEqual([
      ['Checked in', 'Bob Baker'],
      ['Checked out', 'Bob Baker'],
      ['Opened in the viewer', 'Bob Baker'],
      ['Downloaded', 'Bob Baker'],
      ['Published', 'Carol Chen'],
    ]);
    expect(answer.body.totalRecordCount).toBe(5);
    for (const r of answer.body.records) expect(r.label).toBe(FILE_HISTORY_LABELS[r.action]);
  });

  it('pages with limit and offset', async () => {
    const all = (await api.as('carol').get<FileHistory>(`${BASE}/${published}/history`, { limit: 100 })).body;
    const second = await api
      .as('carol')
      .get<FileHistory>(`${BASE}/${published}/history`, { limit: 2, offset: 2 });
    expect(second.body.totalRecordCount).toBe(all.totalRecordCount);
    expect(second.body.records.map((r) => r.id)).toEqual(all.records.slice(2, 4).map((r) => r.id));
    const beyond = await api.as('carol').get<FileHistory>(`${BASE}/${published}/history`, { offset: 1000 });
    expect(beyond.body).toEqual({ records: [], totalRecordCount: all.totalRecordCount });
    const last = await api
      .as('carol')
      .get<FileHistory>(`${BASE}/${published}/history`, { limit: 10, offset: all.totalRecordCount - 1 });
    expect(last.body.totalRecordCount).toBe(all.totalRecordCount);
    expect(last.body.records.map((r) => r.id)).toEqual([all.records.at(-1)!.id]);
    const dates = all.records.map((r) => r.occurredAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('never shows another firm’s name for the person', async () => {
    const bob = await api.userId('bob');
    await api.db.query(
      `INSERT INTO tenant_people (tenant_code, user_id, name, email) VALUES ('globex', $1, 'Robert of Globex', 'r@globex.example')
       ON CONFLICT DO NOTHING`,
      [bob],
    );
    const answer = await api.as('carol').get<FileHistory>(`${BASE}/${submitted}/history`);
    expect(answer.body.records.map((r) => [r.action, r.by?.name])).toEqual([['file.submit', 'Bob Baker']]);
    expect(JSON.stringify(answer.body)).not.toContain('Globex');
  });

  it('labels an action the table does not know in its own words', () => {
    expect(fileHistoryLabel('file.some_new_thing')).toBe('Some new thing');
  });
});

describe('the properties', () => {
  it('name, folder path, bytes, version, who and when, and the lock', async () => {
    const carol = await api.userId('carol');
    const { rows } = await api.db.query<{ id: string }>(
      `INSERT INTO folders (tenant_code, site_id, name, created_by) VALUES ('acme', $1, '2025', $2) RETURNING id`,
      [bakery, carol],
    );
    const year = rows[0]!.id;
    const child = await api.db.query<{ id: string }>(
      `INSERT INTO folders (tenant_code, site_id, parent_id, name) VALUES ('acme', $1, $2, 'Tax return') RETURNING id`,
      [bakery, year],
    );
    const drafts = child.rows[0]!.id;
    await api.db.query('UPDATE files SET folder_id = $1 WHERE id = $2', [drafts, submitted]);
    await api.as('bob').post(`${BASE}/${submitted}/checkout`);
    const answer = await api.as('bob').get<FileProperties>(`${BASE}/${submitted}/properties`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: submitted,
      siteId: bakery,
      direction: 'submitted',
      title: 'Receipts 2025',
      fileName: 'receipts.pdf',
      folder: {
        id: drafts,
        path: [
          { id: year, name: '2025' },
          { id: drafts, name: 'Tax return' },
        ],
      },
      size: PDF_BYTES('workspace history').length,
      contentType: 'application/pdf',
      sha256: sha256(PDF_BYTES('workspace history')),
      version: 1,
      uploadedBy: { name: 'Bob Baker' },
      versionBy: { name: 'Bob Baker' },
      checkedOutBy: { name: 'Bob Baker', userId: await api.userId('bob') },
    });
    expect(answer.body.uploadedAt).toBe(answer.body.versionAt);
    await api.as('bob').post(`${BASE}/${submitted}/checkin`);
    const root = await api.as('carol').get<FileProperties>(`${BASE}/${published}/properties`);
    expect(root.body).toMatchObject({
      folder: { id: null, path: [] },
      checkedOutBy: null,
      uploadedBy: { name: 'Carol Chen' },
    });
  });
});

describe('the properties of a classified file', () => {
  it('say its status with the note, its tags, category, project and assignee; a submitted file its review', async () => {
    const carol = api.as('carol');
    const FM = '/t/acme/file-management/api';
    const tag = await carol.post<Tag>(`${FM}/tags`, { name: 'Year end', color: '#1d4ed8' });
    expect(tag.status).toBe(201);
    const categories = (await carol.get<CategoryList>(`${FM}/categories`)).body.records;
    const taxReturn = categories.find((c) => c.name === 'Tax return')!;
    const project = await carol.post<Project>(`${FM}/projects`, {
      siteId: bakery,
      name: '2025 Personal Tax',
    });
    expect(project.status).toBe(201);
    for (const [path, body] of [
      ['status', { status: 'for_review', note: 'Page 3 please' }],
      ['tags', { tagIds: [tag.body.id] }],
      ['category', { categoryId: taxReturn.id }],
      ['project', { projectId: project.body.id }],
      ['assignee', { userId: await api.userId('bob') }],
    ] as const) {
      const set = await carol.put(`${BASE}/${published}/${path}`, body);
      expect(set.status, `${path}: ${JSON.stringify(set.body)}`).toBeLessThan(300);
    }
    const answer = await api.as('bob').get<FileProperties>(`${BASE}/${published}/properties`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'For review',
      statusNote: 'Page 3 please',
      tags: [{ id: tag.body.id, name: 'Year end', color: '#1d4ed8' }],
      category: { id: taxReturn.id, name: 'Tax return' },
      project: { id: project.body.id, name: '2025 Personal Tax' },
      assignee: { userId: await api.userId('bob'), name: 'Bob Baker', dueDate: null },
    });

    const review = await carol.get<FileProperties>(`${BASE}/${submitted}/properties`);
    expect(review.body).toMatchObject({
      status: 'Received',
      tags: [],
      category: null,
      project: null,
      assignee: null,
    });
  });
});

describe('who may', () => {
  const paths = [
    ['history', 'internalFilesHistory'],
    ['properties', 'internalFilesViewProperties'],
  ] as const;

  it.each(paths)('%s: staff and a member may; a non-member and another firm get 404', async (path) => {
    for (const id of [published, submitted]) {
      expect((await api.as('carol').get(`${BASE}/${id}/${path}`)).status).toBe(200);
      expect((await api.as('bob').get(`${BASE}/${id}/${path}`)).status).toBe(200);
      expect(statusAndCode(await api.as('alice').get(`${BASE}/${id}/${path}`))).toEqual([
        404,
        'files.not_found',
      ]);
      expect(
        statusAndCode(await api.as('dave').get(`/t/globex/file-management/api/files/${id}/${path}`)),
      ).toEqual([404, 'files.not_found']);
      expect(statusAndCode(await api.as('dave').get(`${BASE}/${id}/${path}`))).toEqual([
        403,
        'auth.tenant_forbidden',
      ]);
    }
  });

  it.each(paths)('%s: its flag off refuses a member with 403, never staff', async (path, flag) => {
    try {
      for (const off of [flag, 'portalFilesView'] as const) {
        await setSiteFlags(api, bakery, off);
        expect(statusAndCode(await api.as('bob').get(`${BASE}/${published}/${path}`))).toEqual([
          403,
          'settings.forbidden',
        ]);
        expect((await api.as('carol').get(`${BASE}/${published}/${path}`)).status).toBe(200);
      }
    } finally {
      await setSiteFlags(api, bakery);
    }
  });
});
