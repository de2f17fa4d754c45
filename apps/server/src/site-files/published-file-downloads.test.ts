import { createHash, randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  FILE_DOWNLOAD_AUDIT_ACTION,
  FILE_SORT_FIELDS,
  type FileColumnList,
  PUBLISHED_FILE_COLUMNS,
  type PublishedFileList,
} from '@portico/contracts';
import { parse } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { createFsBlobStore } from '../storage/fs-blob-store.ts';
import { type ApiClient, statusAndCode, useTestApi } from '../testing/api.ts';
import { readZip } from '../testing/read-zip.ts';
import { safeFileName } from '../transfers/safe-file-name.ts';

const api = useTestApi();

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const download = (client: ApiClient, id: string, headers: Record<string, string> = {}, tenant = 'acme') =>
  client.bytes(`/t/${tenant}/file-management/api/files/published-files/${id}`, { headers });
const zip = (client: ApiClient, fileIds: string[], tenant = 'acme') =>
  client.bytes(`/t/${tenant}/file-management/api/files/published-files/zip`, {
    method: 'POST',
    body: { fileIds },
  });
interface FileRow {
  id: string;
  file_name: string;
  sha256: string;
  size: number;
  site_id: string;
}
const publishedOf = async (reference: string) =>
  (
    await api.db.query<FileRow>(
      `SELECT f.id, f.file_name, f.sha256, f.size::int AS size, f.site_id FROM files f JOIN sites s ON s.id = f.site_id
       WHERE s.reference = $1 AND f.direction = 'published' ORDER BY f.created_at`,
      [reference],
    )
  ).rows;

/** A published file of a site with these bytes and this name, as the firm would have published it. */
async function publish(
  siteReference: string,
  fileName: string,
  bytes: Buffer,
  contentType = 'application/pdf',
) {
  const blobs = createFsBlobStore(path.join(api.server.config.dataDir, 'blobs'));
  const tenant = siteReference.startsWith('GLX') ? 'globex' : 'acme';
  const blobKey = `${tenant}/${randomUUID()}`;
  await blobs.put(blobKey, Readable.from([bytes]));
  const { rows } = await api.db.query<{ id: string }>(
    `INSERT INTO files (tenant_code, site_id, direction, title, file_name, content_type, size, sha256, blob_key)
     VALUES ($1, $2, 'published', $3, $3, $4, $5, $6, $7) RETURNING id`,
    [tenant, api.siteId(siteReference), fileName, contentType, bytes.length, sha256(bytes), blobKey],
  );
  return rows[0]!.id;
}

describe('GET /t/:tenant/file-management/api/files/published-files/:id', () => {
  it('streams the published bytes as a safe attachment, and the file is no longer new for that user', async () => {
    const [file] = await publishedOf('ACME-1001');
    const answer = await download(api.as('bob'), file!.id);
    expect(answer.status).toBe(200);
    expect(sha256(answer.body)).toBe(file!.sha256);
    expect(answer.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(Object.fromEntries(answer.headers)).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(file!.size),
      etag: `"${file!.sha256}"`,
      'accept-ranges': 'bytes',
      'content-disposition': `attachment; filename="${file!.file_name}"; filename*=UTF-8''${encodeURIComponent(file!.file_name)}`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; frame-ancestors 'none'",
      'cache-control': 'private, no-store',
    });
    const isNew = async (client: ApiClient) =>
      (
        await client.get<PublishedFileList>(
          `/t/acme/file-management/api/files/published-files?siteId=${api.siteId('ACME-1001')}`,
        )
      ).body.records.find((r) => r.id === file!.id)!.isNew;
    expect(await isNew(api.as('bob'))).toBe(false);
    expect(await isNew(api.as('carol'))).toBe(true);
  });

  it('answers ranges, conditional requests and HEAD as RFC 9110 says', async () => {
    const bytes = randomBytes(10_000);
    const id = await publish('ACME-1001', 'ranged.bin', bytes, 'application/octet-stream');
    const etag = `"${sha256(bytes)}"`;

    const middle = await download(api.as('bob'), id, { range: 'bytes=100-199' });
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe('bytes 100-199/10000');
    expect(middle.headers.get('content-length')).toBe('100');
    expect(middle.body.equals(bytes.subarray(100, 200))).toBe(true);

    const tail = await download(api.as('bob'), id, { range: 'bytes=-50' });
    expect([tail.status, tail.headers.get('content-range')]).toEqual([206, 'bytes 9950-9999/10000']);
    expect(tail.body.equals(bytes.subarray(9950))).toBe(true);

    const beyond = await download(api.as('bob'), id, { range: 'bytes=10000-' });
    expect(statusAndCode(beyond)).toEqual([416, 'files.range_not_satisfiable']);
    expect(beyond.headers.get('content-range')).toBe('bytes */10000');

    const cached = await download(api.as('bob'), id, { 'if-none-match': etag });
    expect([cached.status, cached.body.length, cached.headers.get('etag')]).toEqual([304, 0, etag]);

    const changed = await download(api.as('bob'), id, { range: 'bytes=0-9', 'if-range': '"stale"' });
    expect([changed.status, changed.body.length]).toEqual([200, 10_000]);

    const head = await api.as('bob').bytes(`/t/acme/file-management/api/files/published-files/${id}`, {
      method: 'HEAD',
    });
    expect([head.status, head.headers.get('content-length'), head.body.length]).toEqual([200, '10000', 0]);
    expect(head.headers.get('content-disposition')).toContain('ranged.bin');

    // One event for the whole file, one for the range from 0; none for the others, the 304 or the HEAD.
    const { rows } = await api.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM audit_events WHERE file_id = $1 AND action = $2',
      [id, FILE_DOWNLOAD_AUDIT_ACTION],
    );
    expect(rows[0]!.n).toBe(1);
    await download(api.as('bob'), id, { range: 'bytes=0-' });
    const after = await api.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM audit_events WHERE file_id = $1',
      [id],
    );
    expect(after.rows[0]!.n).toBe(2);
  });

  it('sends a zero-byte file, and finds every range of it unsatisfiable', async () => {
    const id = await publish('ACME-1001', 'empty.txt', Buffer.alloc(0), 'text/plain');
    const answer = await download(api.as('bob'), id);
    expect([answer.status, answer.headers.get('content-length'), answer.body.length]).toEqual([200, '0', 0]);
    expect(answer.headers.get('etag')).toBe(
      '"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"',
    );
    expect(statusAndCode(await download(api.as('bob'), id, { range: 'bytes=0-' }))).toEqual([
      416,
      'files.range_not_satisfiable',
    ]);
  });

  it('gives every hostile name a Content-Disposition that parses back to the safe name', async () => {
    const names = [
      'evil\r\nSet-Cookie: session=stolen.pdf',
      'quote"; filename="other.exe',
      '../../../etc/passwd',
      'C:\\Windows\\system32\\cmd.exe',
      'rtl\u202Efdp.exe',
      'tab\tand\u0007bell.pdf',
      `${'long '.repeat(200)}.pdf`,
      '😀'.repeat(1000),
      'semi;colon,comma=equals.pdf',
    ];
    for (const name of names) {
      const id = await publish('ACME-1001', name, Buffer.from(name));
      const answer = await download(api.as('bob'), id);
      expect([name.slice(0, 20), answer.status]).toEqual([name.slice(0, 20), 200]);
      const header = answer.headers.get('content-disposition')!;
      expect(header).toMatch(
        /^attachment; filename=("[^"\\]*"|[^;"\s]+); filename\*=UTF-8''[\w%!#$&+.^`|~-]+$/,
      );
      expect(parse(header).parameters.filename).toBe(safeFileName(name));
      expect(answer.headers.get('set-cookie')).toBeNull();
      expect(answer.body.toString()).toBe(name);
    }
  });
});

describe('POST /t/:tenant/file-management/api/files/published-files/zip', () => {
  it('zips published files in the order asked, stored, with the length known in advance', async () => {
    const files = await publishedOf('ACME-1002');
    const answer = await zip(api.as('alice'), files.map((f) => f.id).reverse());
    expect(answer.status).toBe(200);
    const day = new Date().toISOString().slice(0, 10);
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="Published Files ${day}.zip"; filename*=UTF-8''Published%20Files%20${day}.zip`,
    );
    expect(answer.headers.get('content-length')).toBe(String(answer.body.length));
    const entries = readZip(answer.body);
    expect(entries.map((e) => [e.name, e.method, sha256(e.data)])).toEqual(
      [...files].reverse().map((f) => [f.file_name, 0, f.sha256]),
    );
    const { rows } = await api.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_events WHERE action = $1 AND file_id = ANY($2) AND detail->>'via' = 'zip'",
      [FILE_DOWNLOAD_AUDIT_ACTION, files.map((f) => f.id)],
    );
    expect(rows[0]!.n).toBe(files.length);
  });

  it('names entries safely and uniquely, deflating what compresses and storing what does not', async () => {
    const text = Buffer.from('a line of text that repeats\n'.repeat(1000));
    const ids = [
      await publish('ACME-1001', '../report.txt', text, 'text/plain'),
      await publish('ACME-1001', '..\\report.txt', text, 'text/plain'),
      await publish('ACME-1001', 'noise.bin', randomBytes(100_000), 'application/octet-stream'),
      await publish('ACME-1001', 'photo.jpg', randomBytes(1000), 'image/jpeg'),
      await publish('ACME-1001', 'invoice\u202Efdp.exe', text, 'text/plain'),
      await publish('ACME-1001', 'cr\r\nlf\u0007.txt', text, 'text/plain'),
      await publish('ACME-1001', `${'📄'.repeat(1000)}.txt`, text, 'text/plain'),
    ];
    const answer = await zip(api.as('bob'), ids);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-length')).toBeNull();
    const entries = readZip(answer.body);
    expect(entries.map((e) => [e.name, e.method, e.utf8])).toEqual([
      ['_report.txt', 8, true],
      ['_report (2).txt', 8, true],
      ['noise.bin', 0, true],
      ['photo.jpg', 0, true],
      ['invoicefdp.exe', 8, true],
      ['crlf.txt', 8, true],
      [`${'📄'.repeat(49)}.txt`, 8, true],
    ]);
    expect(entries[0]!.data.equals(text)).toBe(true);
  });
});

describe('GET /t/:tenant/file-management/api/files/published-files/columns', () => {
  it('answers the columns of the Published Files table, sortable only where sortBy allows', async () => {
    const answer = await api.as('bob').bytes('/t/acme/file-management/api/files/published-files/columns');
    const body = JSON.parse(answer.body.toString()) as FileColumnList;
    expect(answer.status).toBe(200);
    expect(body.columns).toEqual(PUBLISHED_FILE_COLUMNS);
    for (const column of body.columns) {
      expect(FILE_SORT_FIELDS.includes(column.key as never)).toBe(column.sortable);
    }
  });
});

describe('isolation and settings of published downloads', () => {
  it('answers 403 to a token of another tenant on every endpoint', async () => {
    const [file] = await publishedOf('ACME-1001');
    expect(statusAndCode(await download(api.as('dave'), file!.id))).toEqual([403, 'auth.tenant_forbidden']);
    expect(statusAndCode(await zip(api.as('dave'), [file!.id]))).toEqual([403, 'auth.tenant_forbidden']);
    expect(
      statusAndCode(await api.as('dave').bytes('/t/acme/file-management/api/files/published-files/columns')),
    ).toEqual([403, 'auth.tenant_forbidden']);
  });

  it('answers 404, and not one byte, for files of another site or tenant, alone or mixed into a zip', async () => {
    const own = (await publishedOf('ACME-1002'))[0]!.id;
    const otherClient = (await publishedOf('ACME-1001'))[0]!.id;
    const noMembers = (await publishedOf('ACME-1003'))[0]!.id;
    const globex = (await publishedOf('GLX-2001'))[0]!.id;
    const submitted = await api.db.query<{ id: string }>(
      `INSERT INTO files (tenant_code, site_id, direction, title, file_name, content_type, size, sha256, blob_key)
       VALUES ('acme', $1, 'submitted', 's', 's.txt', 'text/plain', 0, $2, $3) RETURNING id`,
      [api.siteId('ACME-1002'), 'e'.repeat(64), `acme/${randomUUID()}`],
    );
    expect((await download(api.as('alice'), globex, {}, 'globex')).status).toBe(200);
    for (const foreign of [otherClient, noMembers, globex, submitted.rows[0]!.id, randomUUID()]) {
      const single = await download(api.as('alice'), foreign);
      expect(statusAndCode(single)).toEqual([404, 'files.not_found']);
      const mixed = await zip(api.as('alice'), [own, foreign]);
      expect(statusAndCode(mixed)).toEqual([404, 'files.not_found']);
      expect(mixed.headers.get('content-type')).toContain('application/json');
      expect(mixed.body.includes(Buffer.from('%PDF'))).toBe(false);
    }
    const deleted = await publish('ACME-1002', 'withdrawn.pdf', randomBytes(10));
    await api.db.query('UPDATE files SET deleted_at = now() WHERE id = $1', [deleted]);
    expect(statusAndCode(await download(api.as('alice'), deleted))).toEqual([404, 'files.not_found']);
    const { rows } = await api.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM audit_events WHERE user_id = (SELECT user_id FROM idp_accounts WHERE username = $1) AND file_id = ANY($2)',
      ['alice', [otherClient, noMembers, deleted]],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('refuses bad ids and zip bodies with 400', async () => {
    for (const id of ['1', 'columns2', "x' OR '1'='1", '00000000-0000-0000-0000-00000000000g']) {
      expect(statusAndCode(await download(api.as('bob'), encodeURIComponent(id)))).toEqual([
        400,
        'request.invalid',
      ]);
    }
    for (const body of [
      {},
      { fileIds: [] },
      { fileIds: ['x'] },
      { fileIds: 'abc' },
      { fileIds: [randomUUID()], more: 1 },
    ]) {
      const answer = await api.as('bob').bytes('/t/acme/file-management/api/files/published-files/zip', {
        method: 'POST',
        body,
      });
      expect(statusAndCode(answer)).toEqual([400, 'request.invalid']);
    }
    expect(
      statusAndCode(
        await zip(
          api.as('bob'),
          Array.from({ length: 1001 }, () => randomUUID()),
        ),
      ),
    ).toEqual([400, 'request.invalid']);
  });

  it('follows internalFilesDownload and portalFilesView for clients; staff are not bound by them', async () => {
    const site = api.siteId('ACME-1001');
    const [file] = await publishedOf('ACME-1001');
    const settings = (flags: Record<string, boolean>) =>
      api.db.query(
        `INSERT INTO file_area_settings (tenant_code, site_id, settings) VALUES ('acme', $1, $2)
         ON CONFLICT (tenant_code, coalesce(site_id, '00000000-0000-0000-0000-000000000000'::uuid))
         DO UPDATE SET settings = EXCLUDED.settings`,
        [site, JSON.stringify(flags)],
      );
    try {
      await settings({ internalFilesDownload: false });
      expect(statusAndCode(await download(api.as('bob'), file!.id))).toEqual([403, 'settings.forbidden']);
      expect(statusAndCode(await zip(api.as('bob'), [file!.id]))).toEqual([403, 'settings.forbidden']);
      expect((await download(api.as('carol'), file!.id)).status).toBe(200);
      expect((await zip(api.as('carol'), [file!.id])).status).toBe(200);
      await settings({ portalFilesView: false });
      const refused = await download(api.as('bob'), file!.id);
      expect(statusAndCode(refused)).toEqual([403, 'settings.forbidden']);
      expect(refused.body.toString()).toContain('portalFilesView');
      expect((await download(api.as('carol'), file!.id)).status).toBe(200);
    } finally {
      await api.db.query('DELETE FROM file_area_settings WHERE site_id = $1', [site]);
    }
  });
});
