import { randomBytes } from 'node:crypto';
import {
  FILE_AREA_SETTING_KEYS,
  type FileAreaSettingKey,
  type FileVersion,
  type FileVersionList,
  type PublishedFileList,
  type SavedSubmittedFiles,
  type SubmittedFileList,
  type UploadedFile,
  type UploadResponse,
} from '@portico/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { filesPublishedMail } from '../mail/templates/files-published.ts';
import { type ApiClient, type DemoUsername, useTestApi } from '../testing/api.ts';
import { sha256 } from '../testing/uploads.ts';

/**
 * Versions end to end (decision 49), through the real HTTP API: a new version by multipart or tus (`fileId`), the
 * versions list, downloads of any version with Range, making an old one current; every action against staff, a
 * member, a non-member, another firm and the flag off; concurrent new versions; a submission the firm rejected
 * going back to received; a file checked out by someone else refusing a version.
 */

const api = useTestApi();
const BAKERY = 'ACME-1001'; // Bob's site; Alice is a client of ACME-1002 (and of Globex), Dave staff of Globex.
const FM = '/t/acme/file-management/api';
const TUS = '/t/acme/file-storage/api/uploads/tus';

/** The site's own override: every flag on but `off`. */
async function setFlags(...off: FileAreaSettingKey[]) {
  const flags = Object.fromEntries(FILE_AREA_SETTING_KEYS.map((k) => [k, !off.includes(k)]));
  const answer = await api
    .as('carol')
    .patch(`/t/acme/portal/api/staff/sites/${api.siteId(BAKERY)}/file-area-settings`, flags);
  expect(answer.status).toBe(200);
}

/** A new version by multipart: the fileId field, then one file. */
async function uploadVersion(
  client: ApiClient,
  fileId: string,
  bytes: Uint8Array,
  name = 'v.pdf',
  tenant = 'acme',
) {
  const form = new FormData();
  form.append('fileId', fileId);
  form.append('file', new File([bytes], name, { type: 'application/pdf' }));
  const response = await client.raw(`/t/${tenant}/file-storage/api/files`, { method: 'POST', body: form });
  return {
    status: response.status,
    body: (await response.json()) as UploadResponse & { error?: { code: string } },
  };
}

const b64 = (text: string) => Buffer.from(text).toString('base64');

/** A new version by tus, in one PATCH; answers the creation's and the PATCH's statuses and the finished upload. */
async function tusVersion(client: ApiClient, fileId: string, bytes: Uint8Array, name = 'corrected.pdf') {
  const created = await client.raw(TUS, {
    method: 'POST',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes.length),
      'upload-metadata': `filename ${b64(name)},filetype ${b64('application/pdf')},fileId ${b64(fileId)}`,
    },
  });
  if (created.status !== 201) return { created: created.status, body: await created.json() };
  const location = created.headers.get('location')!;
  const patched = await client.raw(location, {
    method: 'PATCH',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    body: bytes,
  });
  expect(patched.status).toBe(204);
  const file = (await (await client.raw(location)).json()) as UploadedFile;
  return { created: created.status, file, reference: patched.headers.get('upload-reference-number') };
}

const versionsOf = async (fileId: string, who: DemoUsername = 'carol') =>
  (await api.as(who).get<FileVersionList>(`${FM}/files/${fileId}/versions`)).body.records;

let published: { id: string; title: string };
let v1: Buffer;

beforeAll(async () => {
  await setFlags();
  const list = await api
    .as('carol')
    .get<PublishedFileList>(`${FM}/files/published-files`, { siteId: api.siteId(BAKERY) });
  published = list.body.records[0]!;
  v1 = (await api.as('carol').bytes(`${FM}/files/published-files/${published.id}`)).body;
});

describe('a new version of a published file', () => {
  let v2: Buffer;

  it('staff upload one with fileId (multipart): the same file, id and place, now at version 2, told to its clients', async () => {
    v2 = randomBytes(200_000);
    const { status, body } = await uploadVersion(api.as('carol'), published.id, v2, 'Statement v2.pdf');
    expect(status).toBe(201);
    expect(body.files[0]).toMatchObject({
      fileId: published.id,
      version: 2,
      size: v2.length,
      sha256: sha256(v2),
    });

    const list = await api
      .as('bob')
      .get<PublishedFileList>(`${FM}/files/published-files`, { siteId: api.siteId(BAKERY) });
    const row = list.body.records.find((r) => r.id === published.id)!;
    expect(row).toMatchObject({
      version: 2,
      size: v2.length,
      fileName: 'Statement v2.pdf',
      title: published.title,
    });
    const current = await api.as('bob').bytes(`${FM}/files/published-files/${published.id}`);
    expect(sha256(current.body)).toBe(sha256(v2));

    const { rows: mails } = await api.db.query<{ data: { items: { fileId: string; updated?: boolean }[] } }>(
      `SELECT data FROM mail_outbox WHERE template = 'files-published' AND dedupe_key LIKE $1`,
      [`file.updated:${published.id}:2:%`],
    );
    expect(mails.length).toBeGreaterThan(0);
    expect(mails[0]!.data.items).toEqual([expect.objectContaining({ fileId: published.id, updated: true })]);
    const { rows: events } = await api.db.query<{ detail: { version: number } }>(
      `SELECT detail FROM audit_events WHERE action = 'file.new_version' AND file_id = $1`,
      [published.id],
    );
    expect(events.map((e) => e.detail.version)).toContain(2);
  });

  it('the versions list shows every version, the current one marked, newest first', async () => {
    const records = await versionsOf(published.id, 'bob');
    expect(records.map((r) => [r.version, r.current])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(records[0]).toMatchObject({
      size: v2.length,
      sha256: sha256(v2),
      createdBy: 'Carol Chen',
      restoredFrom: null,
    });
    expect(records[1]).toMatchObject({ size: v1.length, sha256: sha256(v1) });
  });

  it('an old version downloads byte-exact, whole and by Range, with the download headers', async () => {
    const whole = await api.as('bob').bytes(`${FM}/files/${published.id}/versions/1`);
    expect(whole.status).toBe(200);
    expect(whole.body.equals(v1)).toBe(true);
    expect(whole.headers.get('etag')).toBe(`"${sha256(v1)}"`);
    expect(whole.headers.get('content-disposition')).toMatch(/^attachment/);
    const part = await api.as('bob').bytes(`${FM}/files/${published.id}/versions/1`, {
      headers: { range: 'bytes=100-1099' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-1099/${v1.length}`);
    expect(part.body.equals(v1.subarray(100, 1100))).toBe(true);
    const preview = await api.as('bob').bytes(`${FM}/files/${published.id}/versions/1/preview`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-disposition')).toMatch(/^inline/);
    expect((await api.as('bob').get(`${FM}/files/${published.id}/versions/9`)).body.error.code).toBe(
      'versions.not_found',
    );
  });

  it('staff make version 1 current: a new version 3 with its bytes, shared, not a rewrite', async () => {
    const answer = await api.as('carol').post<FileVersion>(`${FM}/files/${published.id}/versions/1/restore`);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ version: 3, current: true, restoredFrom: 1, sha256: sha256(v1) });
    const current = await api.as('bob').bytes(`${FM}/files/published-files/${published.id}`);
    expect(current.body.equals(v1)).toBe(true);
    expect((await versionsOf(published.id)).map((r) => r.version)).toEqual([3, 2, 1]);
    const { rows } = await api.db.query<{ n: number }>(
      'SELECT count(DISTINCT blob_key)::int AS n FROM file_versions WHERE file_id = $1',
      [published.id],
    );
    expect(rows[0]!.n).toBe(2);
  });

  it('two version uploads at once both land, as the next two numbers', async () => {
    const before = (await versionsOf(published.id))[0]!.version;
    const a = randomBytes(300_000);
    const b = randomBytes(300_000);
    const answers = await Promise.all([
      uploadVersion(api.as('carol'), published.id, a, 'a.pdf'),
      uploadVersion(api.as('bob'), published.id, b, 'b.pdf'),
    ]);
    expect(answers.map((x) => x.status)).toEqual([201, 201]);
    expect(answers.map((x) => x.body.files[0]!.version).sort()).toEqual([before + 1, before + 2]);
    const records = await versionsOf(published.id);
    expect(records.slice(0, 2).map((r) => r.version)).toEqual([before + 2, before + 1]);
    const newest = answers.find((x) => x.body.files[0]!.version === before + 2)!.body.files[0]!;
    expect(records[0]).toMatchObject({ current: true, sha256: newest.sha256 });
  });

  it('a file checked out by someone else takes no new version (409 file.checked_out), from its holder it does', async () => {
    const carol = await api.userId('carol');
    await api.db.query(
      `UPDATE files SET checked_out_by = $2, checked_out_until = now() + interval '1 hour' WHERE id = $1`,
      [published.id, carol],
    );
    try {
      const refused = await uploadVersion(api.as('bob'), published.id, randomBytes(1000));
      expect(refused.status).toBe(409);
      expect(refused.body.error?.code).toBe('file.checked_out');
      expect((await tusVersion(api.as('bob'), published.id, randomBytes(1000))).created).toBe(409);
      const restore = await api.as('carol').post(`${FM}/files/${published.id}/versions/1/restore`);
      expect(restore.status).toBe(201);
    } finally {
      await api.db.query('UPDATE files SET checked_out_by = NULL, checked_out_until = NULL WHERE id = $1', [
        published.id,
      ]);
    }
  });

  it('a version upload cut off mid-body leaves the current version untouched', async () => {
    const before = await versionsOf(published.id);
    const controller = new AbortController();
    const form = new FormData();
    form.append('fileId', published.id);
    form.append('file', new File([randomBytes(4_000_000)], 'cut.pdf'));
    const body = new Response(form);
    const reader = body.body!.getReader();
    const stream = new ReadableStream({
      async pull(c) {
        const { value, done } = await reader.read();
        if (done) return c.close();
        c.enqueue(value);
        // A quarter in, the client goes away.
        if ((stream as unknown as { sent?: number }).sent === undefined)
          (stream as unknown as { sent: number }).sent = 0;
        (stream as unknown as { sent: number }).sent += value.length;
        if ((stream as unknown as { sent: number }).sent > 1_000_000) controller.abort();
      },
    });
    await api
      .as('carol')
      .raw('/t/acme/file-storage/api/files', {
        method: 'POST',
        headers: { 'content-type': body.headers.get('content-type')! },
        body: stream,
        signal: controller.signal,
        duplex: 'half',
      } as RequestInit)
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await versionsOf(published.id)).toEqual(before);
  });
});

describe('a corrected version of a rejected submission', () => {
  it('goes back to received, by tus with fileId, with no separate save', async () => {
    const upload = await api
      .as('bob')
      .upload(api.siteId(BAKERY), [{ name: 'receipts.pdf', bytes: randomBytes(5000) }]);
    const saved = await api.as('bob').post<SavedSubmittedFiles>('/t/acme/portal/api/files', {
      siteId: api.siteId(BAKERY),
      files: [{ referenceNumber: upload.body.files[0]!.referenceNumber }],
    });
    const fileId = saved.body.records[0]!.id;
    const rejected = await api.as('carol').put(`/t/acme/portal/api/staff/submissions/${fileId}/status`, {
      status: 'rejected',
      note: 'Page 2 is missing',
    });
    expect(rejected.status).toBe(200);

    const corrected = randomBytes(70_000);
    const { created, file } = await tusVersion(api.as('bob'), fileId, corrected);
    expect(created).toBe(201);
    expect(file).toMatchObject({ fileId, version: 2, sha256: sha256(corrected) });
    const list = await api
      .as('bob')
      .get<SubmittedFileList>('/t/acme/portal/api/files/submitted', { siteId: api.siteId(BAKERY) });
    expect(list.body.records.find((r) => r.id === fileId)).toMatchObject({
      status: 'received',
      statusNote: null,
      version: 2,
      sha256: sha256(corrected),
    });
  });
});

describe('who may', () => {
  /** What each caller gets for each action: 'ok' or the status and code. */
  async function outcomes(who: DemoUsername, tenant = 'acme', fileId = published.id) {
    const client = api.as(who);
    const base = `/t/${tenant}/file-management/api/files/${fileId}`;
    const code = (a: { status: number; body: unknown }) =>
      a.status < 300 ? 'ok' : `${a.status} ${(a.body as { error: { code: string } }).error.code}`;
    const list = code(await client.get(`${base}/versions`));
    const download = await client.bytes(`${base}/versions/1`);
    const downloadOutcome =
      download.status < 300 ? 'ok' : `${download.status} ${JSON.parse(download.body.toString()).error.code}`;
    const upload = code(await uploadVersion(client, fileId, randomBytes(1000), 'x.pdf', tenant));
    const restore = code(await client.post(`${base}/versions/1/restore`));
    return { list, download: downloadOutcome, upload, restore };
  }

  it('staff may do everything', async () => {
    await setFlags();
    expect(await outcomes('carol')).toEqual({ list: 'ok', download: 'ok', upload: 'ok', restore: 'ok' });
  });

  it('a member with the flags on may list, download and upload, not make a version current', async () => {
    await setFlags();
    expect(await outcomes('bob')).toEqual({
      list: 'ok',
      download: 'ok',
      upload: 'ok',
      restore: '403 auth.staff_only',
    });
  });

  it('a client who is not a member, and another firm, learn nothing: 404', async () => {
    expect(await outcomes('alice')).toEqual({
      list: '404 files.not_found',
      download: '404 files.not_found',
      upload: '404 files.not_found',
      restore: '404 files.not_found',
    });
    expect(await outcomes('dave', 'globex')).toEqual({
      list: '404 files.not_found',
      download: '404 files.not_found',
      upload: '404 files.not_found',
      restore: '404 files.not_found',
    });
  });

  it('with internalFilesUpdate off a member may not upload a version; with internalFilesViewVersionHistory off, not see them', async () => {
    await setFlags('internalFilesUpdate');
    expect(await outcomes('bob')).toMatchObject({
      list: 'ok',
      upload: '403 settings.forbidden',
      restore: '403 settings.forbidden',
    });
    const tus = await tusVersion(api.as('bob'), published.id, randomBytes(100));
    expect(tus.created).toBe(403);
    await setFlags('internalFilesViewVersionHistory');
    expect(await outcomes('bob')).toMatchObject({
      list: '403 settings.forbidden',
      download: '403 settings.forbidden',
      upload: 'ok',
    });
    // Staff are not bound by the flags.
    expect(await outcomes('carol')).toEqual({ list: 'ok', download: 'ok', upload: 'ok', restore: 'ok' });
    await setFlags();
  });
});

describe('the mail of an updated file', () => {
  const context = {
    tenant: { code: 'acme', displayName: 'Acme', primaryColor: '#123456' },
    publicUrl: 'https://portal.example',
  } as Parameters<typeof filesPublishedMail.render>[1];
  const site = { siteId: 's', siteName: 'Bakery' };

  it('says "updated", alone or beside new publications, and names a file updated twice once', () => {
    const updated = filesPublishedMail.render(
      { ...site, items: [{ fileId: 'a', title: 'Budget', updated: true }] },
      context,
    );
    expect(updated.subject).toBe('Acme updated a file for Bakery');
    const both = filesPublishedMail.render(
      {
        ...site,
        items: [
          { fileId: 'b', title: 'Letter' },
          { fileId: 'c', title: 'Plan' },
          { fileId: 'a', title: 'Budget', updated: true },
          { fileId: 'a', title: 'Budget', updated: true },
        ],
      },
      context,
    );
    expect(both.subject).toBe('Acme published 2 new files and updated a file for Bakery');
    expect(both.blocks).toContainEqual({ type: 'list', items: ['Letter', 'Plan', 'Budget (updated)'] });
  });
});
