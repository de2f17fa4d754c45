import { randomUUID } from 'node:crypto';
import type { StaffSubmission, StaffSubmissionList, SubmittedFileList } from '@portico/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorCode, useTestApi } from '../testing/api.ts';
import { expectStaffOnly, PDF_BYTES, submitFiles } from '../testing/staff-access.ts';

const api = useTestApi();
let bakery: string;
let aliceTax: string;
/** Files bob submitted to his bakery, and alice to her tax site. */
let bobFiles: string[];
let aliceFiles: string[];

const submissions = (query = '') =>
  api.as('carol').get<StaffSubmissionList>(`/t/acme/portal/api/staff/submissions${query}`);
const setStatus = (id: string, body: unknown) =>
  api.as('carol').put<StaffSubmission>(`/t/acme/portal/api/staff/submissions/${id}/status`, body);
const bobSees = async () =>
  (await api.as('bob').get<SubmittedFileList>(`/t/acme/portal/api/files/submitted?siteId=${bakery}`)).body
    .records;

beforeAll(async () => {
  bakery = api.siteId('ACME-1001');
  aliceTax = api.siteId('ACME-1002');
  bobFiles = await submitFiles(api.as('bob'), bakery, [
    {
      name: 'Receipts March.pdf',
      bytes: PDF_BYTES('receipts'),
      type: 'application/pdf',
      title: 'Receipts March',
    },
    {
      name: 'Bank statement.csv',
      bytes: new TextEncoder().encode('date,amount\n2026-03-01,12.50\n'),
      type: 'text/csv',
    },
  ]);
  aliceFiles = await submitFiles(api.as('alice'), aliceTax, [
    { name: 'P60.pdf', bytes: PDF_BYTES('p60'), type: 'application/pdf' },
  ]);
});

describe('GET portal/api/staff/submissions', () => {
  it("lists clients' submissions across the firm's sites, newest first, with site and submitter", async () => {
    const { status, body } = await submissions();
    expect(status).toBe(200);
    expect(body.totalRecordCount).toBe(3);
    // Bob's two files share one save, so one moment: their order between themselves is the id's.
    expect(body.records[0]!.id).toBe(aliceFiles[0]);
    expect(
      body.records
        .slice(1)
        .map((r) => r.id)
        .sort(),
    ).toEqual([...bobFiles].sort());
    expect(body.records[0]).toMatchObject({
      siteId: aliceTax,
      siteName: 'Alice Smith — Personal Tax',
      fileName: 'P60.pdf',
      status: 'received',
      statusNote: null,
      statusUpdatedAt: null,
      submittedBy: { name: 'Alice Smith', email: 'alice@example.com' },
    });
    expect(body.records[0]!.referenceNumber).toMatch(/^UP-/);
  });

  it('filters by site, search text (title, file name, submitter) and date range; sorts and pages', async () => {
    const ids = async (query: string) => (await submissions(query)).body.records.map((r) => r.id);
    expect((await ids(`?siteId=${bakery}`)).sort()).toEqual([...bobFiles].sort());
    expect(await ids('?search=receipts')).toEqual([bobFiles[0]]);
    expect(await ids('?search=ALICE')).toEqual(aliceFiles);
    expect(await ids('?search=bob%40example')).toHaveLength(2);
    const today = new Date().toISOString().slice(0, 10);
    expect(await ids(`?from=${today}&to=${today}`)).toHaveLength(3);
    expect(await ids('?to=2020-01-01')).toEqual([]);
    expect(await ids('?sortBy=siteName&sortOrder=asc')).toEqual(expect.arrayContaining(aliceFiles));
    expect((await ids('?sortBy=siteName&sortOrder=asc'))[0]).toBe(aliceFiles[0]);
    expect((await ids('?sortBy=fileName&sortOrder=asc'))[0]).toBe(bobFiles[1]);
    const page = await submissions('?limit=1&offset=2');
    expect([page.body.totalRecordCount, page.body.records.length]).toEqual([3, 1]);
  });

  it('refuses bad filters with 400', async () => {
    for (const query of [
      '?from=2026-02-01&to=2026-01-01',
      '?status=lost',
      '?sortBy=blob_key',
      '?siteId=1',
      '?limit=500',
    ]) {
      const answer = await submissions(query);
      expect([query, answer.status, errorCode(answer.body)]).toEqual([query, 400, 'request.invalid']);
    }
  });

  it('refuses clients and other firms', async () => {
    await expectStaffOnly(api, { method: 'GET', path: (t) => `/t/${t}/portal/api/staff/submissions` });
    const globex = await api.as('dave').get<StaffSubmissionList>('/t/globex/portal/api/staff/submissions');
    expect(globex.body).toEqual({ records: [], totalRecordCount: 0 });
  });
});

describe('PUT portal/api/staff/submissions/:id/status', () => {
  it('sets a status that the client sees on Submitted Files', async () => {
    const answer = await setStatus(bobFiles[0]!, { status: 'in_review' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: bobFiles[0], status: 'in_review', statusNote: null });
    expect(Date.parse(answer.body.statusUpdatedAt!)).not.toBeNaN();
    expect((await bobSees()).find((f) => f.id === bobFiles[0])?.status).toBe('in_review');

    const filtered = await submissions('?status=in_review&status=accepted');
    expect(filtered.body.records.map((r) => r.id)).toEqual([bobFiles[0]]);
  });

  it('needs a note to reject, and keeps it with the status', async () => {
    const noNote = await setStatus(bobFiles[1]!, { status: 'rejected' });
    expect([noNote.status, errorCode(noNote.body)]).toEqual([400, 'submissions.note_required']);
    const blankNote = await setStatus(bobFiles[1]!, { status: 'rejected', note: '   \n ' });
    expect([blankNote.status, errorCode(blankNote.body)]).toEqual([400, 'request.invalid']);
    const rejected = await setStatus(bobFiles[1]!, {
      status: 'rejected',
      note: 'The statement is cut off after page 1.\nPlease send all pages.',
    });
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      statusNote: expect.stringContaining('all pages'),
    });
    expect((await bobSees()).find((f) => f.id === bobFiles[1])).toMatchObject({
      status: 'rejected',
      statusNote: 'The statement is cut off after page 1.\nPlease send all pages.',
    });
    const { rows } = await api.db.query<{ status_note: string }>(
      'SELECT status_note FROM files WHERE id = $1',
      [bobFiles[1]],
    );
    expect(rows[0]?.status_note).toContain('cut off');

    const accepted = await setStatus(bobFiles[1]!, { status: 'accepted' });
    expect(accepted.body).toMatchObject({ status: 'accepted', statusNote: null });
  });

  it('refuses unknown statuses and answers 404 for files that are not live submissions of the firm', async () => {
    const unknown = await setStatus(bobFiles[0]!, { status: 'lost' });
    expect([unknown.status, errorCode(unknown.body)]).toEqual([400, 'request.invalid']);
    const { rows } = await api.db.query<{ id: string }>(
      "SELECT id FROM files WHERE tenant_code = 'acme' AND direction = 'published' LIMIT 1",
    );
    for (const id of [randomUUID(), rows[0]!.id]) {
      const answer = await setStatus(id, { status: 'accepted' });
      expect([answer.status, errorCode(answer.body)]).toEqual([404, 'files.not_found']);
    }
  });

  it('refuses clients and other firms, and changes nothing for them', async () => {
    const id = aliceFiles[0]!;
    await expectStaffOnly(api, {
      method: 'PUT',
      path: (t) => `/t/${t}/portal/api/staff/submissions/${id}/status`,
      body: { status: 'accepted' },
      foreignIdCode: 'files.not_found',
    });
    await expectStaffOnly(api, {
      method: 'GET',
      path: (t) => `/t/${t}/portal/api/staff/submissions/${id}`,
      foreignIdCode: 'files.not_found',
    });
    const one = await api.as('carol').get<StaffSubmission>(`/t/acme/portal/api/staff/submissions/${id}`);
    expect(one.body).toMatchObject({ id, status: 'received' });
  });
});

describe('staff downloads of submissions', () => {
  it('downloads any submitted file, even where the site turns downloads off for everyone', async () => {
    await api.db.query(
      `INSERT INTO file_area_settings (tenant_code, site_id, settings) VALUES ('acme', $1, '{"internalFilesDownload": false}')`,
      [bakery],
    );
    try {
      // The settings bind clients only: bob is refused, staff are served by the portal route and their own.
      const client = await api.as('bob').raw(`/t/acme/portal/api/files/submitted/${bobFiles[0]}`);
      expect(client.status).toBe(403);
      const portal = await api.as('carol').raw(`/t/acme/portal/api/files/submitted/${bobFiles[0]}`);
      expect(portal.status).toBe(200);
      await portal.arrayBuffer();
      const staff = await api.as('carol').raw(`/t/acme/portal/api/staff/submissions/${bobFiles[0]}/download`);
      expect(staff.status).toBe(200);
      expect(staff.headers.get('content-disposition')).toContain('Receipts%20March.pdf');
      expect(staff.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await staff.arrayBuffer())).toEqual(Buffer.from(PDF_BYTES('receipts')));

      const head = await api.as('carol').raw(`/t/acme/portal/api/staff/submissions/${bobFiles[0]}/download`, {
        method: 'HEAD',
      });
      expect([head.status, head.headers.get('content-length')]).toEqual([
        200,
        String(PDF_BYTES('receipts').length),
      ]);
      const range = await api
        .as('carol')
        .raw(`/t/acme/portal/api/staff/submissions/${bobFiles[0]}/download`, {
          headers: { range: 'bytes=0-4' },
        });
      expect([range.status, await range.text()]).toEqual([206, '%PDF-']);
    } finally {
      await api.db.query('DELETE FROM file_area_settings WHERE site_id = $1', [bakery]);
    }
  });

  it('zips submissions of several sites; one id that is not the firm’s fails the whole zip', async () => {
    const zip = await api.as('carol').raw('/t/acme/portal/api/staff/submissions/zip', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fileIds: [...bobFiles, ...aliceFiles] }),
    });
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('content-disposition')).toMatch(/Submissions \d{4}-\d{2}-\d{2}\.zip/);
    const bytes = Buffer.from(await zip.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    for (const name of ['Receipts March.pdf', 'Bank statement.csv', 'P60.pdf'])
      expect(bytes.includes(name)).toBe(true);

    const mixed = await api.as('carol').post('/t/acme/portal/api/staff/submissions/zip', {
      fileIds: [bobFiles[0], randomUUID()],
    });
    expect([mixed.status, errorCode(mixed.body)]).toEqual([404, 'files.not_found']);
  });

  it('writes a download event per file', async () => {
    const { rows } = await api.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_events
       WHERE action = 'file.download' AND file_id = $1 AND detail->>'staff' = 'true'`,
      [bobFiles[0]],
    );
    expect(rows[0]?.n).toBe(3);
  });

  it('refuses clients and other firms', async () => {
    await expectStaffOnly(api, {
      method: 'GET',
      path: (t) => `/t/${t}/portal/api/staff/submissions/${bobFiles[0]}/download`,
      foreignIdCode: 'files.not_found',
    });
    await expectStaffOnly(api, {
      method: 'POST',
      path: (t) => `/t/${t}/portal/api/staff/submissions/zip`,
      body: { fileIds: bobFiles },
      foreignIdCode: 'files.not_found',
    });
  });
});
