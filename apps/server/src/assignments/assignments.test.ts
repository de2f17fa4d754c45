import type {
  AssignedFile,
  AssigneeList,
  BulkResult,
  FileAssignmentList,
  PublishedFileList,
} from '@portico/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiClient, statusAndCode, useTestApi } from '../testing/api.ts';
import { setSiteFlags } from '../testing/file-workspace.ts';
import { type ReceivedMail, startTestSmtpServer } from '../testing/smtp.ts';

/**
 * Assignee and assignment (issue 27 item 2) through the API: setting and clearing one file's assignee, assigning
 * many at once (all or nothing), the history, "Assigned to me" with its count, the people picker, the mail as a
 * real SMTP server receives it, and who may: staff, a member client, a non-member, another firm, each flag off.
 */
const smtp = await startTestSmtpServer();
afterAll(() => smtp.close());
const api = useTestApi({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'portal@example.com' } });

const BASE = '/t/acme/file-management/api/files';
let bakery: string;
let aliceSite: string;
let bakeryFiles: { id: string; title: string }[];
let aliceFile: string;
let globexFile: string;
let bob: string;
let carol: string;
let alice: string;
let dave: string;

const setAssignee = (who: ApiClient, id: string, userId: string | null, note?: string) =>
  who.put(`${BASE}/${id}/assignee`, { userId, ...(note ? { note } : {}) });
const assign = (who: ApiClient, body: Record<string, unknown>) =>
  who.post<BulkResult>(`${BASE}/assign`, body);
const history = (who: ApiClient, id: string, query: Record<string, number> = {}) =>
  who.get<FileAssignmentList>(`${BASE}/${id}/assignments`, query);
const mine = (who: ApiClient, query: Record<string, string | number | boolean> = {}) =>
  who.get<{ records: AssignedFile[]; totalRecordCount: number } & { count: number }>(
    `${BASE}/assigned-to-me`,
    query,
  );
const assigneeOf = async (id: string) =>
  (await api.db.query<{ assignee_id: string | null }>('SELECT assignee_id FROM files WHERE id = $1', [id]))
    .rows[0]!.assignee_id;
const assignmentRows = async (ids: readonly string[]) =>
  (
    await api.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM file_assignments WHERE file_id = ANY($1::uuid[])',
      [ids],
    )
  ).rows[0]!.n;

const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address));
async function nextMailTo(address: string, before: number): Promise<ReceivedMail> {
  await vi.waitFor(() => expect(mailsTo(address).length).toBeGreaterThan(before), {
    timeout: 15_000,
    interval: 100,
  });
  return mailsTo(address).at(-1)!;
}

const clearAll = () =>
  api.db.query(
    'UPDATE files SET assignee_id = NULL, assigned_at = NULL, assignment_due = NULL WHERE assignee_id IS NOT NULL',
  );

beforeAll(async () => {
  bakery = api.siteId('ACME-1001');
  aliceSite = api.siteId('ACME-1002');
  const { rows } = await api.db.query<{ id: string; title: string; site_id: string }>(
    `SELECT id, title, site_id FROM files WHERE direction = 'published' ORDER BY title`,
  );
  bakeryFiles = rows.filter((r) => r.site_id === bakery).map((r) => ({ id: r.id, title: r.title }));
  aliceFile = rows.find((r) => r.site_id === aliceSite)!.id;
  globexFile = rows.find((r) => r.site_id === api.siteId('GLX-2001'))!.id;
  expect(bakeryFiles.length).toBeGreaterThanOrEqual(3);
  [bob, carol, alice, dave] = (await Promise.all(
    (['bob', 'carol', 'alice', 'dave'] as const).map((u) => api.userId(u)),
  )) as [string, string, string, string];
  await setSiteFlags(api, bakery);
});

beforeEach(clearAll);

describe('PUT files/{id}/assignee', () => {
  it('sets, shows in the list, records history and audit, mails the assignee; null clears', async () => {
    const file = bakeryFiles[0]!;
    const before = mailsTo('bob@example.com').length;
    const set = await setAssignee(api.as('carol'), file.id, bob, 'Please sign page 2');
    expect(set.status).toBe(204);
    expect(await assigneeOf(file.id)).toBe(bob);

    const list = await api
      .as('bob')
      .get<PublishedFileList>(`${BASE}/published-files`, { siteId: bakery, limit: 100 });
    expect(list.body.records.find((r) => r.id === file.id)!.assignee).toMatchObject({
      userId: bob,
      name: 'Bob Baker',
    });

    const mail = await nextMailTo('bob@example.com', before);
    expect(mail.parsed.subject).toContain('Carol Chen assigned you');
    expect(mail.parsed.text).toContain(file.title);
    expect(mail.parsed.text).toContain('Please sign page 2');
    expect(mail.parsed.text).toContain('/assignedToMe?tenant=acme');

    expect((await setAssignee(api.as('carol'), file.id, null)).status).toBe(204);
    expect(await assigneeOf(file.id)).toBeNull();

    const changes = await history(api.as('bob'), file.id);
    expect(changes.status).toBe(200);
    expect(changes.body.records[0]).toMatchObject({
      from: { userId: bob, name: 'Bob Baker' },
      to: null,
      by: { name: 'Carol Chen' },
    });
    expect(changes.body.records[1]).toMatchObject({
      from: null,
      to: { userId: bob, name: 'Bob Baker' },
      by: { userId: carol, name: 'Carol Chen' },
      note: 'Please sign page 2',
      dueDate: null,
    });
    const events = await api.db.query<{ action: string }>(
      `SELECT action FROM audit_events WHERE file_id = $1 AND action = 'file.assign'`,
      [file.id],
    );
    expect(events.rows.length).toBeGreaterThanOrEqual(2);
    const fileHistory = await api
      .as('carol')
      .get<{ records: { label: string }[] }>(`${BASE}/${file.id}/history`);
    expect(fileHistory.body.records.map((r) => r.label)).toContain('Assignee changed');
  });

  it('does not mail someone who assigns themselves', async () => {
    const before = mailsTo('bob@example.com').length;
    expect((await setAssignee(api.as('bob'), bakeryFiles[1]!.id, bob)).status).toBe(204);
    // A mail to Carol proves the worker ran past it; Bob's count stays.
    const carolBefore = mailsTo('carol@acme.example').length;
    expect((await setAssignee(api.as('bob'), bakeryFiles[2]!.id, carol)).status).toBe(204);
    await nextMailTo('carol@acme.example', carolBefore);
    expect(mailsTo('carol@acme.example').at(-1)!.parsed.text).toContain('/control-panel/assigned-to-me');
    expect(mailsTo('bob@example.com').length).toBe(before);
  });

  it('refuses an assignee who is not staff nor a member of the site: another firm’s, a non-member, nobody', async () => {
    const file = bakeryFiles[0]!.id;
    const rowsBefore = await assignmentRows([file]);
    for (const userId of [alice, dave, '00000000-0000-4000-8000-000000000000']) {
      expect(statusAndCode(await setAssignee(api.as('carol'), file, userId))).toEqual([
        400,
        'assignee.invalid',
      ]);
    }
    expect(await assigneeOf(file)).toBeNull();
    expect(await assignmentRows([file])).toBe(rowsBefore);
    // Alice is a member of her own site: she may be given its file.
    expect((await setAssignee(api.as('carol'), aliceFile, alice)).status).toBe(204);
  });
});

describe('POST files/assign', () => {
  it('hands several files to one person with a note and due date, one mail listing them', async () => {
    const ids = bakeryFiles.slice(0, 2).map((f) => f.id);
    const before = mailsTo('bob@example.com').length;
    const done = await assign(api.as('carol'), {
      fileIds: ids,
      userId: bob,
      note: 'Before the meeting',
      dueDate: '2031-01-15',
    });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ count: 2 });
    const mail = await nextMailTo('bob@example.com', before);
    expect(mail.parsed.subject).toContain('2 files, due 2031-01-15');
    for (const f of bakeryFiles.slice(0, 2)) expect(mail.parsed.text).toContain(f.title);
    expect(mail.parsed.text).toContain('Before the meeting');
    // One mail per call.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsTo('bob@example.com').length).toBe(before + 1);

    const changes = await history(api.as('carol'), ids[0]!);
    expect(changes.body.records[0]).toMatchObject({ note: 'Before the meeting', dueDate: '2031-01-15' });
    const activity = await api.as('bob').get<{ records: { title: string }[] }>('/t/acme/user/api/activity');
    expect(activity.status).toBe(200);
    expect(activity.body.records.some((r) => r.title.includes('assigned you 2 files'))).toBe(true);
  });

  it('is all or nothing: one bad id, another firm’s file or a refused assignee changes nothing', async () => {
    const ids = bakeryFiles.map((f) => f.id);
    const missing = '00000000-0000-4000-8000-000000000001';
    const rowsBefore = await assignmentRows([...ids, aliceFile]);
    expect(statusAndCode(await assign(api.as('carol'), { fileIds: [...ids, missing], userId: bob }))).toEqual(
      [404, 'files.not_found'],
    );
    expect(
      statusAndCode(await assign(api.as('carol'), { fileIds: [...ids, globexFile], userId: bob })),
    ).toEqual([404, 'files.not_found']);
    // Bob is no member of Alice's site: the whole call is refused.
    expect(
      statusAndCode(await assign(api.as('carol'), { fileIds: [...ids, aliceFile], userId: bob })),
    ).toEqual([400, 'assignee.invalid']);
    for (const id of [...ids, aliceFile]) expect(await assigneeOf(id)).toBeNull();
    expect(await assignmentRows([...ids, aliceFile])).toBe(rowsBefore);
    expect(
      statusAndCode(await assign(api.as('carol'), { fileIds: ids, userId: bob, dueDate: '15/01/2031' })),
    ).toEqual([400, 'request.invalid']);
  });

  it('lets staff hand files of several sites to a colleague', async () => {
    const done = await assign(api.as('carol'), { fileIds: [bakeryFiles[0]!.id, aliceFile], userId: carol });
    expect(done.body).toEqual({ count: 2 });
  });
});

describe('GET files/assigned-to-me', () => {
  it('lists the caller’s files, due first then newest, with the count; a client only where portalFilesView is on', async () => {
    const [a, b, c] = bakeryFiles.map((f) => f.id) as [string, string, string];
    await assign(api.as('carol'), { fileIds: [a], userId: bob });
    await assign(api.as('carol'), { fileIds: [b], userId: bob, dueDate: '2031-03-01' });
    await assign(api.as('carol'), { fileIds: [c], userId: bob, dueDate: '2031-02-01' });
    await assign(api.as('carol'), { fileIds: [aliceFile], userId: carol });

    const page = await mine(api.as('bob'));
    expect(page.status).toBe(200);
    expect(page.body.records.map((r) => r.id)).toEqual([c, b, a]);
    expect(page.body.totalRecordCount).toBe(3);
    expect(page.body.records[0]).toMatchObject({
      siteId: bakery,
      siteName: "Bob's Bakery Ltd",
      direction: 'published',
      assignee: { userId: bob, dueDate: '2031-02-01' },
    });
    expect((await mine(api.as('bob'), { count: true })).body).toEqual({ count: 3 });
    expect((await mine(api.as('bob'), { limit: 1, offset: 1 })).body.totalRecordCount).toBe(3);
    // A page past the end still says how many there are.
    expect((await mine(api.as('bob'), { limit: 2, offset: 5 })).body).toEqual({
      records: [],
      totalRecordCount: 3,
    });
    // Carol sees hers, not Bob's.
    expect((await mine(api.as('carol'))).body.records.map((r) => r.id)).toEqual([aliceFile]);
    // Another firm's staff see nothing of Acme's, through their own tenant.
    expect(
      (await api.as('dave').get('/t/globex/file-management/api/files/assigned-to-me', { count: true })).body,
    ).toEqual({ count: 0 });
    expect(statusAndCode(await mine(api.as('dave')))).toEqual([403, 'auth.tenant_forbidden']);

    try {
      await setSiteFlags(api, bakery, 'portalFilesView');
      expect((await mine(api.as('bob'), { count: true })).body).toEqual({ count: 0 });
    } finally {
      await setSiteFlags(api, bakery);
    }
    // A deleted file is no longer listed.
    await api.db.query('UPDATE files SET deleted_at = now() WHERE id = $1', [c]);
    try {
      expect((await mine(api.as('bob'), { count: true })).body).toEqual({ count: 2 });
    } finally {
      await api.db.query('UPDATE files SET deleted_at = NULL WHERE id = $1', [c]);
    }
  });
});

describe('GET files/assignees', () => {
  it('lists the firm’s staff and the site’s member clients by this firm’s names, nobody else', async () => {
    const list = await api.as('carol').get<AssigneeList>(`${BASE}/assignees`, { siteId: bakery });
    expect(list.status).toBe(200);
    expect(list.body.records).toEqual([
      { userId: carol, name: 'Carol Chen', role: 'staff' },
      { userId: bob, name: 'Bob Baker', role: 'client' },
    ]);
    expect((await api.as('bob').get(`${BASE}/assignees`, { siteId: bakery })).status).toBe(200);
    expect(statusAndCode(await api.as('alice').get(`${BASE}/assignees`, { siteId: bakery }))).toEqual([
      404,
      'sites.not_found',
    ]);
    expect(
      statusAndCode(
        await api.as('dave').get('/t/globex/file-management/api/files/assignees', { siteId: bakery }),
      ),
    ).toEqual([404, 'sites.not_found']);
  });

  it('names a person as this firm knows them, never as another firm does', async () => {
    await api.db.query(
      `UPDATE tenant_people SET name = 'Alice (Globex record)' WHERE tenant_code = 'globex' AND user_id = $1`,
      [alice],
    );
    try {
      const list = await api.as('carol').get<AssigneeList>(`${BASE}/assignees`, { siteId: aliceSite });
      expect(list.body.records.find((r) => r.userId === alice)!.name).toBe('Alice Smith');
      expect(JSON.stringify(list.body)).not.toContain('Globex record');
    } finally {
      await api.db.query(
        `UPDATE tenant_people SET name = 'Alice Smith' WHERE tenant_code = 'globex' AND user_id = $1`,
        [alice],
      );
    }
  });
});

describe('who may', () => {
  const cases = [
    [
      'set assignee',
      'internalFileSetAssignee',
      (who: ApiClient, id: string, tenant = 'acme') =>
        who.put(`/t/${tenant}/file-management/api/files/${id}/assignee`, { userId: null }),
    ],
    [
      'assign',
      'internalFilesAssign',
      (who: ApiClient, id: string, tenant = 'acme') =>
        who.post(`/t/${tenant}/file-management/api/files/assign`, { fileIds: [id], userId: carol }),
    ],
    [
      'assignment history',
      'internalFilesViewAssignmentHistory',
      (who: ApiClient, id: string, tenant = 'acme') =>
        who.get(`/t/${tenant}/file-management/api/files/${id}/assignments`),
    ],
  ] as const;

  it.each(cases)(
    '%s: staff and a member may; a non-member and another firm get 404; a foreign path 403',
    async (_name, _flag, call) => {
      const id = bakeryFiles[0]!.id;
      expect([200, 204]).toContain((await call(api.as('bob'), id)).status);
      expect([200, 204]).toContain((await call(api.as('carol'), id)).status);
      expect(statusAndCode(await call(api.as('alice'), id))).toEqual([404, 'files.not_found']);
      expect(statusAndCode(await call(api.as('dave'), id, 'globex'))).toEqual([404, 'files.not_found']);
      expect(statusAndCode(await call(api.as('dave'), id))).toEqual([403, 'auth.tenant_forbidden']);
    },
  );

  it.each(cases)(
    '%s: its flag off refuses a member with 403 settings.forbidden, never staff',
    async (_n, flag, call) => {
      const id = bakeryFiles[0]!.id;
      try {
        await setSiteFlags(api, bakery, flag);
        const refused = await call(api.as('bob'), id);
        expect(statusAndCode(refused)).toEqual([403, 'settings.forbidden']);
        expect(refused.body.error.message).toContain(flag);
        expect([200, 204]).toContain((await call(api.as('carol'), id)).status);
        await setSiteFlags(api, bakery, 'portalFilesView');
        expect(statusAndCode(await call(api.as('bob'), id))).toEqual([403, 'settings.forbidden']);
      } finally {
        await setSiteFlags(api, bakery);
      }
    },
  );

  it('the people picker follows the two flags for a client', async () => {
    try {
      await setSiteFlags(api, bakery, 'internalFileSetAssignee');
      expect((await api.as('bob').get(`${BASE}/assignees`, { siteId: bakery })).status).toBe(200);
      await api
        .as('carol')
        .patch(`/t/acme/portal/api/staff/sites/${bakery}/file-area-settings`, { internalFilesAssign: false });
      expect(statusAndCode(await api.as('bob').get(`${BASE}/assignees`, { siteId: bakery }))).toEqual([
        403,
        'settings.forbidden',
      ]);
    } finally {
      await setSiteFlags(api, bakery);
    }
  });
});

describe('the API documentation', () => {
  it('documents every assignment route with its schemas', async () => {
    const { body: doc } = await api.anonymous.get<{
      paths: Record<string, Record<string, { tags?: string[]; responses: Record<string, unknown> }>>;
    }>('/docs/json');
    const base = '/t/{tenant}/file-management/api/files';
    const expected: [string, string, string][] = [
      [`${base}/{id}/assignee`, 'put', '204'],
      [`${base}/assign`, 'post', '200'],
      [`${base}/{id}/assignments`, 'get', '200'],
      [`${base}/assigned-to-me`, 'get', '200'],
      [`${base}/assignees`, 'get', '200'],
    ];
    for (const [path, method, status] of expected) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation!.tags).toEqual(['file-management']);
      expect(Object.keys(operation!.responses)).toEqual(expect.arrayContaining([status, '4XX']));
    }
  });
});
