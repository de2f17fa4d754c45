import type { CreatedRequests, DocumentRequest, ReminderSettings, SentReminder } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorCode, useTestApi } from '../testing/api.ts';
import { startTestSmtpServer } from '../testing/smtp.ts';
import { PDF_BYTES, uploadReferences } from '../testing/staff-access.ts';
import { reminderStepOn, sendDueReminders } from './request-reminders.ts';

const smtp = await startTestSmtpServer();
afterAll(() => smtp.close());
// The server's mail worker sends the outbox to this real SMTP server.
const api = useTestApi({ env: { SMTP_URL: smtp.url, NOTIFY_BATCH_SECONDS: '0' } });
const mailsTo = (address: string, subject: RegExp) =>
  smtp.mails.filter((m) => m.to.includes(address) && subject.test(m.parsed.subject ?? ''));
const STAFF = '/t/acme/portal/api/staff';
const SETTINGS: ReminderSettings = { daysBefore: 3, overdueEveryDays: 7, overdueMax: 2 };
const at = (day: string) => new Date(`${day}T09:00:00Z`);

describe('the reminder step of a day (pure)', () => {
  it.each([
    ['2030-01-06', null],
    ['2030-01-07', 'before-due'],
    ['2030-01-10', 'before-due'],
    ['2030-01-11', 'overdue-1'],
    ['2030-01-17', 'overdue-1'],
    ['2030-01-18', 'overdue-2'],
    ['2030-03-01', 'overdue-2'],
  ])('on %s for a request due 2030-01-10 is %s', (today, step) => {
    expect(reminderStepOn('2030-01-10', today, SETTINGS)).toBe(step);
  });

  it('sends nothing before the due date when daysBefore is 0, and nothing overdue when overdueMax is 0', () => {
    const none = { daysBefore: 0, overdueEveryDays: 1, overdueMax: 0 };
    expect(reminderStepOn('2030-01-10', '2030-01-10', none)).toBeNull();
    expect(reminderStepOn('2030-01-10', '2030-02-10', none)).toBeNull();
  });
});

describe('the reminder job (fake clock)', () => {
  let request: DocumentRequest;
  let completed: DocumentRequest;

  beforeAll(async () => {
    const put = await api.as('carol').put(`${STAFF}/request-reminder-settings`, SETTINGS);
    expect(put.status).toBe(200);
    const created = await api.as('carol').post<CreatedRequests>(`${STAFF}/requests`, {
      siteIds: [api.siteId('ACME-1001'), api.siteId('ACME-1002')],
      title: 'Reminded',
      dueDate: '2030-01-10',
      items: [{ name: 'Passport', required: true, multiple: false }],
    });
    [request, completed] = created.body.records as [DocumentRequest, DocumentRequest];
    // The second one is completed before any reminder is due: it must get none.
    const [reference] = await uploadReferences(api.as('alice'), completed.siteId, [
      { name: 'passport.pdf', bytes: PDF_BYTES('passport'), type: 'application/pdf' },
    ]);
    const path = `/t/acme/portal/api/requests/${completed.id}/items/${completed.items[0]!.id}`;
    expect((await api.as('alice').post(`${path}/files`, { referenceNumbers: [reference] })).status).toBe(200);
    const done = await api
      .as('carol')
      .post<DocumentRequest>(`${STAFF}/requests/${completed.id}/items/${completed.items[0]!.id}/review`, {
        decision: 'accept',
      });
    expect(done.body.status).toBe('completed');
    // Alice is told, once, that the request is complete.
    await vi.waitFor(
      () => expect(mailsTo('alice@example.com', /Reminded: all documents received/)).toHaveLength(1),
      {
        timeout: 20_000,
      },
    );
  });

  const run = async (day: string) =>
    (await sendDueReminders(api.db, at(day))).filter((s) => [request.id, completed.id].includes(s.requestId));

  it('sends each step once, in order, never for a completed request, and stops after overdueMax', async () => {
    expect(await run('2030-01-06')).toEqual([]);
    expect((await run('2030-01-07')).map((s) => [s.requestId, s.step])).toEqual([[request.id, 'before-due']]);
    expect(await run('2030-01-07')).toEqual([]);
    expect(await run('2030-01-10')).toEqual([]);
    expect((await run('2030-01-11')).map((s) => s.step)).toEqual(['overdue-1']);
    expect(await run('2030-01-17')).toEqual([]);
    expect((await run('2030-01-18')).map((s) => s.step)).toEqual(['overdue-2']);
    expect(await run('2030-02-18')).toEqual([]);

    // Bob, the member of the site, got each step by mail once; Alice (the completed request's site) none.
    await vi.waitFor(
      () => {
        expect(mailsTo('bob@example.com', /^Reminder: Reminded is due on 2030-01-10$/)).toHaveLength(1);
        expect(mailsTo('bob@example.com', /^Overdue: Reminded/)).toHaveLength(2);
      },
      { timeout: 20_000 },
    );
    expect(mailsTo('alice@example.com', /Reminder|Overdue/)).toHaveLength(0);
    expect(mailsTo('bob@example.com', /^Overdue/)[0]!.parsed.text).toContain('Passport');

    const audit = await api.db.query<{ step: string; site_id: string }>(
      `SELECT detail->>'step' AS step, site_id FROM audit_events
       WHERE action = 'request.reminder' AND detail->>'requestId' = ANY($1) ORDER BY id`,
      [[request.id, completed.id]],
    );
    expect(audit.rows).toEqual([
      { step: 'before-due', site_id: request.siteId },
      { step: 'overdue-1', site_id: request.siteId },
      { step: 'overdue-2', site_id: request.siteId },
    ]);
  });

  it('sends a step once when several processes run the job at the same time', async () => {
    const [other] = (
      await api.as('carol').post<CreatedRequests>(`${STAFF}/requests`, {
        siteIds: [api.siteId('ACME-1003')],
        title: 'Raced',
        dueDate: '2031-05-01',
        items: [{ name: 'ID', required: true, multiple: false }],
      })
    ).body.records;
    const runs = await Promise.all([1, 2, 3].map(() => sendDueReminders(api.db, at('2031-04-30'))));
    const sent = runs.flat().filter((s) => s.requestId === other!.id);
    expect(sent.map((s) => s.step)).toEqual(['before-due']);
    const rows = await api.db.query('SELECT step FROM document_request_reminders WHERE request_id = $1', [
      other!.id,
    ]);
    expect(rows.rows).toHaveLength(1);
  });

  it('lets staff send one now, audited with who sent it; not for a closed request', async () => {
    const now = await api.as('carol').post<SentReminder>(`${STAFF}/requests/${request.id}/reminders`);
    expect(now.status).toBe(201);
    expect(now.body.step).toMatch(/^manual-/);
    const audit = await api.db.query<{ user_id: string }>(
      `SELECT user_id FROM audit_events WHERE action = 'request.reminder' AND detail->>'step' = $1`,
      [now.body.step],
    );
    expect(audit.rows).toEqual([{ user_id: await api.userId('carol') }]);
    const closed = await api.as('carol').post(`${STAFF}/requests/${completed.id}/reminders`);
    expect([closed.status, errorCode(closed.body)]).toEqual([409, 'requests.closed']);
    const foreign = await api.as('dave').post(`/t/globex/portal/api/staff/requests/${request.id}/reminders`);
    expect([foreign.status, errorCode(foreign.body)]).toEqual([404, 'requests.not_found']);
  });

  it('keeps the reminder settings per firm and refuses bad ones', async () => {
    const globex = await api
      .as('dave')
      .get<ReminderSettings>('/t/globex/portal/api/staff/request-reminder-settings');
    expect(globex.body).toEqual({ daysBefore: 3, overdueEveryDays: 7, overdueMax: 3 });
    const bad = await api
      .as('carol')
      .put(`${STAFF}/request-reminder-settings`, { ...SETTINGS, overdueEveryDays: 0 });
    expect([bad.status, errorCode(bad.body)]).toEqual([400, 'request.invalid']);
  });
});

describe('mails of a review', () => {
  it('tells the client why an item was rejected, with the note', async () => {
    const [request] = (
      await api.as('carol').post<CreatedRequests>(`${STAFF}/requests`, {
        siteIds: [api.siteId('ACME-1001')],
        title: 'Rejected one',
        dueDate: '2032-01-01',
        items: [{ name: 'Utility bill', required: true, multiple: false }],
      })
    ).body.records as [DocumentRequest];
    const item = request.items[0]!.id;
    const [reference] = await uploadReferences(api.as('bob'), request.siteId, [
      { name: 'bill.pdf', bytes: PDF_BYTES('bill'), type: 'application/pdf' },
    ]);
    await api.as('bob').post(`/t/acme/portal/api/requests/${request.id}/items/${item}/files`, {
      referenceNumbers: [reference],
    });
    const rejected = await api.as('carol').post(`${STAFF}/requests/${request.id}/items/${item}/review`, {
      decision: 'reject',
      note: 'Older than 3 months',
    });
    expect(rejected.status).toBe(200);
    await vi.waitFor(
      () => expect(mailsTo('bob@example.com', /^Utility bill: please send it again/)).toHaveLength(1),
      {
        timeout: 20_000,
      },
    );
    expect(mailsTo('bob@example.com', /^Utility bill/)[0]!.parsed.text).toContain('Older than 3 months');
  });
});
