import type { NotificationPreferences, StaffMailList } from '@portico/contracts';
import { NOTIFICATION_KIND_NAMES, NOTIFICATION_KINDS } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ApiClient, errorCode, useTestApi } from '../testing/api.ts';
import { type ReceivedMail, startTestSmtpServer } from '../testing/smtp.ts';
import { PDF_BYTES, submitFiles, uploadReferences } from '../testing/staff-access.ts';

const smtp = await startTestSmtpServer();
afterAll(() => smtp.close());
const api = useTestApi({
  env: { SMTP_URL: smtp.url, MAIL_FROM: 'portal@example.com', NOTIFY_BATCH_SECONDS: '3' },
});

let bakery: string;
beforeAll(() => {
  bakery = api.siteId('ACME-1001');
});

const publishOne = async (title: string, siteId = bakery) => {
  const [referenceNumber] = await uploadReferences(api.as('carol'), siteId, [
    { name: `${title}.pdf`, bytes: PDF_BYTES(title), type: 'application/pdf' },
  ]);
  const published = await api.as('carol').post('/t/acme/file-management/api/staff/published-files', {
    siteId,
    files: [{ referenceNumber, title }],
  });
  expect(published.status).toBe(201);
};
const mailsTo = (address: string, subject: string | RegExp) =>
  smtp.mails.filter(
    (m) =>
      m.to.includes(address) &&
      (typeof subject === 'string'
        ? m.parsed.subject?.includes(subject)
        : subject.test(m.parsed.subject ?? '')),
  );
const waitForMail = async (address: string, subject: string | RegExp): Promise<ReceivedMail> => {
  await vi.waitFor(() => expect(mailsTo(address, subject)).not.toHaveLength(0), {
    timeout: 20_000,
    interval: 200,
  });
  return mailsTo(address, subject)[0]!;
};
const preferences = (client: ApiClient, tenant = 'acme') =>
  client.get<NotificationPreferences>(`/t/${tenant}/user/api/notification-preferences`);
const setPreference = (client: ApiClient, kind: string, enabled: boolean, tenant = 'acme') =>
  client.put<NotificationPreferences>(`/t/${tenant}/user/api/notification-preferences`, { kind, enabled });
const unsubscribeLink = (mail: ReceivedMail) => mail.header('list-unsubscribe')!.replace(/^<|>$/g, '');

describe('mails that files cause', () => {
  it('three files published within the window make one mail to the client, branded, with a link to them', async () => {
    for (const title of ['Q1 <report>', 'Q2 report', 'Q3 report']) await publishOne(title);
    const mail = await waitForMail('bob@example.com', '3 new files');
    expect(mail.parsed.subject).toBe("Acme Accounting published 3 new files for Bob's Bakery Ltd");
    expect(mail.parsed.from?.value[0]).toEqual({ name: 'Acme Accounting', address: 'portal@example.com' });
    for (const title of ['Q1 <report>', 'Q2 report', 'Q3 report']) expect(mail.parsed.text).toContain(title);
    expect(mail.parsed.html).toContain('Q1 &lt;report&gt;');
    const link = `${api.url}/publishedFiles?site=${bakery}&amp;tenant=acme`;
    expect(mail.parsed.html).toContain(link);
    expect(mail.parsed.html).toMatch(/border-top:6px solid #[0-9A-Fa-f]{6}/);
    // Nothing more arrives for that batch.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsTo('bob@example.com', /new file/)).toHaveLength(1);
  });

  it("a client's saved files make one mail to the firm's staff, and a rejection with a note reaches the client", async () => {
    const [fileId] = await submitFiles(api.as('bob'), bakery, [
      {
        name: 'Bank statement.pdf',
        bytes: PDF_BYTES('statement'),
        type: 'application/pdf',
        title: 'Bank statement',
      },
    ]);
    const staffMail = await waitForMail('carol@acme.example', 'A new file from');
    expect(staffMail.parsed.text).toContain('Bob Baker submitted a file to Bob');
    expect(staffMail.parsed.text).toContain('Bank statement');
    expect(staffMail.parsed.text).toContain(`/control-panel/submissions?siteId=${bakery}`);

    const rejected = await api.as('carol').put(`/t/acme/portal/api/staff/submissions/${fileId}/status`, {
      status: 'rejected',
      note: 'Page 2 is missing.\nPlease send all pages.',
    });
    expect(rejected.status).toBe(200);
    const mail = await waitForMail('bob@example.com', 'Bank statement: rejected');
    expect(mail.parsed.text).toContain('> Page 2 is missing.\n> Please send all pages.');
    expect(mail.parsed.text).toContain('Note from Acme Accounting');
  });

  it('sends nothing of a kind the person turned off, and again once they turn it on', async () => {
    const off = await setPreference(api.as('bob'), 'files_published', false);
    expect(off.status).toBe(200);
    expect(off.body.preferences).toContainEqual(
      expect.objectContaining({ kind: 'files_published', enabled: false }),
    );
    await publishOne('Quiet file');
    const rows = await api.db.query(
      "SELECT 1 FROM mail_outbox WHERE tenant_code = 'acme' AND recipient_email = 'bob@example.com' AND data::text LIKE '%Quiet file%'",
    );
    expect(rows.rows).toEqual([]);
    expect((await setPreference(api.as('bob'), 'files_published', true)).status).toBe(200);
    await publishOne('Loud file');
    await waitForMail('bob@example.com', /Acme Accounting published a new file/);
    expect(mailsTo('bob@example.com', /new file/).some((m) => m.parsed.text?.includes('Quiet file'))).toBe(
      false,
    );
  });

  it("offers each person the kinds of their role, and refuses another's kind", async () => {
    const bob = await preferences(api.as('bob'));
    const kindsOf = (audience: 'client' | 'staff') =>
      NOTIFICATION_KIND_NAMES.filter((kind) => NOTIFICATION_KINDS[kind].audience === audience);
    expect(bob.body.preferences.map((p) => p.kind)).toEqual(kindsOf('client'));
    expect(kindsOf('client')).toEqual(expect.arrayContaining(['files_published', 'submission_status']));
    const carol = await preferences(api.as('carol'));
    expect(carol.body.preferences.map((p) => p.kind)).toEqual(kindsOf('staff'));
    expect(kindsOf('staff')).toContain('files_submitted');
    const wrong = await setPreference(api.as('bob'), 'files_submitted', false);
    expect([wrong.status, errorCode(wrong.body)]).toEqual([404, 'notifications.unknown_kind']);
  });
});

describe('unsubscribe links', () => {
  it('turn off their kind with one POST (RFC 8058), for that person in that tenant only', async () => {
    const mail = mailsTo('bob@example.com', /new file/)[0]!;
    expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const link = unsubscribeLink(mail);
    const url = new URL(link);
    expect(url.searchParams.get('tenant')).toBe('acme');
    expect(mail.parsed.text).toContain(link);

    // The same link for another tenant, or another kind, or another person, does nothing.
    for (const [name, value] of [
      ['tenant', 'globex'],
      ['kind', 'submission_status'],
      ['user', await api.userId('alice')],
    ] as const) {
      const changed = new URL(link);
      changed.searchParams.set(name, value);
      const answer = await fetch(changed, {
        method: 'POST',
        body: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect([name, answer.status]).toEqual([name, 404]);
    }
    // GET only asks (link checkers fetch links).
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Unsubscribe');
    expect((await preferences(api.as('bob'))).body.preferences).toContainEqual(
      expect.objectContaining({ kind: 'files_published', enabled: true }),
    );
    const done = await fetch(link, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.status).toBe(200);
    expect((await preferences(api.as('bob'))).body.preferences).toContainEqual(
      expect.objectContaining({ kind: 'files_published', enabled: false }),
    );
    // Bob's other kinds, and his choices in globex, are untouched.
    expect((await preferences(api.as('bob'))).body.preferences).toContainEqual(
      expect.objectContaining({ kind: 'submission_status', enabled: true }),
    );
    const { rows } = await api.db.query('SELECT tenant_code, kind FROM mail_opt_outs');
    expect(rows).toEqual([{ tenant_code: 'acme', kind: 'files_published' }]);
    await setPreference(api.as('bob'), 'files_published', true);
  });
});

describe('the Mail page of the control panel', () => {
  it("lists the firm's own outbox to its staff only", async () => {
    const list = await api.as('carol').get<StaffMailList>('/t/acme/user/api/staff/mail', { limit: 100 });
    expect(list.status).toBe(200);
    expect(list.body.totalRecordCount).toBeGreaterThanOrEqual(4);
    const batch = list.body.records.find((r) => r.subject?.includes('3 new files'))!;
    expect(batch).toMatchObject({
      state: 'sent',
      kind: 'files_published',
      recipient: 'bob@example.com',
      events: 3,
      attempts: 1,
    });
    const failedOnly = await api.as('carol').get<StaffMailList>('/t/acme/user/api/staff/mail?state=failed');
    expect(failedOnly.body.records).toEqual([]);
    const globex = await api.as('dave').get<StaffMailList>('/t/globex/user/api/staff/mail');
    expect(globex.body.records.every((r) => !r.recipient.includes('bob'))).toBe(true);
    const bob = await api.as('bob').get('/t/acme/user/api/staff/mail');
    expect(bob.status).toBe(403);
    const daveInAcme = await api
      .as('dave', { tenants: ['acme', 'globex'] })
      .get('/t/acme/user/api/staff/mail');
    expect(daveInAcme.status).toBe(403);
  });

  it("no mail of one firm names another firm's data, for a person who is a client of both", async () => {
    const uploaded = await api
      .as('dave')
      .upload(
        api.siteId('GLX-2001'),
        [{ name: 'Globex memo.pdf', bytes: PDF_BYTES('memo'), type: 'application/pdf' }],
        'globex',
      );
    const published = await api.as('dave').post('/t/globex/file-management/api/staff/published-files', {
      siteId: api.siteId('GLX-2001'),
      files: [{ referenceNumber: uploaded.body.files[0]!.referenceNumber, title: 'Globex memo' }],
    });
    expect(published.status).toBe(201);
    await publishOne('Acme memo', api.siteId('ACME-1002'));
    const fromGlobex = await waitForMail('alice@example.com', /^Globex/);
    const fromAcme = await waitForMail('alice@example.com', /^Acme/);
    expect(unsubscribeLink(fromGlobex)).toContain('tenant=globex');
    expect(unsubscribeLink(fromAcme)).toContain('tenant=acme');
    for (const mail of smtp.mails) {
      const all = `${mail.parsed.subject}\n${mail.parsed.text}\n${mail.parsed.html}\n${mail.raw.toString()}`;
      if (all.includes('Acme')) expect(all).not.toMatch(/Globex|globex/);
    }
    expect(smtp.mails.length).toBeGreaterThanOrEqual(2);
  });
});
