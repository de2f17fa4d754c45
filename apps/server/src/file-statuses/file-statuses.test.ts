import {
  type ActivityList,
  DEFAULT_FILE_STATUSES,
  type FileHistory,
  type FileStatusList,
  type PublishedFileList,
  type StaffSubmissionList,
} from '@portico/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiClient, statusAndCode, useTestApi } from '../testing/api.ts';
import { publishFiles, setSiteFlags } from '../testing/file-workspace.ts';
import { type ReceivedMail, startTestSmtpServer } from '../testing/smtp.ts';
import { PDF_BYTES, submitFiles } from '../testing/staff-access.ts';
import { keyFromName } from './file-statuses.usecases.ts';

/**
 * Statuses of published files (issue 27 item 1, decision 55): the firm's list (read by anyone of the tenant,
 * replaced by staff), a file's status (staff, a member client with the flag; submitted files through the review),
 * the mail to the staff when a client sets one (caught by a real SMTP server), the list filter, and tenant
 * isolation: another firm's status key is never usable here.
 */

const smtp = await startTestSmtpServer();
afterAll(() => smtp.close());
const api = useTestApi({
  env: { SMTP_URL: smtp.url, MAIL_FROM: 'portal@example.com', NOTIFY_BATCH_SECONDS: '2' },
});

const FM = '/t/acme/file-management/api';
let bakery: string;
let draft: string;
let letter: string;
let submitted: string;

const statuses = (who: ApiClient, tenant = 'acme') =>
  who.get<FileStatusList>(`/t/${tenant}/file-management/api/statuses`);
const putStatuses = (who: ApiClient, records: unknown[], tenant = 'acme') =>
  who.put<FileStatusList>(`/t/${tenant}/file-management/api/statuses`, { records });
const setStatus = (who: ApiClient, id: string, status: string, note?: string, tenant = 'acme') =>
  who.put(`/t/${tenant}/file-management/api/files/${id}/status`, {
    status,
    ...(note === undefined ? {} : { note }),
  });
const recordOf = async (id: string) => {
  const list = await api
    .as('carol')
    .get<PublishedFileList>(`${FM}/files/published-files`, { siteId: bakery, limit: 100 });
  return list.body.records.find((r) => r.id === id)!;
};
const resetStatuses = async () => {
  await api.db.query(`UPDATE files SET file_status = NULL, status_note = NULL WHERE direction = 'published'`);
  await api.db.query('DELETE FROM file_statuses');
  await api.db.query(
    `INSERT INTO file_statuses (tenant_code, key, name, sort_order)
     SELECT t.code, s.key, s.name, s.ord FROM tenants t
     CROSS JOIN json_to_recordset($1::json) AS s(key text, name text, ord integer)`,
    [JSON.stringify(DEFAULT_FILE_STATUSES.map((s, i) => ({ ...s, ord: i + 1 })))],
  );
};
const mailsTo = (address: string, subject: RegExp) =>
  smtp.mails.filter((m) => m.to.includes(address) && subject.test(m.parsed.subject ?? ''));
const waitForMail = async (address: string, subject: RegExp): Promise<ReceivedMail> => {
  await vi.waitFor(() => expect(mailsTo(address, subject)).not.toHaveLength(0), {
    timeout: 20_000,
    interval: 200,
  });
  return mailsTo(address, subject)[0]!;
};

beforeAll(async () => {
  bakery = api.siteId('ACME-1001');
  await setSiteFlags(api, bakery);
  [draft, letter] = (await publishFiles(api, bakery, [
    { name: 'Draft return 2025.pdf', bytes: PDF_BYTES('draft return'), type: 'application/pdf' },
    { name: 'Cover letter.pdf', bytes: PDF_BYTES('cover letter'), type: 'application/pdf' },
  ])) as [string, string];
  [submitted] = (await submitFiles(api.as('bob'), bakery, [
    { name: 'receipts.pdf', bytes: PDF_BYTES('receipts'), type: 'application/pdf' },
  ])) as [string];
});

beforeEach(async () => {
  await resetStatuses();
  await setSiteFlags(api, bakery);
});

describe('GET statuses', () => {
  it('answers the firm’s list in order to staff (with file counts) and to its clients', async () => {
    await api.db.query(`UPDATE files SET file_status = 'approved' WHERE id = $1`, [draft]);
    const staff = await statuses(api.as('carol'));
    expect(staff.status).toBe(200);
    expect(staff.body.records).toEqual(
      DEFAULT_FILE_STATUSES.map((s) => ({ ...s, fileCount: s.key === 'approved' ? 1 : 0 })),
    );
    for (const client of ['bob', 'alice'] as const) {
      const answer = await statuses(api.as(client));
      expect(answer.status).toBe(200);
      expect(answer.body.records).toEqual(DEFAULT_FILE_STATUSES.map((s) => ({ ...s })));
    }
  });

  it('is the caller’s firm’s own: another firm’s staff get 403 on this firm’s path', async () => {
    expect(statusAndCode(await statuses(api.as('dave')))).toEqual([403, 'auth.tenant_forbidden']);
    await putStatuses(api.as('dave'), [{ name: 'Filed' }], 'globex');
    expect((await statuses(api.as('dave'), 'globex')).body.records.map((s) => s.key)).toEqual(['filed']);
    expect((await statuses(api.as('carol'))).body.records.map((s) => s.key)).toEqual(
      DEFAULT_FILE_STATUSES.map((s) => s.key),
    );
  });
});

describe('PUT statuses', () => {
  it('renames, reorders, adds and removes; a removed status is cleared from its files with its note', async () => {
    await setStatus(api.as('carol'), draft, 'changes_requested', 'Page 3 is missing');
    await setStatus(api.as('carol'), letter, 'approved');
    const answer = await putStatuses(api.as('carol'), [
      { key: 'approved', name: 'Signed off' },
      { key: 'for_review', name: 'Waiting for you' },
      { name: 'Filed with HMRC' },
      { name: 'Approved' },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.records).toEqual([
      { key: 'approved', name: 'Signed off', fileCount: 1 },
      { key: 'for_review', name: 'Waiting for you', fileCount: 0 },
      { key: 'filed_with_hmrc', name: 'Filed with HMRC', fileCount: 0 },
      // The name "Approved" is free again, its key taken: a new key.
      { key: 'approved_2', name: 'Approved', fileCount: 0 },
    ]);
    expect(await recordOf(draft)).toMatchObject({ status: null, statusName: null, statusNote: null });
    expect(await recordOf(letter)).toMatchObject({ status: 'approved', statusName: 'Signed off' });
    const audit = await api.db.query<{ detail: { removed: string[]; filesCleared: number } }>(
      `SELECT detail FROM audit_events WHERE action = 'statuses.update' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.rows[0]!.detail).toMatchObject({ removed: ['changes_requested'], filesCleared: 1 });
  });

  it('lets two statuses swap names in one change', async () => {
    const answer = await putStatuses(api.as('carol'), [
      { key: 'for_review', name: 'Approved' },
      { key: 'approved', name: 'For review' },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.records.map((s) => [s.key, s.name])).toEqual([
      ['for_review', 'Approved'],
      ['approved', 'For review'],
    ]);
  });

  it('refuses names equal ignoring case (409 name.taken), unknown keys and bad bodies, changing nothing', async () => {
    const before = (await statuses(api.as('carol'))).body;
    expect(statusAndCode(await putStatuses(api.as('carol'), [{ key: 'approved' }]))).toEqual([
      400,
      'request.invalid',
    ]);
    expect(
      statusAndCode(
        await putStatuses(api.as('carol'), [{ key: 'approved', name: 'Done' }, { name: ' done ' }]),
      ),
    ).toEqual([409, 'name.taken']);
    expect(statusAndCode(await putStatuses(api.as('carol'), [{ key: 'nope', name: 'Nope' }]))).toEqual([
      400,
      'status.unknown',
    ]);
    expect(statusAndCode(await putStatuses(api.as('carol'), [{ key: 'filed', name: 'Filed' }]))).toEqual([
      400,
      'status.unknown',
    ]);
    expect(statusAndCode(await putStatuses(api.as('carol'), []))).toEqual([400, 'request.invalid']);
    expect(statusAndCode(await putStatuses(api.as('carol'), [{ name: 'a\nb' }]))).toEqual([
      400,
      'request.invalid',
    ]);
    expect(statusAndCode(await putStatuses(api.as('carol'), [{ name: 'x'.repeat(61) }]))).toEqual([
      400,
      'request.invalid',
    ]);
    const tooMany = Array.from({ length: 21 }, (_, i) => ({ name: `S${i}` }));
    expect(statusAndCode(await putStatuses(api.as('carol'), tooMany))).toEqual([400, 'request.invalid']);
    expect(
      statusAndCode(
        await putStatuses(api.as('carol'), [
          { key: 'approved', name: 'A' },
          { key: 'approved', name: 'B' },
        ]),
      ),
    ).toEqual([400, 'request.invalid']);
    expect((await statuses(api.as('carol'))).body).toEqual(before);
  });

  it('is staff only: a client gets 403 auth.staff_only, another firm 403 auth.tenant_forbidden', async () => {
    expect(statusAndCode(await putStatuses(api.as('bob'), [{ name: 'Mine' }]))).toEqual([
      403,
      'auth.staff_only',
    ]);
    expect(statusAndCode(await putStatuses(api.as('dave'), [{ name: 'Theirs' }]))).toEqual([
      403,
      'auth.tenant_forbidden',
    ]);
  });

  it('makes keys from names: ASCII, starting with a letter, unique, at most 40 characters', () => {
    expect(keyFromName('Prêt à signer', new Set())).toBe('pret_a_signer');
    expect(keyFromName('2025 — Filed!', new Set())).toBe('filed');
    expect(keyFromName('✓✓', new Set())).toBe('status');
    expect(keyFromName('Approved', new Set(['approved', 'approved_2']))).toBe('approved_3');
    const long = keyFromName('a'.repeat(60), new Set(['a'.repeat(40)]));
    expect(long).toBe(`${'a'.repeat(38)}_2`);
    expect(long).toMatch(/^[a-z][a-z0-9_]{0,39}$/);
  });
});

describe('PUT files/{id}/status', () => {
  it('sets a published file’s status and note: shown on its row and in its history', async () => {
    const answer = await setStatus(api.as('carol'), draft, 'for_review', 'Please check page 2');
    expect(answer.status).toBe(204);
    expect(await recordOf(draft)).toMatchObject({
      status: 'for_review',
      statusName: 'For review',
      statusNote: 'Please check page 2',
    });
    const history = await api.as('bob').get<FileHistory>(`${FM}/files/${draft}/history`);
    expect(history.body.records[0]).toMatchObject({ action: 'file.status', label: 'Status changed' });
    const audit = await api.db.query<{ detail: Record<string, unknown> }>(
      `SELECT detail FROM audit_events WHERE action = 'file.status' AND file_id = $1 ORDER BY id DESC LIMIT 1`,
      [draft],
    );
    expect(audit.rows[0]!.detail).toMatchObject({
      from: null,
      to: 'for_review',
      note: 'Please check page 2',
    });
    // The same again changes nothing (no second event).
    const events = async () =>
      (
        await api.db.query(`SELECT 1 FROM audit_events WHERE action = 'file.status' AND file_id = $1`, [
          draft,
        ])
      ).rows.length;
    const before = await events();
    await setStatus(api.as('carol'), draft, 'for_review', 'Please check page 2');
    expect(await events()).toBe(before);
  });

  it('refuses a key not in the firm’s list, another firm’s key included (400 status.unknown)', async () => {
    await putStatuses(api.as('dave'), [{ name: 'Filed' }], 'globex');
    expect(statusAndCode(await setStatus(api.as('carol'), draft, 'filed'))).toEqual([400, 'status.unknown']);
    expect(statusAndCode(await setStatus(api.as('bob'), draft, 'filed'))).toEqual([400, 'status.unknown']);
    expect(statusAndCode(await setStatus(api.as('carol'), draft, 'accepted'))).toEqual([
      400,
      'status.unknown',
    ]);
    expect(statusAndCode(await setStatus(api.as('carol'), draft, 'Not A Key!'))).toEqual([
      400,
      'status.unknown',
    ]);
    expect(statusAndCode(await api.as('carol').put(`${FM}/files/${draft}/status`, {}))).toEqual([
      400,
      'request.invalid',
    ]);
    expect(await recordOf(draft)).toMatchObject({ status: null });
    // A file of globex is not reachable through acme's statuses either.
    const globexFile = (
      await api.db.query<{ id: string }>(
        `SELECT id FROM files WHERE tenant_code = 'globex' AND direction = 'published' LIMIT 1`,
      )
    ).rows[0]!.id;
    expect(
      statusAndCode(await setStatus(api.as('dave'), globexFile, 'approved', undefined, 'globex')),
    ).toEqual([400, 'status.unknown']);
    expect((await setStatus(api.as('dave'), globexFile, 'filed', undefined, 'globex')).status).toBe(204);
  });

  it('who may: staff and a member with the flag; a non-member and another firm get 404', async () => {
    expect((await setStatus(api.as('carol'), draft, 'for_review')).status).toBe(204);
    expect((await setStatus(api.as('bob'), draft, 'approved')).status).toBe(204);
    expect(statusAndCode(await setStatus(api.as('alice'), draft, 'approved'))).toEqual([
      404,
      'files.not_found',
    ]);
    expect(statusAndCode(await setStatus(api.as('dave'), draft, 'approved', undefined, 'globex'))).toEqual([
      404,
      'files.not_found',
    ]);
    expect(statusAndCode(await setStatus(api.as('dave'), draft, 'approved'))).toEqual([
      403,
      'auth.tenant_forbidden',
    ]);
    expect(await recordOf(draft)).toMatchObject({ status: 'approved' });
  });

  it('with internalFileStatusUpdate or portalFilesView off: a member gets 403 settings.forbidden, staff may', async () => {
    for (const flag of ['internalFileStatusUpdate', 'portalFilesView'] as const) {
      await setSiteFlags(api, bakery, flag);
      const refused = await setStatus(api.as('bob'), draft, 'approved');
      expect(statusAndCode(refused)).toEqual([403, 'settings.forbidden']);
      expect(
        (await setStatus(api.as('carol'), draft, flag === 'portalFilesView' ? 'approved' : 'for_review'))
          .status,
      ).toBe(204);
    }
    expect(await recordOf(draft)).toMatchObject({ status: 'approved' });
  });

  it('a submitted file: staff set its review status through the review of submissions; a client gets 403', async () => {
    expect((await setStatus(api.as('carol'), submitted, 'in_review')).status).toBe(204);
    const list = await api
      .as('carol')
      .get<StaffSubmissionList>('/t/acme/portal/api/staff/submissions', { siteId: bakery, limit: 100 });
    expect(list.body.records.find((r) => r.id === submitted)).toMatchObject({ status: 'in_review' });
    expect(statusAndCode(await setStatus(api.as('carol'), submitted, 'rejected'))).toEqual([
      400,
      'submissions.note_required',
    ]);
    expect(statusAndCode(await setStatus(api.as('carol'), submitted, 'approved'))).toEqual([
      400,
      'status.unknown',
    ]);
    expect(statusAndCode(await setStatus(api.as('bob'), submitted, 'accepted'))).toEqual([
      403,
      'auth.staff_only',
    ]);
    expect(statusAndCode(await setStatus(api.as('alice'), submitted, 'accepted'))).toEqual([
      404,
      'files.not_found',
    ]);
    const history = await api.as('carol').get<FileHistory>(`${FM}/files/${submitted}/history`);
    expect(history.body.records[0]).toMatchObject({ action: 'file.status', label: 'Status changed' });
  });
});

describe('the mail to the firm when a client sets a status', () => {
  // The earlier tests' changes by Bob are mailed first, so each test starts a batch of its own.
  beforeEach(async () => {
    await vi.waitFor(
      async () => {
        const pending = await api.db.query(
          `SELECT 1 FROM mail_outbox WHERE template = 'file-status-changed' AND state IN ('pending', 'sending')`,
        );
        expect(pending.rows).toHaveLength(0);
      },
      { timeout: 20_000, interval: 200 },
    );
  });

  it('reaches the staff with the file, the status and the note, batched per site, and in their activity', async () => {
    smtp.mails.length = 0;
    expect((await setStatus(api.as('bob'), draft, 'approved', 'Looks right, go ahead')).status).toBe(204);
    const mail = await waitForMail('carol@acme.example', /Approved/);
    expect(mail.parsed.subject).toBe("Draft return 2025.pdf: Approved (Bob's Bakery Ltd)");
    expect(mail.parsed.text).toContain('Bob Baker set "Draft return 2025.pdf" to Approved');
    expect(mail.parsed.text).toContain('Looks right, go ahead');
    expect(mail.parsed.html).toContain(`${api.url}/control-panel/publish?tenant=acme`);

    // Changes within the window make one mail; a file changed twice is listed once, as it is now.
    smtp.mails.length = 0;
    await setStatus(api.as('bob'), draft, 'for_review');
    await setStatus(api.as('bob'), letter, 'approved');
    await setStatus(api.as('bob'), draft, 'changes_requested', 'Page 3 <is> missing');
    const batched = await waitForMail('carol@acme.example', /status changes/);
    expect(batched.parsed.subject).toBe("2 status changes in Bob's Bakery Ltd");
    expect(batched.parsed.text).toContain('Draft return 2025.pdf: Changes requested (Bob Baker)');
    expect(batched.parsed.text).not.toContain('For review');
    expect(batched.parsed.text).toContain('Cover letter.pdf: Approved (Bob Baker)');
    expect(batched.parsed.html).toContain('Page 3 &lt;is&gt; missing');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(mailsTo('carol@acme.example', /./)).toHaveLength(1);

    const feed = await api.as('carol').get<ActivityList>('/t/acme/user/api/activity');
    expect(feed.body.records.map((r) => r.title)).toContain(
      'Bob Baker set "Draft return 2025.pdf" to Approved',
    );
  });

  it('is not sent when staff set a status', async () => {
    smtp.mails.length = 0;
    await setStatus(api.as('carol'), draft, 'approved', 'Staff change');
    const outbox = await api.db.query(
      `SELECT 1 FROM mail_outbox WHERE template = 'file-status-changed' AND data::text LIKE '%Staff change%'`,
    );
    expect(outbox.rows).toHaveLength(0);
  });
});

describe('the status filter of Published Files', () => {
  it('lists the files with any of the statuses asked, and none for a key nobody has', async () => {
    await setStatus(api.as('carol'), draft, 'approved');
    await setStatus(api.as('carol'), letter, 'for_review');
    const ids = async (who: ApiClient, query: string) => {
      const answer = await who.get<PublishedFileList>(
        `${FM}/files/published-files?siteId=${bakery}&limit=100&${query}`,
      );
      expect(answer.status).toBe(200);
      return answer.body.records.map((r) => r.id).sort();
    };
    for (const who of [api.as('bob'), api.as('carol')]) {
      expect(await ids(who, 'status=approved')).toEqual([draft]);
      expect(await ids(who, 'status=approved&status=for_review')).toEqual([draft, letter].sort());
      expect(await ids(who, 'status=changes_requested')).toEqual([]);
    }
    const count = await api
      .as('bob')
      .get<{ totalRecordCount: number }>(`${FM}/files/published-files?siteId=${bakery}&status=approved`);
    expect(count.body.totalRecordCount).toBe(1);
  });
});
