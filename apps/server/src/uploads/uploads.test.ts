import { randomBytes, randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { REFERENCE_NUMBER_PATTERN, UPLOAD_AUDIT_ACTIONS } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { createFsBlobStore } from '../storage/fs-blob-store.ts';
import { type ApiClient, statusAndCode, useTestApi } from '../testing/api.ts';
import { listBlobFiles, rawMultipart, sha256 } from '../testing/uploads.ts';
import { reapExpiredUploads } from './upload-reaper.ts';

const api = useTestApi();

const text = (value: string) => new TextEncoder().encode(value);
const uploadCount = async () =>
  (await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM uploads')).rows[0]!.n;
const discard = (client: ApiClient, siteId: string, referenceNumbers: string[], tenant = 'acme') =>
  client.delete(`/t/${tenant}/file-storage/api/files`, { siteId, referenceNumbers });

/** Polls until `check` holds, for effects the server finishes after it answered (or after a socket died). */
async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Asserts that whatever `action` does keeps nothing: no upload row, no blob, no temporary file. */
async function keepsNothing(action: () => Promise<unknown>) {
  const rows = await uploadCount();
  const blobs = await listBlobFiles(api.server.config.dataDir);
  await action();
  expect(await uploadCount()).toBe(rows);
  await eventually(
    async () => JSON.stringify(await listBlobFiles(api.server.config.dataDir)) === JSON.stringify(blobs),
    'the blob folder is as before',
  );
}

describe('POST /t/:tenant/file-storage/api/files', () => {
  it('streams several files to storage and answers a reference, size and SHA-256 for each', async () => {
    const files = [
      { name: 'Bank statement.pdf', bytes: randomBytes(300_000), type: 'application/pdf' },
      { name: 'notes.txt', bytes: text('hello\n'), type: 'text/plain' },
      { name: 'empty.csv', bytes: new Uint8Array(0), type: 'text/csv' },
      { name: 'data.bin', bytes: randomBytes(70_000), type: 'application/x-custom+raw' },
      { name: 'Annual report.pdf', bytes: randomBytes(5 * 1024 * 1024 + 3), type: 'application/pdf' },
    ];
    const answer = await api.as('bob').upload(api.siteId('ACME-1001'), files);
    expect(answer.status).toBe(201);
    expect(answer.body.files).toEqual(
      files.map((f) => ({
        referenceNumber: expect.stringMatching(new RegExp(REFERENCE_NUMBER_PATTERN)),
        fileName: f.name,
        size: f.bytes.length,
        sha256: sha256(f.bytes),
        contentType: f.name === 'data.bin' ? 'application/x-custom+raw' : f.type,
      })),
    );
    expect(answer.body.files[2]!.sha256).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    const references = answer.body.files.map((f) => f.referenceNumber);
    const { rows } = await api.db.query<{ state: string; blob_key: string; size: number }>(
      'SELECT state, blob_key, size FROM uploads WHERE reference_number = ANY($1) ORDER BY size',
      [references],
    );
    expect(rows.map((r) => r.state)).toEqual(['pending', 'pending', 'pending', 'pending', 'pending']);
    // The bytes stored are the bytes sent, under keys the server made up.
    const blobs = createFsBlobStore(path.join(api.server.config.dataDir, 'blobs'));
    for (const row of rows) {
      expect(row.blob_key).toMatch(/^acme\/[0-9a-f-]{36}$/);
      expect((await blobs.stat(row.blob_key))?.size).toBe(Number(row.size));
    }
    const audit = await api.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_events WHERE action = $1 AND detail->>'referenceNumber' = ANY($2)",
      [UPLOAD_AUDIT_ACTIONS.receive, references],
    );
    expect(audit.rows[0]!.n).toBe(5);
  });

  it('keeps every hostile name as data, without its control and invisible characters', async () => {
    const names = [
      '../../etc/passwd',
      '/abs/path.txt',
      'back\\slash\\..\\x.txt',
      'rtl\u202Efdp.exe.txt',
      'emoji 📄✅.txt',
      `${'x'.repeat(996)}.txt`,
      `${'📄'.repeat(1000)}`,
      'tab\there.txt',
      'quote"semi;colon\'s.txt',
      'new\r\nline.txt',
    ];
    const answer = await api.as('bob').upload(
      api.siteId('ACME-1001'),
      names.map((name) => ({ name, bytes: text(name) })),
    );
    expect(answer.status).toBe(201);
    // Browsers write `"`, CR and LF as %22, %0D and %0A in a multipart name; the server reads them back.
    // The override goes too: the name is kept as it is shown and saved, so what is checked is what is served.
    expect(answer.body.files.map((f) => f.fileName)).toEqual(
      names.map((n) => n.replace(/[\t\r\n\u202E]/g, '')),
    );
  });

  it('removes NUL and other control characters that no browser would send, and refuses a name of nothing else', async () => {
    const boundary = `b${randomUUID()}`;
    const body = rawMultipart(boundary, [
      { field: 'siteId', value: api.siteId('ACME-1001') },
      {
        file: 'file',
        fileName: 'nul\u0000byte\u0007bell\u001bescape.txt',
        type: 'text/plain',
        bytes: text('x'),
      },
    ]);
    const answer = await api.as('bob').uploadRaw(`multipart/form-data; boundary=${boundary}`, body);
    expect(answer.status).toBe(201);
    expect(answer.body.files[0]!.fileName).toBe('nulbytebellescape.txt');

    for (const fileName of ['\u0000\u0001', '', `${'y'.repeat(1025)}`]) {
      const bad = rawMultipart(boundary, [
        { field: 'siteId', value: api.siteId('ACME-1001') },
        { file: 'file', fileName, type: 'text/plain', bytes: text('x') },
      ]);
      await keepsNothing(async () => {
        const refused = await api.as('bob').uploadRaw(`multipart/form-data; boundary=${boundary}`, bad);
        expect(statusAndCode(refused)).toEqual([400, 'uploads.invalid']);
      });
    }
  });

  it('refuses programs with 415, by extension, by declared type and by content, and keeps nothing', async () => {
    const pe = Buffer.alloc(8192);
    pe.write('MZ', 0);
    pe.writeUInt32LE(0x80, 0x3c);
    pe.write('PE\0\0', 0x80, 'latin1');
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), randomBytes(100)]);
    const cases = [
      [{ name: 'setup.exe', bytes: text('harmless?') }],
      [{ name: 'Run Me.BAT. ', bytes: text('echo hi') }],
      [{ name: 'installer', bytes: text('x'), type: 'application/x-msdownload' }],
      [{ name: 'invoice.pdf', bytes: pe, type: 'application/pdf' }],
      [{ name: 'tool.txt', bytes: elf }],
      // A good file first: it must go too.
      [
        { name: 'fine.pdf', bytes: randomBytes(1000) },
        { name: 'evil.js', bytes: text('alert(1)') },
      ],
    ];
    for (const files of cases) {
      await keepsNothing(async () => {
        const answer = await api.as('bob').upload(api.siteId('ACME-1001'), files);
        expect([files.at(-1)!.name, ...statusAndCode(answer)]).toEqual([
          files.at(-1)!.name,
          415,
          'uploads.type_refused',
        ]);
      });
    }
    // "MZ" alone is text, not a program.
    const mz = await api
      .as('bob')
      .upload(api.siteId('ACME-1001'), [
        { name: 'mz.txt', bytes: text(`MZ Holdings annual letter ${'.'.repeat(5000)}`) },
      ]);
    expect(mz.status).toBe(201);
  });

  it('refuses a file over the firm’s own size limit with 413, keeping nothing', async () => {
    await api.db.query("UPDATE tenants SET max_upload_bytes = 100000 WHERE code = 'acme'");
    try {
      await keepsNothing(async () => {
        const answer = await api.as('bob').upload(api.siteId('ACME-1001'), [
          { name: 'small.txt', bytes: randomBytes(100_000) },
          { name: 'big.pdf', bytes: randomBytes(100_001) },
        ]);
        expect(statusAndCode(answer)).toEqual([413, 'uploads.too_large']);
        expect(answer.body.error.message).toContain('at most 100 KB');
      });
    } finally {
      await api.db.query("UPDATE tenants SET max_upload_bytes = NULL WHERE code = 'acme'");
    }
  });

  it('answers 400 uploads.invalid to malformed or misordered forms, keeping nothing', async () => {
    const site = api.siteId('ACME-1001');
    const boundary = `b${randomUUID()}`;
    const type = `multipart/form-data; boundary=${boundary}`;
    const file = { file: 'file', fileName: 'a.txt', type: 'text/plain', bytes: randomBytes(5000) };
    const bodies: [string, string, Uint8Array][] = [
      [
        'no boundary',
        'multipart/form-data',
        rawMultipart(boundary, [{ field: 'siteId', value: site }, file]),
      ],
      ['no closing boundary', type, rawMultipart(boundary, [{ field: 'siteId', value: site }, file], false)],
      ['garbage', type, text('this is not multipart at all')],
      ['file before siteId', type, rawMultipart(boundary, [file, { field: 'siteId', value: site }])],
      ['no file', type, rawMultipart(boundary, [{ field: 'siteId', value: site }])],
      ['no siteId', type, rawMultipart(boundary, [])],
      ['siteId not a UUID', type, rawMultipart(boundary, [{ field: 'siteId', value: "' OR 1=1 --" }, file])],
      [
        'two siteIds',
        type,
        rawMultipart(boundary, [{ field: 'siteId', value: site }, { field: 'siteId', value: site }, file]),
      ],
      [
        'other field',
        type,
        rawMultipart(boundary, [{ field: 'siteId', value: site }, { field: 'x', value: '1' }, file]),
      ],
      [
        'other file field',
        type,
        rawMultipart(boundary, [
          { field: 'siteId', value: site },
          { ...file, file: 'upload' },
        ]),
      ],
      ['JSON', 'application/json', text(JSON.stringify({ siteId: site }))],
    ];
    for (const [what, contentType, body] of bodies) {
      await keepsNothing(async () => {
        const answer = await api.as('bob').uploadRaw(contentType, body);
        expect([what, ...statusAndCode(answer)]).toEqual([what, 400, 'uploads.invalid']);
      });
    }
  });

  it('keeps nothing of a request whose socket is cut mid-body, temporary file included', async () => {
    const tmp = path.join(api.server.config.dataDir, 'blobs', '.tmp');
    const boundary = `b${randomUUID()}`;
    // A first file that arrives whole, then a second one that never ends.
    const start = rawMultipart(
      boundary,
      [
        { field: 'siteId', value: api.siteId('ACME-1001') },
        { file: 'file', fileName: 'complete.pdf', type: 'application/pdf', bytes: randomBytes(50_000) },
        { file: 'file', fileName: 'cut.pdf', type: 'application/pdf', bytes: randomBytes(256 * 1024) },
      ],
      false,
    ).subarray(0, -2);
    await keepsNothing(async () => {
      const socket = connect(new URL(api.url).port as unknown as number, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        `POST /t/acme/file-storage/api/files HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          `Authorization: Bearer ${await api.as('bob').token()}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
          `Content-Length: ${start.length + 10_000_000}\r\n\r\n`,
      );
      socket.write(start);
      // The second file is being written to a temporary name when the client goes away.
      await eventually(
        async () => (await readdir(tmp).catch(() => [])).length > 0,
        'a temporary file exists',
      );
      socket.destroy();
      await eventually(async () => (await readdir(tmp)).length === 0, 'the temporary file is gone');
    });
  });
});

describe('DELETE /t/:tenant/file-storage/api/files', () => {
  const upload = async (client: ApiClient, site: string, count = 2, tenant = 'acme') =>
    (
      await client.upload(
        site,
        Array.from({ length: count }, (_, i) => ({ name: `draft ${i}.txt`, bytes: randomBytes(1000) })),
        tenant,
      )
    ).body.files.map((f) => f.referenceNumber);

  it('discards the caller’s pending uploads, bytes and rows', async () => {
    const site = api.siteId('ACME-1001');
    const blobsBefore = await listBlobFiles(api.server.config.dataDir);
    const references = await upload(api.as('bob'), site);
    expect((await listBlobFiles(api.server.config.dataDir)).length).toBe(blobsBefore.length + 2);
    const answer = await discard(api.as('bob'), site, references);
    expect(answer.status).toBe(204);
    expect(await listBlobFiles(api.server.config.dataDir)).toEqual(blobsBefore);
    const { rows } = await api.db.query('SELECT 1 FROM uploads WHERE reference_number = ANY($1)', [
      references,
    ]);
    expect(rows).toEqual([]);
    const audit = await api.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_events WHERE action = $1 AND detail->>'referenceNumber' = ANY($2)",
      [UPLOAD_AUDIT_ACTIONS.discard, references],
    );
    expect(audit.rows[0]!.n).toBe(2);
    expect(statusAndCode(await discard(api.as('bob'), site, references))).toEqual([404, 'uploads.not_found']);
  });

  it('discards nothing when any reference is another user’s, another site’s or unknown', async () => {
    const bobSite = api.siteId('ACME-1001');
    const [own] = await upload(api.as('bob'), bobSite, 1);
    const [carols] = await upload(api.as('carol'), bobSite, 1);
    const [otherSite] = await upload(api.as('alice'), api.siteId('ACME-1002'), 1);
    const [globex] = await upload(api.as('alice'), api.siteId('GLX-2001'), 1, 'globex');
    for (const foreign of [carols!, otherSite!, globex!, 'UP-0000000000000000']) {
      expect(statusAndCode(await discard(api.as('bob'), bobSite, [own!, foreign]))).toEqual([
        404,
        'uploads.not_found',
      ]);
    }
    const { rows } = await api.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM uploads WHERE reference_number = ANY($1)',
      [[own, carols, otherSite, globex]],
    );
    expect(rows[0]!.n).toBe(4);
    expect((await discard(api.as('bob'), bobSite, [own!])).status).toBe(204);
  });

  it('refuses malformed bodies with 400', async () => {
    const site = api.siteId('ACME-1001');
    for (const body of [
      {},
      { siteId: site },
      { siteId: site, referenceNumbers: [] },
      { siteId: site, referenceNumbers: ['../../etc/passwd'] },
      { siteId: 'nope', referenceNumbers: ['UP-0000000000000000'] },
      { siteId: site, referenceNumbers: Array(101).fill('UP-0000000000000000') },
      { siteId: site, referenceNumbers: ['UP-0000000000000000'], extra: true },
    ]) {
      const answer = await api.as('bob').delete('/t/acme/file-storage/api/files', body);
      expect([JSON.stringify(body).slice(0, 60), ...statusAndCode(answer)]).toEqual([
        JSON.stringify(body).slice(0, 60),
        400,
        'request.invalid',
      ]);
    }
  });
});

describe('isolation and settings of the file-storage service', () => {
  const file = [{ name: 'x.txt', bytes: text('x') }];

  it('answers 401 without a token and 403 to a token of another tenant', async () => {
    const site = api.siteId('ACME-1001');
    expect(statusAndCode(await api.anonymous.post('/t/acme/file-storage/api/files'))).toEqual([
      401,
      'auth.token_missing',
    ]);
    await keepsNothing(async () => {
      expect(statusAndCode(await api.as('dave').upload(site, file))).toEqual([403, 'auth.tenant_forbidden']);
    });
    expect(statusAndCode(await discard(api.as('dave'), site, ['UP-0000000000000000']))).toEqual([
      403,
      'auth.tenant_forbidden',
    ]);
  });

  it('answers 404 to a client who is not a member of the site, or names another tenant’s site', async () => {
    for (const site of [
      api.siteId('ACME-1002'),
      api.siteId('ACME-1003'),
      api.siteId('GLX-2001'),
      randomUUID(),
    ]) {
      await keepsNothing(async () => {
        expect(statusAndCode(await api.as('bob').upload(site, file))).toEqual([404, 'sites.not_found']);
      });
      expect(statusAndCode(await discard(api.as('bob'), site, ['UP-0000000000000000']))).toEqual([
        404,
        'sites.not_found',
      ]);
    }
  });

  it('follows internalFilesUpload and internalFilesDelete for clients; staff are not bound by them', async () => {
    const site = api.siteId('ACME-1001');
    const [reference] = (await api.as('bob').upload(site, file)).body.files.map((f) => f.referenceNumber);
    await api.db.query(
      "INSERT INTO file_area_settings (tenant_code, site_id, settings) VALUES ('acme', $1, $2)",
      [site, JSON.stringify({ internalFilesUpload: false, internalFilesDelete: false })],
    );
    try {
      await keepsNothing(async () => {
        const answer = await api.as('bob').upload(site, file);
        expect(statusAndCode(answer)).toEqual([403, 'settings.forbidden']);
        expect(answer.body.error.message).toContain('internalFilesUpload');
      });
      const refused = await discard(api.as('bob'), site, [reference!]);
      expect(statusAndCode(refused)).toEqual([403, 'settings.forbidden']);
      expect(refused.body.error.message).toContain('internalFilesDelete');
      // The firm publishes to a site closed to client uploads, and can take back what it uploaded.
      const staffUpload = await api.as('carol').upload(site, file);
      expect(staffUpload.status).toBe(201);
      const staffReference = staffUpload.body.files[0]!.referenceNumber;
      expect((await discard(api.as('carol'), site, [staffReference])).status).toBe(204);
    } finally {
      await api.db.query('DELETE FROM file_area_settings WHERE site_id = $1', [site]);
    }
    expect((await discard(api.as('bob'), site, [reference!])).status).toBe(204);
  });
});

describe('the reaper of uploads never saved', () => {
  it('removes pending uploads older than the grace period, rows and bytes, and nothing else', async () => {
    const site = api.siteId('ACME-1001');
    const uploaded = await api.as('bob').upload(site, [
      { name: 'old.txt', bytes: randomBytes(100) },
      { name: 'recent.txt', bytes: randomBytes(100) },
    ]);
    const [old, recent] = uploaded.body.files.map((f) => f.referenceNumber);
    await api.db.query(
      "UPDATE uploads SET created_at = now() - interval '2 hours' WHERE reference_number = $1",
      [old],
    );
    const { rows } = await api.db.query<{ blob_key: string }>(
      'SELECT blob_key FROM uploads WHERE reference_number = $1',
      [old],
    );
    const blobs = createFsBlobStore(path.join(api.server.config.dataDir, 'blobs'));
    expect(await blobs.stat(rows[0]!.blob_key)).toBeDefined();

    expect(await reapExpiredUploads(api.db, blobs, 3600, api.server.app.log)).toBeGreaterThanOrEqual(1);
    const left = await api.db.query<{ reference_number: string }>(
      'SELECT reference_number FROM uploads WHERE reference_number = ANY($1)',
      [[old, recent]],
    );
    expect(left.rows.map((r) => r.reference_number)).toEqual([recent]);
    expect(await blobs.stat(rows[0]!.blob_key)).toBeUndefined();
    const audit = await api.db.query<{ site_id: string; action: string }>(
      "SELECT site_id, action FROM audit_events WHERE detail->>'referenceNumber' = $1 ORDER BY id",
      [old],
    );
    expect(audit.rows).toEqual([
      { site_id: site, action: UPLOAD_AUDIT_ACTIONS.receive },
      { site_id: site, action: UPLOAD_AUDIT_ACTIONS.expire },
    ]);
  });
});

describe('the API documentation of the file routes', () => {
  it('documents each with its tag, bearer security and error body', async () => {
    const { body: doc } = await api.anonymous.get<{
      paths: Record<string, Record<string, { tags?: string[]; security?: unknown; responses: object }>>;
    }>('/docs/json');
    const expected: [string, string, string][] = [
      ['/t/{tenant}/file-storage/api/files', 'post', 'file-storage'],
      ['/t/{tenant}/file-storage/api/files', 'delete', 'file-storage'],
      ['/t/{tenant}/portal/api/files', 'post', 'portal'],
      ['/t/{tenant}/portal/api/files/submitted', 'get', 'portal'],
      ['/t/{tenant}/portal/api/files/submitted/{id}', 'get', 'portal'],
      ['/t/{tenant}/portal/api/files/submitted/zip', 'post', 'portal'],
      ['/t/{tenant}/file-management/api/files/published-files/{id}', 'get', 'file-management'],
      ['/t/{tenant}/file-management/api/files/published-files/zip', 'post', 'file-management'],
      ['/t/{tenant}/file-management/api/files/published-files/columns', 'get', 'file-management'],
    ];
    for (const [route, method, tag] of expected) {
      const operation = doc.paths[route]?.[method];
      expect(operation, `${method} ${route}`).toBeDefined();
      expect(operation!.tags).toEqual([tag]);
      expect(operation!.security).toEqual([{ bearer: [] }]);
      expect(Object.keys(operation!.responses)).toEqual(expect.arrayContaining(['4XX']));
    }
  });
});
