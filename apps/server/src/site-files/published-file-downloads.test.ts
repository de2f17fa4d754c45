import { createHash, randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  type ErrorBody,
  FILE_DOWNLOAD_AUDIT_ACTION,
  FILE_SORT_FIELDS,
  type FileColumnList,
  PUBLISHED_FILE_COLUMNS,
  type PublishedFileList,
} from '@portico/contracts';
import { parse } from 'content-disposition';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../db/seed/demo-data.ts';
import { createFsBlobStore } from '../storage/fs-blob-store.ts';
import { readZip } from '../testing/read-zip.ts';
import { signIn } from '../testing/sign-in.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { safeFileName } from '../transfers/safe-file-name.ts';

// Starting a server migrates, seeds and renders the demo PDFs, and stopping one drops its database: both are slow
// on a busy 2-core runner.
const SERVER_TIMEOUT_MS = 60_000;
let server: TestServer;
const tokens: Record<string, string> = {};
const siteIds: Record<string, string> = {};

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function call(
  urlPath: string,
  token: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${server.url}${urlPath}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}
const download = (token: string, id: string, headers: Record<string, string> = {}, tenant = 'acme') =>
  call(`/t/${tenant}/file-management/api/files/published-files/${id}`, token, { headers });
const zip = (token: string, fileIds: string[], tenant = 'acme') =>
  call(`/t/${tenant}/file-management/api/files/published-files/zip`, token, {
    method: 'POST',
    body: { fileIds },
  });
const errorOf = (answer: { status: number; bytes: Buffer }) => [
  answer.status,
  (JSON.parse(answer.bytes.toString()) as ErrorBody).error.code,
];

interface FileRow {
  id: string;
  file_name: string;
  sha256: string;
  size: number;
  site_id: string;
}
const publishedOf = async (reference: string) =>
  (
    await server.db.query<FileRow>(
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
  const blobs = createFsBlobStore(path.join(server.config.dataDir, 'blobs'));
  const tenant = siteReference.startsWith('GLX') ? 'globex' : 'acme';
  const blobKey = `${tenant}/${randomUUID()}`;
  await blobs.put(blobKey, Readable.from([bytes]));
  const { rows } = await server.db.query<{ id: string }>(
    `INSERT INTO files (tenant_code, site_id, direction, title, file_name, content_type, size, sha256, blob_key)
     VALUES ($1, $2, 'published', $3, $3, $4, $5, $6, $7) RETURNING id`,
    [tenant, siteIds[siteReference], fileName, contentType, bytes.length, sha256(bytes), blobKey],
  );
  return rows[0]!.id;
}

beforeAll(async () => {
  server = await startTestServer();
  for (const user of ['alice', 'bob', 'carol', 'dave']) {
    tokens[user] = (await signIn(server.url, user, DEMO_PASSWORD)).accessToken;
  }
  const { rows } = await server.db.query<{ id: string; reference: string }>(
    'SELECT id, reference FROM sites',
  );
  for (const row of rows) siteIds[row.reference] = row.id;
}, SERVER_TIMEOUT_MS);
afterAll(() => server?.close(), SERVER_TIMEOUT_MS);

describe('GET /t/:tenant/file-management/api/files/published-files/:id', () => {
  it('streams the published bytes as a safe attachment, and the file is no longer new for that user', async () => {
    const [file] = await publishedOf('ACME-1001');
    const answer = await download(tokens.bob!, file!.id);
    expect(answer.status).toBe(200);
    expect(sha256(answer.bytes)).toBe(file!.sha256);
    expect(answer.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(Object.fromEntries(answer.headers)).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(file!.size),
      etag: `"${file!.sha256}"`,
      'accept-ranges': 'bytes',
      'content-disposition': `attachment; filename="${file!.file_name}"; filename*=UTF-8''${encodeURIComponent(file!.file_name)}`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': 'sandbox',
      'cache-control': 'private, no-store',
    });
    const isNew = async (token: string) =>
      (
        JSON.parse(
          (
            await call(
              `/t/acme/file-management/api/files/published-files?siteId=${siteIds['ACME-1001']}`,
              token,
            )
          ).bytes.toString(),
        ) as PublishedFileList
      ).records.find((r) => r.id === file!.id)!.isNew;
    expect(await isNew(tokens.bob!)).toBe(false);
    expect(await isNew(tokens.carol!)).toBe(true);
  });

  it('answers ranges, conditional requests and HEAD as RFC 9110 says', async () => {
    const bytes = randomBytes(10_000);
    const id = await publish('ACME-1001', 'ranged.bin', bytes, 'application/octet-stream');
    const etag = `"${sha256(bytes)}"`;

    const middle = await download(tokens.bob!, id, { range: 'bytes=100-199' });
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe('bytes 100-199/10000');
    expect(middle.headers.get('content-length')).toBe('100');
    expect(middle.bytes.equals(bytes.subarray(100, 200))).toBe(true);

    const tail = await download(tokens.bob!, id, { range: 'bytes=-50' });
    expect([tail.status, tail.headers.get('content-range')]).toEqual([206, 'bytes 9950-9999/10000']);
    expect(tail.bytes.equals(bytes.subarray(9950))).toBe(true);

    const beyond = await download(tokens.bob!, id, { range: 'bytes=10000-' });
    expect(errorOf(beyond)).toEqual([416, 'files.range_not_satisfiable']);
    expect(beyond.headers.get('content-range')).toBe('bytes */10000');

    const cached = await download(tokens.bob!, id, { 'if-none-match': etag });
    expect([cached.status, cached.bytes.length, cached.headers.get('etag')]).toEqual([304, 0, etag]);

    const changed = await download(tokens.bob!, id, { range: 'bytes=0-9', 'if-range': '"stale"' });
    expect([changed.status, changed.bytes.length]).toEqual([200, 10_000]);

    const head = await call(`/t/acme/file-management/api/files/published-files/${id}`, tokens.bob!, {
      method: 'HEAD',
    });
    expect([head.status, head.headers.get('content-length'), head.bytes.length]).toEqual([200, '10000', 0]);
    expect(head.headers.get('content-disposition')).toContain('ranged.bin');

    // One event for the whole file, one for the range from 0; none for the others, the 304 or the HEAD.
    const { rows } = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM audit_events WHERE file_id = $1 AND action = $2',
      [id, FILE_DOWNLOAD_AUDIT_ACTION],
    );
    expect(rows[0]!.n).toBe(1);
    await download(tokens.bob!, id, { range: 'bytes=0-' });
    const after = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM audit_events WHERE file_id = $1',
      [id],
    );
    expect(after.rows[0]!.n).toBe(2);
  });

  it('sends a zero-byte file, and finds every range of it unsatisfiable', async () => {
    const id = await publish('ACME-1001', 'empty.txt', Buffer.alloc(0), 'text/plain');
    const answer = await download(tokens.bob!, id);
    expect([answer.status, answer.headers.get('content-length'), answer.bytes.length]).toEqual([200, '0', 0]);
    expect(answer.headers.get('etag')).toBe(
      '"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"',
    );
    expect(errorOf(await download(tokens.bob!, id, { range: 'bytes=0-' }))).toEqual([
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
      const answer = await download(tokens.bob!, id);
      expect([name.slice(0, 20), answer.status]).toEqual([name.slice(0, 20), 200]);
      const header = answer.headers.get('content-disposition')!;
      expect(header).toMatch(
        /^attachment; filename=("[^"\\]*"|[^;"\s]+); filename\*=UTF-8''[\w%!#$&+.^`|~-]+$/,
      );
      expect(parse(header).parameters.filename).toBe(safeFileName(name));
      expect(answer.headers.get('set-cookie')).toBeNull();
      expect(answer.bytes.toString()).toBe(name);
    }
  });
});

describe('POST /t/:tenant/file-management/api/files/published-files/zip', () => {
  it('zips published files in the order asked, stored, with the length known in advance', async () => {
    const files = await publishedOf('ACME-1002');
    const answer = await zip(tokens.alice!, files.map((f) => f.id).reverse());
    expect(answer.status).toBe(200);
    const day = new Date().toISOString().slice(0, 10);
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="Published Files ${day}.zip"; filename*=UTF-8''Published%20Files%20${day}.zip`,
    );
    expect(answer.headers.get('content-length')).toBe(String(answer.bytes.length));
    const entries = readZip(answer.bytes);
    expect(entries.map((e) => [e.name, e.method, sha256(e.data)])).toEqual(
      [...files].reverse().map((f) => [f.file_name, 0, f.sha256]),
    );
    const { rows } = await server.db.query<{ n: number }>(
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
    const answer = await zip(tokens.bob!, ids);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-length')).toBeNull();
    const entries = readZip(answer.bytes);
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
    const answer = await call('/t/acme/file-management/api/files/published-files/columns', tokens.bob!);
    const body = JSON.parse(answer.bytes.toString()) as FileColumnList;
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
    expect(errorOf(await download(tokens.dave!, file!.id))).toEqual([403, 'auth.tenant_forbidden']);
    expect(errorOf(await zip(tokens.dave!, [file!.id]))).toEqual([403, 'auth.tenant_forbidden']);
    expect(
      errorOf(await call('/t/acme/file-management/api/files/published-files/columns', tokens.dave!)),
    ).toEqual([403, 'auth.tenant_forbidden']);
  });

  it('answers 404, and not one byte, for files of another site or tenant, alone or mixed into a zip', async () => {
    const own = (await publishedOf('ACME-1002'))[0]!.id;
    const otherClient = (await publishedOf('ACME-1001'))[0]!.id;
    const noMembers = (await publishedOf('ACME-1003'))[0]!.id;
    const globex = (await publishedOf('GLX-2001'))[0]!.id;
    const submitted = await server.db.query<{ id: string }>(
      `INSERT INTO files (tenant_code, site_id, direction, title, file_name, content_type, size, sha256, blob_key)
       VALUES ('acme', $1, 'submitted', 's', 's.txt', 'text/plain', 0, $2, $3) RETURNING id`,
      [siteIds['ACME-1002'], 'e'.repeat(64), `acme/${randomUUID()}`],
    );
    expect((await download(tokens.alice!, globex, {}, 'globex')).status).toBe(200);
    for (const foreign of [otherClient, noMembers, globex, submitted.rows[0]!.id, randomUUID()]) {
      const single = await download(tokens.alice!, foreign);
      expect(errorOf(single)).toEqual([404, 'files.not_found']);
      const mixed = await zip(tokens.alice!, [own, foreign]);
      expect(errorOf(mixed)).toEqual([404, 'files.not_found']);
      expect(mixed.headers.get('content-type')).toContain('application/json');
      expect(mixed.bytes.includes(Buffer.from('%PDF'))).toBe(false);
    }
    const deleted = await publish('ACME-1002', 'withdrawn.pdf', randomBytes(10));
    await server.db.query('UPDATE files SET deleted_at = now() WHERE id = $1', [deleted]);
    expect(errorOf(await download(tokens.alice!, deleted))).toEqual([404, 'files.not_found']);
    const { rows } = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM audit_events WHERE user_id = (SELECT user_id FROM idp_accounts WHERE username = $1) AND file_id = ANY($2)',
      ['alice', [otherClient, noMembers, deleted]],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('refuses bad ids and zip bodies with 400', async () => {
    for (const id of ['1', 'columns2', "x' OR '1'='1", '00000000-0000-0000-0000-00000000000g']) {
      expect(errorOf(await download(tokens.bob!, encodeURIComponent(id)))).toEqual([400, 'request.invalid']);
    }
    for (const body of [
      {},
      { fileIds: [] },
      { fileIds: ['x'] },
      { fileIds: 'abc' },
      { fileIds: [randomUUID()], more: 1 },
    ]) {
      const answer = await call('/t/acme/file-management/api/files/published-files/zip', tokens.bob!, {
        method: 'POST',
        body,
      });
      expect(errorOf(answer)).toEqual([400, 'request.invalid']);
    }
    expect(
      errorOf(
        await zip(
          tokens.bob!,
          Array.from({ length: 1001 }, () => randomUUID()),
        ),
      ),
    ).toEqual([400, 'request.invalid']);
  });

  it('follows internalFilesDownload and portalFilesView for clients; staff are not bound by them', async () => {
    const site = siteIds['ACME-1001']!;
    const [file] = await publishedOf('ACME-1001');
    const settings = (flags: Record<string, boolean>) =>
      server.db.query(
        `INSERT INTO file_area_settings (tenant_code, site_id, settings) VALUES ('acme', $1, $2)
         ON CONFLICT (tenant_code, coalesce(site_id, '00000000-0000-0000-0000-000000000000'::uuid))
         DO UPDATE SET settings = EXCLUDED.settings`,
        [site, JSON.stringify(flags)],
      );
    try {
      await settings({ internalFilesDownload: false });
      expect(errorOf(await download(tokens.bob!, file!.id))).toEqual([403, 'settings.forbidden']);
      expect(errorOf(await zip(tokens.bob!, [file!.id]))).toEqual([403, 'settings.forbidden']);
      expect((await download(tokens.carol!, file!.id)).status).toBe(200);
      expect((await zip(tokens.carol!, [file!.id])).status).toBe(200);
      await settings({ portalFilesView: false });
      const refused = await download(tokens.bob!, file!.id);
      expect(errorOf(refused)).toEqual([403, 'settings.forbidden']);
      expect(refused.bytes.toString()).toContain('portalFilesView');
      expect((await download(tokens.carol!, file!.id)).status).toBe(200);
    } finally {
      await server.db.query('DELETE FROM file_area_settings WHERE site_id = $1', [site]);
    }
  });
});
