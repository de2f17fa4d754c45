import type {
  CreatedRequests,
  DocumentRequest,
  OpenRequestItemCount,
  RequestTemplate,
  RequestTemplateList,
  SiteRequestList,
  StaffRequestList,
  SubmittedFileList,
} from '@portico/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, errorCode, useTestApi } from '../testing/api.ts';
import { daveWithAcme, expectStaffOnly, PDF_BYTES, uploadReferences } from '../testing/staff-access.ts';

const api = useTestApi();
let bakery: string; // Bob's site (ACME-1001)
let aliceAcme: string; // Alice's acme site (ACME-1002)
let globexSite: string; // Alice's globex site (GLX-2001)

const STAFF = '/t/acme/portal/api/staff';
const PORTAL = '/t/acme/portal/api';
const ITEMS = [
  { name: 'P60', required: true, multiple: false },
  { name: 'Bank statements', description: 'All accounts', required: true, multiple: true },
  { name: 'Donation receipts', required: false, multiple: true },
];

async function create(siteIds: string[], items = ITEMS, dueDate = '2030-01-31'): Promise<DocumentRequest[]> {
  const answer = await api.as('carol').post<CreatedRequests>(`${STAFF}/requests`, {
    siteIds,
    title: 'Tax return',
    note: 'Thanks',
    dueDate,
    items,
  });
  expect(answer.status).toBe(201);
  return answer.body.records;
}

const pdf = (name: string) => ({ name: `${name}.pdf`, bytes: PDF_BYTES(name), type: 'application/pdf' });

async function send(client: ApiClient, request: DocumentRequest, item: number, names: string[]) {
  const references = await uploadReferences(client, request.siteId, names.map(pdf));
  return client.post<DocumentRequest>(
    `${PORTAL}/requests/${request.id}/items/${request.items[item]!.id}/files`,
    { referenceNumbers: references },
  );
}

const review = (request: DocumentRequest, item: number, decision: 'accept' | 'reject', note?: string) =>
  api
    .as('carol')
    .post<DocumentRequest>(`${STAFF}/requests/${request.id}/items/${request.items[item]!.id}/review`, {
      decision,
      ...(note ? { note } : {}),
    });

const badge = async (client: ApiClient, siteId: string) =>
  (await client.get<OpenRequestItemCount>(`${PORTAL}/requests/open-item-count`, { siteId })).body.count;

beforeAll(() => {
  bakery = api.siteId('ACME-1001');
  aliceAcme = api.siteId('ACME-1002');
  globexSite = api.siteId('GLX-2001');
});

describe('a document request from start to completion', () => {
  it('goes open → received → rejected → received → accepted, with N/A, and completes', async () => {
    const before = await badge(api.as('bob'), bakery);
    const [request] = await create([bakery]);
    expect(request!.items.map((i) => i.status)).toEqual(['open', 'open', 'open']);
    expect(await badge(api.as('bob'), bakery)).toBe(before + 3);

    const list = await api.as('bob').get<SiteRequestList>(`${PORTAL}/requests`, { siteId: bakery });
    expect(list.body.records.map((r) => r.id)).toContain(request!.id);

    expect((await send(api.as('bob'), request!, 0, ['p60'])).body.items[0]!.status).toBe('received');
    const two = await send(api.as('bob'), request!, 1, ['jan', 'feb']);
    expect(two.status).toBe(200);
    expect(two.body.items[1]!.files.map((f) => f.fileName).sort()).toEqual(['feb.pdf', 'jan.pdf']);
    const na = await api
      .as('bob')
      .post<DocumentRequest>(
        `${PORTAL}/requests/${request!.id}/items/${request!.items[2]!.id}/not-applicable`,
        {
          comment: 'I gave nothing this year',
        },
      );
    expect(na.body.items[2]).toMatchObject({
      status: 'not_applicable',
      clientComment: 'I gave nothing this year',
    });
    expect(na.body).toMatchObject({ itemsReceived: 3, itemsOpen: 0 });
    expect(await badge(api.as('bob'), bakery)).toBe(before);

    // The files are Submitted Files of the site that name their item.
    const submitted = await api
      .as('bob')
      .get<SubmittedFileList>(`${PORTAL}/files/submitted`, { siteId: bakery, search: 'jan' });
    expect(submitted.body.records[0]!.requestItemId).toBe(request!.items[1]!.id);

    expect((await review(request!, 0, 'accept')).body.items[0]!.status).toBe('accepted');
    const noNote = await review(request!, 1, 'reject');
    expect([noNote.status, errorCode(noNote.body)]).toEqual([400, 'requests.note_required']);
    const rejected = await review(request!, 1, 'reject', 'February is missing page 2');
    expect(rejected.body.items[1]).toMatchObject({
      status: 'rejected',
      staffNote: 'February is missing page 2',
    });
    expect(await badge(api.as('bob'), bakery)).toBe(before + 1);

    const seen = await api.as('bob').get<DocumentRequest>(`${PORTAL}/requests/${request!.id}`);
    expect(seen.body.items[1]!.staffNote).toBe('February is missing page 2');

    const again = await send(api.as('bob'), request!, 1, ['feb-full']);
    expect(again.body.items[1]).toMatchObject({ status: 'received', staffNote: null });
    const done = await review(request!, 1, 'accept');
    expect(done.body).toMatchObject({ status: 'completed', itemsAccepted: 2 });
    expect(done.body.completedAt).not.toBeNull();

    // Completed: off the client's checklist, and nothing moves any more.
    const after = await api.as('bob').get<SiteRequestList>(`${PORTAL}/requests`, { siteId: bakery });
    expect(after.body.records.map((r) => r.id)).not.toContain(request!.id);
    // …and in the client's closed view, with what the review said.
    const closed = await api
      .as('bob')
      .get<SiteRequestList>(`${PORTAL}/requests`, { siteId: bakery, view: 'closed' });
    expect(closed.body.records.find((r) => r.id === request!.id)?.status).toBe('completed');

    // One status everywhere: each file says what the review of its item said.
    const files = await api
      .as('bob')
      .get<SubmittedFileList>(`${PORTAL}/files/submitted`, { siteId: bakery, limit: 100 });
    const statusOf = (name: string) => {
      const file = files.body.records.find((f) => f.fileName === `${name}.pdf`)!;
      return [file.status, file.statusNote];
    };
    expect(statusOf('p60')).toEqual(['accepted', null]);
    expect(statusOf('jan')).toEqual(['rejected', 'February is missing page 2']);
    expect(statusOf('feb-full')).toEqual(['accepted', null]);
    const late = await send(api.as('bob'), request!, 2, ['late']);
    expect([late.status, errorCode(late.body)]).toEqual([409, 'requests.closed']);

    const audit = await api.db.query<{ action: string }>(
      `SELECT action FROM audit_events WHERE detail->>'requestId' = $1 ORDER BY id`,
      [request!.id],
    );
    expect(audit.rows.map((r) => r.action)).toEqual([
      'request.create',
      'request.item_upload',
      'request.item_upload',
      'request.item_not_applicable',
      'request.item_accept',
      'request.item_reject',
      'request.item_upload',
      'request.item_accept',
      'request.complete',
    ]);
  });

  it("mails each of the site's clients once: the items and the due date, in one batch per request", async () => {
    const [request] = await create([bakery], ITEMS, '2030-03-31');
    const { rows } = await api.db.query<{
      recipient_email: string;
      data: { items: { name: string }[]; dueDate: string };
    }>(
      `SELECT recipient_email, data FROM mail_outbox WHERE tenant_code = 'acme' AND template = 'request-items-asked'
         AND data ->> 'requestId' = $1`,
      [request!.id],
    );
    expect(rows.map((r) => r.recipient_email)).toEqual(['bob@example.com']);
    expect(rows[0]!.data.dueDate).toBe('2030-03-31');
    expect(rows[0]!.data.items.map((i) => i.name)).toEqual(ITEMS.map((i) => i.name));
  });

  it('refuses moves the state machine does not allow, through the API', async () => {
    const [request] = await create([bakery]);
    const id = request!.id;
    const item = (n: number) => request!.items[n]!.id;
    const refusals = [
      [await review(request!, 0, 'accept'), 409, 'requests.transition_refused'],
      [
        await api
          .as('bob')
          .post(`${PORTAL}/requests/${id}/items/${item(0)}/not-applicable`, { comment: 'no' }),
        409,
        'requests.transition_refused',
      ],
      [
        await api.as('bob').post(`${PORTAL}/requests/${id}/items/${item(0)}/reopen`),
        409,
        'requests.transition_refused',
      ],
      [await send(api.as('bob'), request!, 0, ['a', 'b']), 400, 'requests.one_file_only'],
    ] as const;
    for (const [answer, status, code] of refusals)
      expect([answer.status, errorCode(answer.body)]).toEqual([status, code]);
    await send(api.as('bob'), request!, 0, ['p60']);
    const second = await send(api.as('bob'), request!, 0, ['p60-again']);
    expect([second.status, errorCode(second.body)]).toEqual([400, 'requests.one_file_only']);
    // A refused send saves no file: the upload stays pending, and the item has its one file.
    const seen = await api.as('carol').get<DocumentRequest>(`${STAFF}/requests/${id}`);
    expect(seen.body.items[0]!.files).toHaveLength(1);
  });

  it('is withdrawn by staff, then leaves the checklist and refuses changes', async () => {
    const [request] = await create([bakery]);
    const cancelled = await api.as('carol').post<DocumentRequest>(`${STAFF}/requests/${request!.id}/cancel`);
    expect(cancelled.body.status).toBe('cancelled');
    const again = await api.as('carol').post(`${STAFF}/requests/${request!.id}/cancel`);
    expect([again.status, errorCode(again.body)]).toEqual([409, 'requests.closed']);
    const reminder = await api.as('carol').post(`${STAFF}/requests/${request!.id}/reminders`);
    expect([reminder.status, errorCode(reminder.body)]).toEqual([409, 'requests.closed']);
  });

  it('applies the upload setting of the site', async () => {
    const [request] = await create([bakery]);
    const references = await uploadReferences(api.as('bob'), bakery, [pdf('blocked')]);
    await api.db.query(
      `INSERT INTO file_area_settings (tenant_code, site_id, settings) VALUES ('acme', $1, '{"internalFilesUpload": false}')
       ON CONFLICT DO NOTHING`,
      [bakery],
    );
    try {
      const refused = await api
        .as('bob')
        .post(`${PORTAL}/requests/${request!.id}/items/${request!.items[0]!.id}/files`, {
          referenceNumbers: references,
        });
      expect([refused.status, errorCode(refused.body)]).toEqual([403, 'settings.forbidden']);
    } finally {
      await api.db.query(`DELETE FROM file_area_settings WHERE tenant_code = 'acme' AND site_id = $1`, [
        bakery,
      ]);
    }
  });
});

describe('validation', () => {
  it.each([
    ['no items', { items: [] }],
    ['a blank title', { title: '   ' }],
    ['a bad date', { dueDate: '2030-13-45' }],
    ['an unknown field', { colour: 'red' }],
    ['an item without required', { items: [{ name: 'x', multiple: false }] }],
  ])('refuses %s with 400 request.invalid', async (_label, change) => {
    const answer = await api.as('carol').post(`${STAFF}/requests`, {
      siteIds: [bakery],
      title: 'T',
      dueDate: '2030-01-01',
      items: ITEMS,
      ...change,
    });
    expect([answer.status, errorCode(answer.body)]).toEqual([400, 'request.invalid']);
  });

  it('refuses two items of the same name', async () => {
    const answer = await api.as('carol').post(`${STAFF}/requests`, {
      siteIds: [bakery],
      title: 'T',
      dueDate: '2030-01-01',
      items: [ITEMS[0], { ...ITEMS[0], name: ' p60 ' }],
    });
    expect([answer.status, errorCode(answer.body)]).toEqual([400, 'request.invalid']);
  });

  it('refuses a not-applicable comment that is blank', async () => {
    const [request] = await create([bakery]);
    const answer = await api
      .as('bob')
      .post(`${PORTAL}/requests/${request!.id}/items/${request!.items[2]!.id}/not-applicable`, {
        comment: ' ',
      });
    expect([answer.status, errorCode(answer.body)]).toEqual([400, 'request.invalid']);
  });
});

describe('templates', () => {
  it('are saved, listed, applied to several sites at once and deleted', async () => {
    const saved = await api.as('carol').post<RequestTemplate>(`${STAFF}/request-templates`, {
      name: 'Year end 2025',
      title: 'Year-end accounts 2025',
      items: ITEMS,
    });
    expect(saved.status).toBe(201);
    const duplicate = await api
      .as('carol')
      .post(`${STAFF}/request-templates`, { name: 'Year end 2025', title: 'x', items: ITEMS });
    expect([duplicate.status, errorCode(duplicate.body)]).toEqual([409, 'requests.template_duplicate']);
    const list = await api.as('carol').get<RequestTemplateList>(`${STAFF}/request-templates`);
    expect(list.body.records.map((t) => t.name)).toEqual(['Personal tax return 2025', 'Year end 2025']);

    const applied = await api
      .as('carol')
      .post<CreatedRequests>(`${STAFF}/request-templates/${saved.body.id}/apply`, {
        siteIds: [bakery, aliceAcme],
        dueDate: '2031-03-31',
      });
    expect(applied.status).toBe(201);
    expect(applied.body.records.map((r) => [r.siteId, r.title, r.dueDate, r.itemsTotal])).toEqual([
      [bakery, 'Year-end accounts 2025', '2031-03-31', 3],
      [aliceAcme, 'Year-end accounts 2025', '2031-03-31', 3],
    ]);
    const alices = await api.as('alice').get<SiteRequestList>(`${PORTAL}/requests`, { siteId: aliceAcme });
    expect(alices.body.records.map((r) => r.id)).toContain(applied.body.records[1]!.id);

    // All or none: one site of another firm and nothing is made.
    const mixed = await api.as('carol').post(`${STAFF}/request-templates/${saved.body.id}/apply`, {
      siteIds: [bakery, globexSite],
      dueDate: '2031-03-31',
    });
    expect([mixed.status, errorCode(mixed.body)]).toEqual([404, 'sites.not_found']);

    expect((await api.as('carol').delete(`${STAFF}/request-templates/${saved.body.id}`)).status).toBe(204);
    const gone = await api.as('carol').delete(`${STAFF}/request-templates/${saved.body.id}`);
    expect([gone.status, errorCode(gone.body)]).toEqual([404, 'requests.template_not_found']);
  });

  it('a request names only a template of its own firm', async () => {
    const mine = (await api.as('carol').get<RequestTemplateList>(`${STAFF}/request-templates`)).body
      .records[0]!;
    const theirs = await api
      .as('dave')
      .post<RequestTemplate>('/t/globex/portal/api/staff/request-templates', {
        name: 'Globex checklist',
        title: 'Checklist',
        items: ITEMS,
      });
    expect(theirs.status).toBe(201);
    const withTemplate = (templateId: string) =>
      api.as('carol').post<CreatedRequests>(`${STAFF}/requests`, {
        siteIds: [bakery],
        title: 'From a template',
        dueDate: '2030-01-31',
        items: ITEMS,
        templateId,
      });
    for (const templateId of [theirs.body.id, crypto.randomUUID()]) {
      const refused = await withTemplate(templateId);
      expect([refused.status, errorCode(refused.body)]).toEqual([404, 'requests.template_not_found']);
    }
    expect((await withTemplate(mine.id)).status).toBe(201);
  });
});

describe('the staff list', () => {
  it('shows open requests with progress, earliest due first, filtered by site and due date', async () => {
    await create([aliceAcme], ITEMS, '2029-06-01');
    await create([aliceAcme], ITEMS, '2020-01-01');
    const all = await api.as('carol').get<StaffRequestList>(`${STAFF}/requests`, { limit: 100 });
    const dues = all.body.records.map((r) => r.dueDate);
    expect(dues).toEqual([...dues].sort());
    expect(all.body.records[0]).toMatchObject({ dueDate: '2020-01-01', itemsTotal: 3, itemsReceived: 0 });
    expect(all.body.totalRecordCount).toBe(all.body.records.length);

    const site = await api
      .as('carol')
      .get<StaffRequestList>(`${STAFF}/requests`, { siteId: aliceAcme, limit: 100 });
    expect(site.body.records.every((r) => r.siteId === aliceAcme)).toBe(true);
    const window = await api
      .as('carol')
      .get<StaffRequestList>(`${STAFF}/requests`, { dueAfter: '2029-01-01', dueBefore: '2029-12-31' });
    expect(window.body.records.map((r) => r.dueDate)).toEqual(['2029-06-01']);
    const searched = await api
      .as('carol')
      .get<StaffRequestList>(`${STAFF}/requests`, { search: 'alice', limit: 100 });
    expect(searched.body.records.length).toBeGreaterThan(0);
    expect(searched.body.totalRecordCount).toBe(searched.body.records.length);
    expect(searched.body.records.every((r) => r.siteId === aliceAcme)).toBe(true);
    const cancelled = await api
      .as('carol')
      .get<StaffRequestList>(`${STAFF}/requests`, { status: 'cancelled' });
    expect(cancelled.body.records.every((r) => r.status === 'cancelled')).toBe(true);
    // The unfiltered totals come from counters kept by triggers (migration 0013): they match a real count.
    for (const status of ['open', 'completed', 'cancelled'] as const) {
      for (const siteId of [undefined, aliceAcme, bakery]) {
        const { rows } = await api.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM document_requests
           WHERE tenant_code = 'acme' AND status = $1 AND ($2::uuid IS NULL OR site_id = $2)`,
          [status, siteId ?? null],
        );
        const listed = await api
          .as('carol')
          .get<StaffRequestList>(`${STAFF}/requests`, { status, ...(siteId ? { siteId } : {}) });
        expect([status, siteId, listed.body.totalRecordCount]).toEqual([status, siteId, rows[0]!.n]);
      }
    }
    // A page past the end still carries the total; a site without requests answers an empty checklist.
    const past = await api.as('carol').get<StaffRequestList>(`${STAFF}/requests`, { offset: 100_000 });
    expect([past.body.records, past.body.totalRecordCount]).toEqual([[], all.body.totalRecordCount]);
    const empty = await api
      .as('carol')
      .get<SiteRequestList>(`${PORTAL}/requests`, { siteId: api.siteId('ACME-1003') });
    expect([empty.status, empty.body.records]).toEqual([200, []]);
    const bad = await api.as('carol').get(`${STAFF}/requests`, { status: 'nope' });
    expect([bad.status, errorCode(bad.body)]).toEqual([400, 'request.invalid']);
  });
});

describe('isolation', () => {
  let request: DocumentRequest;
  beforeAll(async () => {
    [request] = (await create([bakery])) as [DocumentRequest];
  });

  it('answers 404 to a client of another site, as for a missing request', async () => {
    const item = request.items[2]!.id;
    for (const [method, path, body] of [
      ['GET', `${PORTAL}/requests/${request.id}`, undefined],
      ['POST', `${PORTAL}/requests/${request.id}/items/${item}/not-applicable`, { comment: 'x' }],
      ['POST', `${PORTAL}/requests/${request.id}/items/${item}/reopen`, undefined],
    ] as const) {
      const answer = await api.as('alice').request(method, path, body);
      expect([path, answer.status, errorCode(answer.body)]).toEqual([path, 404, 'requests.not_found']);
    }
    const list = await api.as('alice').get(`${PORTAL}/requests`, { siteId: bakery });
    expect([list.status, errorCode(list.body)]).toEqual([404, 'sites.not_found']);
    const count = await api.as('alice').get(`${PORTAL}/requests/open-item-count`, { siteId: bakery });
    expect([count.status, errorCode(count.body)]).toEqual([404, 'sites.not_found']);
  });

  it('answers 404 to another firm, even with a token that lists both', async () => {
    for (const client of [api.as('dave'), daveWithAcme(api)]) {
      const answer = await client.get(`/t/globex/portal/api/staff/requests/${request.id}`);
      expect([answer.status, errorCode(answer.body)]).toEqual([404, 'requests.not_found']);
      const reviewed = await client.post(
        `/t/globex/portal/api/staff/requests/${request.id}/items/${request.items[0]!.id}/review`,
        { decision: 'accept' },
      );
      expect([reviewed.status, errorCode(reviewed.body)]).toEqual([404, 'requests.not_found']);
      const listed = await client.get<StaffRequestList>('/t/globex/portal/api/staff/requests', {
        limit: 100,
      });
      expect(listed.body.records.map((r) => r.id)).not.toContain(request.id);
    }
    const alice = await api.as('alice').get(`/t/globex/portal/api/requests/${request.id}`);
    expect([alice.status, errorCode(alice.body)]).toEqual([404, 'requests.not_found']);
  });

  it('answers an item of another request 404', async () => {
    const [other] = await create([bakery]);
    const answer = await api
      .as('bob')
      .post(`${PORTAL}/requests/${request.id}/items/${other!.items[2]!.id}/not-applicable`, { comment: 'x' });
    expect([answer.status, errorCode(answer.body)]).toEqual([404, 'requests.item_not_found']);
  });

  it.each([
    ['GET', (t: string) => `/t/${t}/portal/api/staff/requests`],
    ['POST', (t: string) => `/t/${t}/portal/api/staff/requests`],
    ['GET', (t: string) => `/t/${t}/portal/api/staff/request-templates`],
    ['GET', (t: string) => `/t/${t}/portal/api/staff/request-reminder-settings`],
  ])('keeps %s %s to staff of the firm', async (method, path) => {
    await expectStaffOnly(api, { method, path, ...(method === 'POST' ? { body: {} } : {}) });
  });
});

describe('an archived site', () => {
  it("hides its requests from its clients, not from the firm's staff", async () => {
    const [request] = await create([aliceAcme]);
    const archive = (archived: boolean) =>
      api.as('carol').patch(`${STAFF.replace('/staff', '/staff/sites')}/${aliceAcme}`, { archived });
    expect((await archive(true)).status).toBe(200);
    try {
      // Alice has no other live site at acme: she is no client of the firm any more, refused before any lookup.
      const client = await api.as('alice').get(`${PORTAL}/requests/${request!.id}`, {});
      expect([client.status, errorCode(client.body)]).toEqual([403, 'auth.forbidden']);
      const staff = await api.as('carol').get<DocumentRequest>(`${STAFF}/requests/${request!.id}`);
      expect([staff.status, staff.body.id]).toEqual([200, request!.id]);
      const created = await api.as('carol').post(`${STAFF}/requests`, {
        siteIds: [aliceAcme],
        title: 'T',
        dueDate: '2030-01-01',
        items: ITEMS,
      });
      expect([created.status, errorCode(created.body)]).toEqual([404, 'sites.not_found']);
    } finally {
      await archive(false);
    }
  });
});
